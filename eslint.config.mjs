// Lint: typescript-eslint + Vue, plus the import boundaries that keep the layers honest
// (docs/architecture.md, "Layers").
import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronAndNode = [
  { group: ['electron', 'electron/*'], message: 'Only main/electron and main/preload may import electron.' },
  { group: ['node:*'], message: 'Node built-ins are for main/ and tooling only.' },
];
const nodeBuiltinNames = ['fs', 'path', 'os', 'child_process', 'crypto', 'url', 'util', 'stream', 'events', 'http', 'https', 'net', 'worker_threads'];

export const boundaries = {
  shared: [
    ...electronAndNode,
    { group: ['vue', 'vue/*', '@vue/*', 'pinia', 'dexie', 'dexie/*'], message: 'shared/ is pure TypeScript: no UI or storage frameworks.' },
    { group: ['**/renderer/**', '**/main/**'], message: 'shared/ must not import from the processes that use it.' },
  ],
  renderer: [...electronAndNode, { group: ['**/main/**'], message: 'The renderer talks to main only through window.gm.' }],
  mainServices: [
    { group: ['electron', 'electron/*'], message: 'main/services is plain Node: adapt it to Electron in main/electron.' },
    { group: ['**/renderer/**'], message: 'main/ must not import renderer code.' },
  ],
};

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { paths: nodeBuiltinNames.map((name) => ({ name, message: 'Use node:* only where Node is allowed.' })), patterns }],
});

export default tseslint.config(
  { ignores: ['node_modules/', '.scratch/', 'out/', 'dist/', 'test-results/', 'playwright-report/', 'e2e/fixtures/lint/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
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
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Rules take an injected RandomSource.' }],
    },
  },
  { files: ['renderer/src/**/*.{ts,vue}'], rules: restrict(boundaries.renderer) },
  { files: ['main/services/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: boundaries.mainServices }] } },
);
