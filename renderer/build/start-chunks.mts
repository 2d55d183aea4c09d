/**
 * Which chunk a module of the start-up graph goes to. Left to itself the bundler cut the modules
 * the GM screen loads before its first paint into 47 files, one per set of lazy panels sharing
 * them; a browser fetches six at a time from one host, so the page waited on eight round trips
 * before it ran a line. Here every module the GM page imports statically goes to one `start`
 * chunk, every one both pages import (Vue, Pinia, the encounter model) to `common`, and the player
 * page's own to `player-start`. Lazy chunks (panels, dialogs, game systems) are left alone.
 */

/** What the name function needs of the bundler's module graph (rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(id: string): { readonly isEntry: boolean; readonly importers: readonly string[] } | null;
}

/** Module ids of the two pages' entry scripts, told apart by their file name. */
export interface StartEntries {
  readonly gm: (id: string) => boolean;
  readonly player: (id: string) => boolean;
}

/**
 * A `codeSplitting.groups[].name` function: the entries a module is reached from through static
 * imports, found by walking up its importers (a plain search, so import cycles need no care).
 */
export function startChunkNamer(entries: StartEntries): (id: string, graph: ModuleGraph) => string | null {
  return (id, graph) => {
    let gm = false;
    let player = false;
    const seen = new Set([id]);
    const queue = [id];
    while (queue.length > 0 && !(gm && player)) {
      const current = queue.pop()!;
      const info = graph.getModuleInfo(current);
      if (!info) continue;
      if (info.isEntry) {
        gm ||= entries.gm(current);
        player ||= entries.player(current);
      }
      for (const importer of info.importers) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    if (gm && player) return 'common';
    if (gm) return 'start';
    if (player) return 'player-start';
    return null;
  };
}
