/** `npm run bench [filter]`: runs every bench/*.bench.ts (or those whose name contains filter). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatSuite, measure, type BenchSuite } from './harness';
import { loadBenchRules } from './rules';

/** A bench file's default export: one suite, several, or a function (possibly async) building them. */
type SuiteExport = BenchSuite | BenchSuite[] | (() => BenchSuite | BenchSuite[] | Promise<BenchSuite | BenchSuite[]>);

const filter = process.argv[2];
const files = readdirSync(__dirname)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

async function main(): Promise<void> {
  console.log(`GM Screen benchmarks · node ${process.version} · ${new Date().toISOString()}`);
  await loadBenchRules();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(__dirname, file)).href)) as { default: SuiteExport };
    const exported = typeof module.default === 'function' ? await module.default() : module.default;
    for (const suite of Array.isArray(exported) ? exported : [exported]) {
      const results = [];
      for (const benchCase of suite.cases) results.push(await measure(benchCase));
      for (const line of formatSuite(suite, results)) console.log(line);
    }
  }
}

void main();
