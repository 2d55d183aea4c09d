// Lint: typescript-eslint + Vue, plus the import boundaries that keep the layers honest
// (docs/architecture.md, "Layers").
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundariesPlugin from 'eslint-plugin-boundaries';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronAndNode = [
  { group: ['electron', 'electron/*'], message: 'Only main/electron and main/preload may import electron.' },
  { group: ['node:*'], message: 'Node built-ins are for main/ and tooling only.' },
];
const nodeBuiltinNames = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'url',
  'util',
  'stream',
  'events',
  'http',
  'https',
  'net',
  'worker_threads',
];

export const boundaries = {
  shared: [
    ...electronAndNode,
    {
      group: ['vue', 'vue/*', '@vue/*', 'pinia', 'dexie', 'dexie/*'],
      message: 'shared/ is pure TypeScript: no UI or storage frameworks.',
    },
    { group: ['**/renderer/**', '**/main/**'], message: 'shared/ must not import from the processes that use it.' },
  ],
  renderer: [
    ...electronAndNode,
    { group: ['**/main/**'], message: 'The renderer talks to main only through window.gm.' },
  ],
  mainServices: [
    {
      group: ['electron', 'electron/*'],
      message: 'main/services is plain Node: adapt it to Electron in main/electron.',
    },
    { group: ['**/renderer/**'], message: 'main/ must not import renderer code.' },
  ],
};

// Folder boundaries inside shared/ and between renderer features (docs/architecture.md, "Layers"), checked
// by eslint-plugin-boundaries on the resolved path of each import (static, dynamic and type-only alike).
// Each element is a folder; imports inside one element are always allowed.

/**
 * Folders of renderer/src open to every feature: shared UI primitives, storage, the platform bridge, key names,
 * styles and the loaded game systems.
 */
export const openRendererFolders = ['ui', 'db', 'platform', 'shortcuts', 'styles', 'systems'];
/**
 * Folders of renderer/src from before the reorganisation by feature (issue 17): the rule leaves them alone.
 * Take a name out when its folder becomes a feature or goes; every other folder is a feature by existing.
 */
export const notYetFeatureFolders = [];
/**
 * A feature's public surface: what another feature may import from `renderer/src/<feature>/`. Anything else
 * there (other top-level files, anything in a sub-folder) is the feature's internals.
 */
export const featureSurface = ['index.ts', '*Panel.vue', '*Dialog.vue', 'store.ts', '*-store.ts'];

const sharedElements = [
  { type: 'system-kit', pattern: 'shared/system-kit', partialMatch: false },
  { type: 'dice', pattern: 'shared/dice', partialMatch: false },
  { type: 'encounter', pattern: 'shared/encounter', partialMatch: false },
  // The registry is the folder's own top-level files (registry.ts, profiles.ts, …); each sub-folder is one
  // system, an element of its own inside it, so a fifth system is covered by existing.
  { type: 'system', pattern: 'shared/systems/*', capture: ['system'], partialMatch: false },
  { type: 'registry', pattern: 'shared/systems', partialMatch: false },
  { type: 'shared-above', pattern: 'shared/!(system-kit|dice|encounter|systems)', partialMatch: false },
];
const rendererElements = [
  {
    type: 'feature',
    pattern: `renderer/src/!(${[...openRendererFolders, ...notYetFeatureFolders].join('|')})`,
    capture: ['feature'],
    partialMatch: false,
  },
];
const elementsAboveTheKit = ['registry', 'system', 'encounter', 'shared-above'];

/** `boundaries/dependencies` policies; the encounter model's tests may build real systems through the registry. */
export function dependencyPolicies({ encounterTests = false } = {}) {
  const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
  return [
    {
      from: { element: { type: 'dice' } },
      disallow: to('system-kit', ...elementsAboveTheKit),
      message: 'shared/dice is the bottom of shared/: it imports only shared/errors.ts.',
    },
    {
      from: { element: { type: 'system-kit' } },
      disallow: to(...elementsAboveTheKit),
      message:
        'shared/system-kit is the contract every system builds on: it imports only shared/dice, shared/errors.ts and zod.',
    },
    {
      from: { element: { type: 'system' } },
      disallow: to('registry', 'encounter', 'shared-above'),
      message:
        'A system folder builds only on shared/system-kit, shared/dice and shared/errors.ts: the registry (shared/systems/*.ts) lists it and the encounter model receives its rules by injection.',
    },
    {
      from: { element: { type: 'system' } },
      disallow: to('system'),
      message: 'A system never imports another system: move what both need into shared/system-kit.',
    },
    {
      from: { element: { type: 'encounter' } },
      disallow: encounterTests ? to('system') : to('system', 'registry'),
      message: encounterTests
        ? "The encounter model's tests build a system through the registry (shared/systems/*.ts), never from a system folder."
        : 'Rules reach the encounter model through the registry by injection: shared/encounter imports no shared/systems/**.',
    },
    ...(encounterTests
      ? []
      : [
          {
            from: { element: { type: 'encounter' } },
            disallow: to('shared-above'),
            message:
              'shared/encounter is the generic model under reference/, import/, export/, player-view/ and the rest: it imports only shared/system-kit, shared/dice and shared/errors.ts.',
          },
        ]),
    {
      from: { element: { type: 'feature' } },
      disallow: to('feature'),
      message: `Another feature is reached only through its public surface (${featureSurface.join(', ')} at the top of its folder); the rest is its internals.`,
    },
    {
      from: { element: { type: 'feature' } },
      allow: { to: { element: { type: 'feature', fileInternalPath: featureSurface } } },
    },
  ];
}

const boundariesRule = (options) => ({
  'boundaries/dependencies': ['error', { default: 'allow', policies: dependencyPolicies(options) }],
});

const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    { paths: nodeBuiltinNames.map((name) => ({ name, message: 'Use node:* only where Node is allowed.' })), patterns },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.scratch/',
      'out/',
      'dist/',
      'test-results/',
      'playwright-report/',
      'e2e/fixtures/lint/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  // CommonJS on purpose: eslint-plugin-boundaries loads its import resolver with require().
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    // Tests and their support files run in Node under vitest; they may read fixtures from disk.
    ignores: ['shared/**/*.test.ts', 'shared/**/*.test-support.ts'],
    rules: {
      ...restrict(boundaries.shared),
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Rules take an injected RandomSource.' },
      ],
    },
  },
  { files: ['renderer/src/**/*.{ts,vue}'], rules: restrict(boundaries.renderer) },
  {
    files: ['shared/**/*.ts', 'renderer/src/**/*.{ts,vue}'],
    plugins: { boundaries: boundariesPlugin },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-path-resolver.cjs', import.meta.url))]: {} },
      'boundaries/elements': [...sharedElements, ...rendererElements],
    },
    rules: boundariesRule(),
  },
  { files: ['shared/encounter/**/*.{test,test-support}.ts'], rules: boundariesRule({ encounterTests: true }) },
  {
    files: ['main/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.mainServices }] },
  },
);
