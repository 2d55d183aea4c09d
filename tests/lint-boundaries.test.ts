import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints code as if it lived at a path, so the boundary rules of eslint.config.mjs are
// proven to fire (and to stay quiet where an import is allowed).
const eslint = new ESLint({ cwd: process.cwd() });

const boundaryRules = new Set(['no-restricted-imports', 'no-restricted-properties', 'boundaries/dependencies']);

/** A .vue file gets the code as its script block; anything else is a module of its own. */
function moduleText(code: string, filePath: string): string {
  return filePath.endsWith('.vue')
    ? `<script setup lang="ts">\n${code}\n</script>\n\n<template><div /></template>\n`
    : `${code}\nexport {};\n`;
}

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  // A planted file that does not parse would report nothing and pass every "allows" case.
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath} did not parse: ${fatal.message}`);
  return messages.filter((m) => m.ruleId !== null && boundaryRules.has(m.ruleId)).map((m) => m.message);
}

const boundaryMessages = (code: string, filePath: string) =>
  restrictedImportMessages(moduleText(code, filePath), filePath);

describe('import boundaries', () => {
  it.each([
    ["import { app } from 'electron';", 'shared/dice/bad.ts'],
    ["import { readFileSync } from 'node:fs';", 'shared/dice/bad.ts'],
    ["import { ref } from 'vue';", 'shared/dice/bad.ts'],
    ["import { defineStore } from 'pinia';", 'shared/dice/bad.ts'],
    ["import Dexie from 'dexie';", 'shared/dice/bad.ts'],
    ["import { join } from 'path';", 'shared/dice/bad.ts'],
    ["import { ipcRenderer } from 'electron';", 'renderer/src/bad.ts'],
    ["import { readFileSync } from 'node:fs';", 'renderer/src/bad.ts'],
    ["import { app } from 'electron';", 'main/services/bad.ts'],
  ])('rejects %s in %s', async (code, filePath) => {
    expect(await restrictedImportMessages(`${code}\nexport {};\n`, filePath)).not.toEqual([]);
  });

  it('rejects Math.random() in shared/', async () => {
    const messages = await restrictedImportMessages('export const roll = () => Math.random();\n', 'shared/dice/bad.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Rules take an injected RandomSource/);
  });

  it.each([
    ["import { app } from 'electron';", 'main/electron/ok.ts'],
    ["import { readFileSync } from 'node:fs';", 'main/services/ok.ts'],
    ["import { ref } from 'vue';", 'renderer/src/ok.ts'],
    ["import { z } from 'zod';", 'shared/ok.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await restrictedImportMessages(`${code}\nexport {};\n`, filePath)).toEqual([]);
  });
});

// The folders of shared/, bottom to top: dice/ and errors.ts; system-kit/; one folder per system in
// systems/<id>/, listed by the registry (systems/*.ts); encounter/; everything else above.
const foldersAboveTheSystems = [
  'encounter',
  'reference',
  'import',
  'export',
  'conformance',
  'player-view',
  'ipc',
  'menu',
];

describe('shared/dice is the bottom', () => {
  it.each([
    ["import type { ToggleDef } from '../system-kit/toggles';", 'shared/dice/planted.ts'],
    ["import type { EncounterState } from '../encounter/state';", 'shared/dice/planted.ts'],
  ])('rejects %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([expect.stringMatching(/shared\/dice is the bottom/)]);
  });

  it.each([
    ["import { RulesError } from '../errors';", 'shared/dice/planted.ts'],
    ["import { exactDistribution } from './distribution';", 'shared/dice/planted.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([]);
  });
});

describe('shared/system-kit imports nothing above it', () => {
  it.each([
    ["import type { EncounterState } from '../encounter/state';", 'shared/system-kit/planted.ts'],
    ["import { systemProfiles } from '../systems/profiles';", 'shared/system-kit/planted.ts'],
    ["import { hardwareModule } from '../systems/hardware/module';", 'shared/system-kit/planted.ts'],
    ["import { citationQuote } from '../reference/citation';", 'shared/system-kit/planted.ts'],
    ["import { runCase } from '../conformance/runner';", 'shared/system-kit/planted.test.ts'],
  ])('rejects %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([
      expect.stringMatching(/shared\/system-kit is the contract every system builds on/),
    ]);
  });

  it.each([
    ["import { exactDistribution } from '../dice/distribution';", 'shared/system-kit/planted.ts'],
    ["import { RulesError } from '../errors';", 'shared/system-kit/planted.ts'],
    ["import { z } from 'zod';", 'shared/system-kit/planted.ts'],
    ["import type { ToggleDef } from './toggles';", 'shared/system-kit/planted.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([]);
  });
});

describe('a system folder builds only on the kit', () => {
  const onlyOnTheKit = /A system folder builds only on shared\/system-kit/;

  it.each(foldersAboveTheSystems)('rejects shared/%s from a system, its sub-folders and its tests', async (folder) => {
    for (const [code, filePath] of [
      [`import { x } from '../../${folder}/planted';`, 'shared/systems/hardware/planted.ts'],
      [`import type { X } from '../../../${folder}/planted';`, 'shared/systems/hardware/workflows/planted.ts'],
      [`const lazy = () => import('../../${folder}/planted');`, 'shared/systems/uesrpg-3e/planted.test.ts'],
    ] as const) {
      expect(await boundaryMessages(code, filePath), filePath).toEqual([expect.stringMatching(onlyOnTheKit)]);
    }
  });

  it.each([
    ["import { systemProfiles } from '../profiles';", 'shared/systems/hardware/planted.ts'],
    ["import { systemModules } from '../index';", 'shared/systems/electric-state/planted.test.ts'],
    ["import { systemProfiles } from '../../profiles';", 'shared/systems/shadowrun-4e/workflows/planted.ts'],
  ])('rejects the registry: %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([expect.stringMatching(onlyOnTheKit)]);
  });

  it.each([
    ["import { opposedRoll } from '../uesrpg-3e/combat';", 'shared/systems/hardware/planted.ts'],
    ["import type { Sheet } from '../../hardware/module';", 'shared/systems/shadowrun-4e/workflows/planted.ts'],
    ["import { hardwareModule } from '../hardware/module';", 'shared/systems/uesrpg-3e/planted.test.ts'],
    // A fifth system gets the rule by existing: no list of systems to update.
    ["import { hardwareModule } from '../hardware/module';", 'shared/systems/fifth-system/planted.ts'],
  ])('rejects another system: %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([
      expect.stringMatching(/A system never imports another system/),
    ]);
  });

  it.each([
    ["import { cover } from './cover';", 'shared/systems/hardware/planted.ts'],
    ["import { cover } from '../cover';", 'shared/systems/hardware/workflows/planted.ts'],
    ["import { attack } from './workflows/attack';", 'shared/systems/hardware/planted.test.ts'],
    ["import type { ToggleDef } from '../../system-kit/toggles';", 'shared/systems/hardware/planted.ts'],
    [
      "import type { TrackerRules } from '../../../system-kit/tracker-rules';",
      'shared/systems/hardware/workflows/planted.ts',
    ],
    ["import { exactDistribution } from '../../dice/distribution';", 'shared/systems/hardware/planted.ts'],
    ["import { RulesError } from '../../errors';", 'shared/systems/hardware/planted.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([]);
  });

  it('lets the registry list the systems', async () => {
    expect(
      await boundaryMessages("import { hardwareModule } from './hardware/module';", 'shared/systems/planted.ts'),
    ).toEqual([]);
  });
});

describe('rules reach the encounter model by injection', () => {
  it.each([
    ["import { hardwareModule } from '../systems/hardware/module';", 'shared/encounter/planted.ts'],
    ["import type { HardwareSheet } from '../systems/hardware/tracker/sheet';", 'shared/encounter/planted.ts'],
    ["import { systemProfiles } from '../systems/profiles';", 'shared/encounter/planted.ts'],
    ["const registry = () => import('../systems/index');", 'shared/encounter/planted.ts'],
  ])('rejects %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([
      expect.stringMatching(/Rules reach the encounter model through the registry by injection/),
    ]);
  });

  it.each(foldersAboveTheSystems.filter((folder) => folder !== 'encounter'))(
    'rejects shared/%s above the encounter model, but not in its tests',
    async (folder) => {
      const code = `import { x } from '../${folder}/planted';`;
      expect(await boundaryMessages(code, 'shared/encounter/planted.ts')).toEqual([
        expect.stringMatching(/shared\/encounter is the generic model under reference/),
      ]);
      expect(await boundaryMessages(code, 'shared/encounter/planted.test.ts')).toEqual([]);
    },
  );

  it.each([
    ["import { hardwareModule } from '../systems/hardware/module';", 'shared/encounter/planted.test.ts'],
    ["import type { Sheet } from '../systems/uesrpg-3e/sheet';", 'shared/encounter/planted.test-support.ts'],
  ])('rejects a system folder in its tests: %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([
      expect.stringMatching(/tests build a system through the registry/),
    ]);
  });

  it.each([
    ["import type { TrackerRules } from '../system-kit/tracker-rules';", 'shared/encounter/planted.ts'],
    ["import { exactDistribution } from '../dice/distribution';", 'shared/encounter/planted.ts'],
    ["import { RulesError } from '../errors';", 'shared/encounter/planted.ts'],
    ["import type { EncounterState } from './state';", 'shared/encounter/planted.ts'],
    ["import { systemProfiles } from '../systems/profiles';", 'shared/encounter/planted.test.ts'],
    ["import { systemModules } from '../systems/index';", 'shared/encounter/planted.test-support.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([]);
  });
});

// A feature folder renderer/src/<feature>/ shows other features only its public surface: index.ts, its
// top-level *Panel.vue and *Dialog.vue, and its store (store.ts or *-store.ts). The rule resolves paths, so
// it holds before the feature folders exist.
describe("a renderer feature does not import another feature's internals", () => {
  it.each([
    ["import RollStages from '../resolve/parts/RollStages.vue';", 'renderer/src/tracker/TrackerRow.vue'],
    ["import { formatOdds } from '../resolve/format-odds';", 'renderer/src/tracker/TrackerRow.vue'],
    ["import type { RollDraft } from '../resolve/parts/draft';", 'renderer/src/tracker/use-roll.ts'],
    ["const RollStages = () => import('../resolve/parts/RollStages.vue');", 'renderer/src/tracker/TrackerPanel.vue'],
    ["import RollStages from '../../resolve/parts/RollStages.vue';", 'renderer/src/tracker/parts/CombatantRow.vue'],
    ["import { pinned } from '../reference/composables/use-pins';", 'renderer/src/resolve/ResolvePanel.vue'],
    // The folders of before the reorganisation are features like the rest: none is exempt.
    ["import { createGmLink } from '../player-link/gm-link';", 'renderer/src/player-view/usePlayerViewBroadcast.ts'],
    ["import ImportButton from '../imports/ImportButton.vue';", 'renderer/src/bestiary/BestiaryDialog.vue'],
  ])('rejects %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([
      expect.stringMatching(/Another feature is reached only through its public surface/),
    ]);
  });

  it.each([
    ["import ResolvePanel from '../resolve/ResolvePanel.vue';", 'renderer/src/tracker/TrackerRow.vue'],
    ["const RollDialog = () => import('../resolve/RollDialog.vue');", 'renderer/src/tracker/TrackerRow.vue'],
    ["import { openRoll } from '../resolve';", 'renderer/src/tracker/use-roll.ts'],
    ["import { openRoll } from '../resolve/index';", 'renderer/src/tracker/use-roll.ts'],
    ["import { useResolveStore } from '../resolve/store';", 'renderer/src/tracker/use-roll.ts'],
    ["import { useResolveStore } from '../resolve/resolve-store';", 'renderer/src/tracker/use-roll.ts'],
    ["import TrackerPanel from '../../tracker/TrackerPanel.vue';", 'renderer/src/resolve/parts/RollStages.vue'],
    ["import Button from '../ui/Button.vue';", 'renderer/src/tracker/TrackerRow.vue'],
    ["import Button from '../../ui/Button.vue';", 'renderer/src/tracker/parts/CombatantRow.vue'],
    ["import { getDatabase } from '../db/database';", 'renderer/src/tracker/use-roll.ts'],
    ["import { platform } from '../platform/platform';", 'renderer/src/tracker/use-roll.ts'],
    ["import { loadedSystem } from '../systems/loaded-systems';", 'renderer/src/tracker/use-roll.ts'],
    ["import CombatantRow from './parts/CombatantRow.vue';", 'renderer/src/tracker/TrackerPanel.vue'],
    ["import { formatOdds } from '../format-odds';", 'renderer/src/resolve/parts/RollStages.vue'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await boundaryMessages(code, filePath)).toEqual([]);
  });
});
