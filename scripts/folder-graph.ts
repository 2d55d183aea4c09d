// The import graph between folders of shared/, renderer/src/ and main/, and the cycles in it
// (issue 17: "the import graph has no cycle between folders"). tests/folder-cycles.test.ts fails on
// any cycle; `npx tsx scripts/folder-graph.ts` prints them with one example import per edge.
//
// A node is one unit of code: each folder directly under a root below is a node with everything inside it,
// and the files directly in a root form the root's own node. The roots, deepest first:
//   shared/systems  → shared/systems/<id> per system, shared/systems for the registry files
//   shared          → shared/<x> (dice, system-kit, encounter, …), shared for errors.ts
//   renderer/src    → renderer/src/<x> per feature or folder, renderer/src for App.vue, main.ts
//   main/services   → main/services/<x> per service
//   main            → main/electron, main/preload, …
// Every relative import counts, static, dynamic and type-only alike. Tests and their support files are left
// out by default: they sit on top of the code they test, and a fixture shared between two folders' tests
// couples no shipped code (`includeTests` shows the cycles they add).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Folders whose direct sub-folders are nodes of their own, deepest first so the longest match wins. */
export const nodeRoots = ['shared/systems', 'shared', 'renderer/src', 'main/services', 'main'];
/** Where the source files are, relative to the repository root. */
export const sourceRoots = ['shared', 'renderer/src', 'main'];

const sourceExtensions = ['.ts', '.mts', '.vue'];
const skippedFolders = new Set(['node_modules', 'out', 'dist']);
const testFile = /\.(test|test-support|spec)\.(ts|mts)$/;

/** One file's import of another file that is in a different node. */
export interface FolderEdgeExample {
  readonly file: string;
  readonly specifier: string;
}

/** from node → to node → the first import found that makes the edge. */
export type FolderGraph = Map<string, Map<string, FolderEdgeExample>>;

export interface FolderCycle {
  /** The nodes in order; the last one imports the first. */
  readonly nodes: readonly string[];
  /** One example import for each step of the cycle, in the same order. */
  readonly examples: readonly FolderEdgeExample[];
}

const toPosix = (path: string) => path.split(sep).join('/');

/** The node a file (path relative to the repository root, with `/`) belongs to. */
export function nodeOf(file: string): string | undefined {
  for (const root of nodeRoots) {
    if (!file.startsWith(`${root}/`)) continue;
    const rest = file.slice(root.length + 1).split('/');
    return rest.length > 1 ? `${root}/${rest[0]}` : root;
  }
  return undefined;
}

function sourceFilesUnder(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return skippedFolders.has(name) ? [] : sourceFilesUnder(path);
    return sourceExtensions.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

/** The module specifiers a file imports; a .vue file's are those of its script blocks. */
export function importSpecifiers(text: string, isVue: boolean): string[] {
  const code = isVue ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n') : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names, as the bundler and TypeScript would find it; undefined if none. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  return [base, ...sourceExtensions.map((ext) => base + ext), join(base, 'index.ts')].find(isFile);
}

/** The graph between nodes of the source files under `root` (a repository or a test fixture). */
export function buildFolderGraph(root: string, { includeTests = false } = {}): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const sourceRoot of sourceRoots) {
    for (const path of sourceFilesUnder(join(root, sourceRoot))) {
      const file = toPosix(relative(root, path));
      const from = nodeOf(file);
      if (!from || (!includeTests && testFile.test(file))) continue;
      for (const specifier of importSpecifiers(readFileSync(path, 'utf8'), file.endsWith('.vue'))) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveRelative(path, specifier);
        const to = target && nodeOf(toPosix(relative(root, target)));
        if (!to || to === from) continue;
        const edges = graph.get(from) ?? new Map<string, FolderEdgeExample>();
        if (!edges.has(to)) edges.set(to, { file, specifier });
        graph.set(from, edges);
      }
    }
  }
  return graph;
}

/** Strongly connected components (Tarjan) with more than one node: every folder cycle lies in one. */
function tangledComponents(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest path from `start` back to itself inside `members` (breadth first). */
function shortestCycleThrough(graph: FolderGraph, start: string, members: ReadonlySet<string>): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return path;
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * One cycle per tangle of folders: the shortest cycle through its nodes. Breaking it may leave another
 * cycle in the same tangle, which the next run names.
 */
export function findFolderCycles(graph: FolderGraph): FolderCycle[] {
  return tangledComponents(graph).map((component) => {
    const members = new Set(component);
    const nodes = component
      .map((start) => shortestCycleThrough(graph, start, members)!)
      .reduce((best, cycle) => (cycle.length < best.length ? cycle : best));
    const examples = nodes.map((node, i) => graph.get(node)!.get(nodes[(i + 1) % nodes.length]!)!);
    return { nodes, examples };
  });
}

/** `a → b → a` followed by one example import per step. */
export function describeCycle(cycle: FolderCycle): string {
  const steps = cycle.examples.map(
    (example, i) =>
      `  ${cycle.nodes[i]} → ${cycle.nodes[(i + 1) % cycle.nodes.length]}: ${example.file} imports '${example.specifier}'`,
  );
  return [[...cycle.nodes, cycle.nodes[0]].join(' → '), ...steps].join('\n');
}

/** Every edge inside the cycles' tangles, to see what to untangle. */
export function describeTangles(graph: FolderGraph): string {
  return tangledComponents(graph)
    .map((component) => {
      const members = new Set(component);
      const edges = component.flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => members.has(to))
          .map(([to, example]) => `  ${from} → ${to}: ${example.file} imports '${example.specifier}'`),
      );
      return [`Tangle of ${component.length} folders: ${component.join(', ')}`, ...edges].join('\n');
    })
    .join('\n\n');
}

/** The report of `npx tsx scripts/folder-graph.ts`: the cycles of shipped code, then those tests add. */
function report(root: string): { text: string; cycles: number } {
  const graph = buildFolderGraph(root);
  const cycles = findFolderCycles(graph);
  const withTests = buildFolderGraph(root, { includeTests: true });
  const shipped =
    cycles.length === 0 ? ['No cycle between folders.'] : [...cycles.map(describeCycle), describeTangles(graph)];
  const testCycles = findFolderCycles(withTests);
  const tests =
    testCycles.length === 0
      ? []
      : [
          'With tests and their support files (not checked):',
          ...testCycles.map(describeCycle),
          describeTangles(withTests),
        ];
  return { text: [...shipped, ...tests].join('\n\n'), cycles: cycles.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { text, cycles } = report(resolve(dirname(new URL(import.meta.url).pathname), '..'));
  console.log(text);
  process.exitCode = cycles === 0 ? 0 : 1;
}
