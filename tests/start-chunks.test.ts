import { describe, expect, it } from 'vitest';
import { startChunkNamer, type ModuleGraph } from '../renderer/build/start-chunks.mts';

/** A module graph from "importer → imported" pairs; the pages are the entries. */
function graph(edges: readonly (readonly [string, string])[]): ModuleGraph {
  const importers = new Map<string, string[]>();
  for (const [from, to] of edges) importers.set(to, [...(importers.get(to) ?? []), from]);
  return {
    getModuleInfo: (id) => ({ isEntry: id.endsWith('.html'), importers: importers.get(id) ?? [] }),
  };
}

const name = startChunkNamer({ gm: (id) => id === 'index.html', player: (id) => id === 'player.html' });

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
  ]);

  it('puts what only the GM page imports statically in "start"', () => {
    expect(name('app.ts', modules)).toBe('start');
    expect(name('store.ts', modules)).toBe('start');
  });

  it('puts what both pages import in "common", and the player page\'s own in "player-start"', () => {
    expect(name('vue', modules)).toBe('common');
    expect(name('projection.ts', modules)).toBe('player-start');
  });

  it('leaves a module only reached lazily (no static importer chain from a page) to the bundler', () => {
    // A lazy panel: its importer list holds no page (dynamic importers are not in `importers`).
    expect(name('ResolvePanel.vue', modules)).toBe(null);
  });
});
