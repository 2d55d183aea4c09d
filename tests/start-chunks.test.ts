import { describe, expect, it } from 'vitest';
import { sharedLazyChunkNamer, startChunkNamer, type ModuleGraph } from '../renderer/build/start-chunks.mts';

/** A module graph from "importer → imported" pairs (`lazy` for a dynamic import); the pages are the entries. */
function graph(edges: readonly (readonly [string, string, 'lazy'?])[]): ModuleGraph {
  const importers = new Map<string, string[]>();
  const dynamicImporters = new Map<string, string[]>();
  for (const [from, to, lazy] of edges) {
    const into = lazy ? dynamicImporters : importers;
    into.set(to, [...(into.get(to) ?? []), from]);
  }
  return {
    getModuleInfo: (id) => ({
      isEntry: id.endsWith('.html'),
      importers: importers.get(id) ?? [],
      dynamicImporters: dynamicImporters.get(id) ?? [],
    }),
  };
}

const pages = { gm: (id: string) => id === 'index.html', player: (id: string) => id === 'player.html' };
const name = startChunkNamer(pages);
const sharedName = sharedLazyChunkNamer(pages);

describe('startChunkNamer', () => {
  const modules = graph([
    ['index.html', 'main.ts'],
    ['main.ts', 'app.ts'],
    ['app.ts', 'vue'],
    ['player.html', 'player.ts'],
    ['player.ts', 'vue'],
    ['player.ts', 'projection.ts'],
    // A cycle in the GM page's graph.
    ['app.ts', 'store.ts'],
    ['store.ts', 'app.ts'],
    // A lazy panel of the GM page, which uses a module the player page imports statically.
    ['app.ts', 'TrackerPanel.vue', 'lazy'],
    ['TrackerPanel.vue', 'shapes.ts'],
    ['player.ts', 'shapes.ts'],
  ]);
  const shared = graph([
    ['player.html', 'client.ts'],
    ['client.ts', '/app/node_modules/zod/v4/core/core.js'],
    ['client.ts', '/app/node_modules/@scope/pkg/index.js'],
    ['index.html', 'main.ts'],
    ['main.ts', 'import.ts', 'lazy'],
    ['import.ts', '/app/node_modules/zod/v4/core/core.js'],
    ['import.ts', '/app/node_modules/@scope/pkg/index.js'],
  ]);

  it('puts what only the GM page imports statically in "start"', () => {
    expect(name('app.ts', modules)).toBe('start');
    expect(name('store.ts', modules)).toBe('start');
  });

  it('puts what both pages import in "common", and the player page\'s own in "player-start"', () => {
    expect(name('vue', modules)).toBe('common');
    expect(name('projection.ts', modules)).toBe('player-start');
  });

  it('gives a player-page module the GM page reaches lazily a chunk of its own, ranked above "player-start"', () => {
    // In "player-start" the lazy panel would load, and run, the whole player page with it.
    expect(sharedName('shapes.ts', modules)).toBe('shared-shapes');
    expect(sharedName('/app/node_modules/zod/v4/core/core.js', shared)).toBe('shared-zod');
    expect(sharedName('/app/node_modules/@scope/pkg/index.js', shared)).toBe('shared-@scope-pkg');
    // Everything else is left to the other group, or to the bundler.
    for (const id of ['app.ts', 'vue', 'projection.ts', 'TrackerPanel.vue', 'ResolvePanel.vue']) {
      expect(sharedName(id, modules)).toBe(null);
    }
    expect(name('TrackerPanel.vue', modules)).toBe(null);
  });

  it('leaves a module only reached lazily (no static importer chain from a page) to the bundler', () => {
    // A lazy panel: its importer list holds no page (dynamic importers are not in `importers`).
    expect(name('ResolvePanel.vue', modules)).toBe(null);
  });
});
