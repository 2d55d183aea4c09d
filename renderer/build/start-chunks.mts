/**
 * Which chunk a module of the start-up graph goes to. Left to itself the bundler cut the modules
 * the GM screen loads before its first paint into 47 files, one per set of lazy panels sharing
 * them; a browser fetches six at a time from one host, so the page waited on eight round trips
 * before it ran a line. Here every module the GM page imports statically goes to one `start`
 * chunk, every one both pages import (Vue, Pinia, the encounter model) to `common`, and the player
 * page's own to `player-start`. Lazy chunks (panels, dialogs, game systems) are left alone. A
 * module of the player page's that the GM screen also reaches lazily (the health track's shapes,
 * zod) gets a chunk of its own (sharedLazyChunkNamer): in `player-start` it made the tracker panel
 * load, and run, the whole player page in the GM's window.
 */

/** What the name function needs of the bundler's module graph (rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    readonly isEntry: boolean;
    readonly importers: readonly string[];
    readonly dynamicImporters: readonly string[];
  } | null;
}

/** Module ids of the two pages' entry scripts, told apart by their file name. */
export interface StartEntries {
  readonly gm: (id: string) => boolean;
  readonly player: (id: string) => boolean;
}

/**
 * The entries a module is reached from, found by walking up its importers (a plain search, so
 * import cycles need no care): through static imports only, or through dynamic ones too.
 */
function reachingEntries(
  id: string,
  graph: ModuleGraph,
  entries: StartEntries,
  throughDynamic: boolean,
): { gm: boolean; player: boolean } {
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
    const importers = throughDynamic ? [...info.importers, ...info.dynamicImporters] : info.importers;
    for (const importer of importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return { gm, player };
}

/**
 * The chunk of a module the player page imports at start and the GM screen only lazily: its own,
 * named for it ("shared-trackShapes", "shared-zod"), so a GM panel loads just that module.
 */
function sharedChunkName(id: string): string {
  const pkg = id.match(/[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/);
  if (pkg) return `shared-${pkg[1]!.replace(/[\\/]/g, '-')}`;
  const file = id.split(/[\\/]/).pop()!.replace(/\?.*$/, '');
  return `shared-${file.replace(/\.[^.]+$/, '')}`;
}

/**
 * The name function of a group ranked above startChunkNamer's (a module it names leaves the other
 * groups, with the player page's start chunk): a module the player page imports statically and
 * the GM page reaches only through dynamic imports gets a chunk of its own (sharedChunkName).
 */
export function sharedLazyChunkNamer(entries: StartEntries): (id: string, graph: ModuleGraph) => string | null {
  return (id, graph) => {
    const statically = reachingEntries(id, graph, entries, false);
    if (!statically.player || statically.gm) return null;
    return reachingEntries(id, graph, entries, true).gm ? sharedChunkName(id) : null;
  };
}

/** A `codeSplitting.groups[].name` function (see above). */
export function startChunkNamer(entries: StartEntries): (id: string, graph: ModuleGraph) => string | null {
  return (id, graph) => {
    const { gm, player } = reachingEntries(id, graph, entries, false);
    if (gm && player) return 'common';
    if (gm) return 'start';
    if (player) return 'player-start';
    return null;
  };
}
