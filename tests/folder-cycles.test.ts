import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFolderGraph, describeCycle, findFolderCycles, nodeOf } from '../scripts/folder-graph';

const repositoryRoot = resolve(dirname(new URL(import.meta.url).pathname), '..');

const fixtures: string[] = [];
afterEach(() => {
  for (const fixture of fixtures.splice(0)) rmSync(fixture, { recursive: true, force: true });
});

/** A throwaway repository holding exactly these files (path relative to its root → content). */
function fixtureRepository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'folder-graph-'));
  fixtures.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const cyclesIn = (files: Record<string, string>, options?: { includeTests: boolean }) =>
  findFolderCycles(buildFolderGraph(fixtureRepository(files), options)).map(describeCycle);

describe('folder nodes', () => {
  it.each([
    ['shared/systems/hardware/workflows/attack.ts', 'shared/systems/hardware'],
    ['shared/systems/registry.ts', 'shared/systems'],
    ['shared/encounter/reducer.ts', 'shared/encounter'],
    ['shared/system-kit/toggles.ts', 'shared/system-kit'],
    ['shared/errors.ts', 'shared'],
    ['renderer/src/tracker/parts/CombatantRow.vue', 'renderer/src/tracker'],
    ['renderer/src/App.vue', 'renderer/src'],
    ['main/services/backups/rotation.ts', 'main/services/backups'],
    ['main/services/ipc-handler.ts', 'main/services'],
    ['main/electron/window.ts', 'main/electron'],
  ])('%s belongs to %s', (file, node) => {
    expect(nodeOf(file)).toBe(node);
  });
});

describe('folder cycles', () => {
  it('names a cycle between two folders with one example import per step', () => {
    expect(
      cyclesIn({
        'shared/encounter/reducer.ts': "import { hardwareRules } from '../systems/hardware/rules';\n",
        'shared/systems/hardware/rules.ts': "import { reduce } from '../../encounter/reducer';\n",
      }),
    ).toEqual([
      [
        'shared/encounter → shared/systems/hardware → shared/encounter',
        "  shared/encounter → shared/systems/hardware: shared/encounter/reducer.ts imports '../systems/hardware/rules'",
        "  shared/systems/hardware → shared/encounter: shared/systems/hardware/rules.ts imports '../../encounter/reducer'",
      ].join('\n'),
    ]);
  });

  it('names a cycle through three folders, following .vue scripts, type-only and dynamic imports', () => {
    expect(
      cyclesIn({
        'renderer/src/tracker/TrackerPanel.vue':
          '<template><div /></template>\n<script setup lang="ts">\nimport { openRoll } from \'../resolve/open-roll\';\n</script>\n',
        'renderer/src/resolve/open-roll.ts': "import type { Pin } from '../reference/pins';\n",
        'renderer/src/reference/pins.ts': "export const panel = () => import('../tracker/TrackerPanel.vue');\n",
      }),
    ).toEqual([
      [
        'renderer/src/reference → renderer/src/tracker → renderer/src/resolve → renderer/src/reference',
        "  renderer/src/reference → renderer/src/tracker: renderer/src/reference/pins.ts imports '../tracker/TrackerPanel.vue'",
        "  renderer/src/tracker → renderer/src/resolve: renderer/src/tracker/TrackerPanel.vue imports '../resolve/open-roll'",
        "  renderer/src/resolve → renderer/src/reference: renderer/src/resolve/open-roll.ts imports '../reference/pins'",
      ].join('\n'),
    ]);
  });

  it('counts a type-only import and a type-only re-export', () => {
    expect(
      cyclesIn({
        'shared/system-kit/rule-system.ts': "import type { EncounterState } from '../encounter/state';\n",
        'shared/encounter/state.ts': "export type { RuleSystem } from '../system-kit/rule-system';\n",
      }),
    ).toHaveLength(1);
  });

  it('tells two systems apart, and the registry from the systems it lists', () => {
    expect(
      cyclesIn({
        'shared/systems/hardware/index.ts': "import { d100 } from '../uesrpg-3e';\n",
        'shared/systems/uesrpg-3e/index.ts': "import { cover } from '../hardware/cover';\n",
        'shared/systems/hardware/cover.ts': '',
        'shared/systems/registry.ts': "import { hardware } from './hardware';\n",
      }),
    ).toEqual([
      expect.stringMatching(/^shared\/systems\/hardware → shared\/systems\/uesrpg-3e → shared\/systems\/hardware\n/),
    ]);
  });

  it('reports nothing for layers that only import downwards, across roots and inside a folder', () => {
    expect(
      cyclesIn({
        'shared/errors.ts': '',
        'shared/dice/roll.ts': "import { RulesError } from '../errors';\n",
        'shared/system-kit/toggles.ts':
          "import { roll } from '../dice/roll';\nimport { RulesError } from '../errors';\n",
        'shared/systems/hardware/rules.ts': "import type { Toggle } from '../../system-kit/toggles';\n",
        'shared/systems/hardware/workflows/attack.ts': "import { rules } from '../rules';\n",
        'shared/systems/registry.ts': "import { rules } from './hardware/rules';\n",
        'shared/encounter/reducer.ts': "import type { Toggle } from '../system-kit/toggles';\n",
        'renderer/src/tracker/TrackerPanel.vue':
          "<script setup lang=\"ts\">\nimport { reduce } from '../../../shared/encounter/reducer';\nimport Button from '../ui/Button.vue';\n</script>\n",
        'renderer/src/ui/Button.vue': '<template><button /></template>\n',
        'main/services/ipc-handler.ts': "import { rules } from '../../shared/systems/registry';\n",
        'main/electron/window.ts':
          "import { handle } from '../services/ipc-handler';\nimport { app } from 'electron';\n",
      }),
    ).toEqual([]);
  });

  it('leaves tests and their support files out unless asked', () => {
    const files = {
      'shared/export/csv.ts': "import { reduce } from '../encounter/reducer';\n",
      'shared/encounter/reducer.ts': '',
      'shared/encounter/reducer.test.ts': "import { csv } from '../export/csv';\n",
    };
    expect(cyclesIn(files)).toEqual([]);
    expect(cyclesIn(files, { includeTests: true })).toHaveLength(1);
  });

  it('finds no cycle between the folders of shared/, renderer/src/ and main/', () => {
    // On failure: `npx tsx scripts/folder-graph.ts` lists every edge of each tangle.
    expect(findFolderCycles(buildFolderGraph(repositoryRoot)).map(describeCycle)).toEqual([]);
  });
});
