/**
 * A small benchmark harness: each bench/*.bench.ts exports a suite; `npm run bench`
 * prints median and p95 per case and the ratios a suite asks for. Numbers are printed,
 * never asserted: these machines are shared and noisy.
 */
interface BenchCaseInfo {
  readonly name: string;
  /** Work units per call, to print a throughput (e.g. 100000 for "100,000 attacks"). */
  readonly unitsPerRun?: number;
  readonly unitName?: string;
  /** What the samples are: milliseconds (the default), a count, or kilobytes. */
  readonly unit?: SampleUnit;
  /** A figure measured with the samples (e.g. peak memory), read once they are taken and printed beside them. */
  readonly note?: () => string;
}

export type SampleUnit = 'ms' | 'count' | 'KB';

/** A case the harness times itself. */
export interface TimedBenchCase extends BenchCaseInfo {
  /** One sample: the time of one call of `run`. */
  readonly run: () => unknown | Promise<unknown>;
  readonly samples?: number;
  readonly warmup?: number;
}

/** A case timed elsewhere (e.g. with performance.now() inside a browser page): `collect` returns its samples in ms. */
export interface CollectedBenchCase extends BenchCaseInfo {
  readonly collect: () => readonly number[] | Promise<readonly number[]>;
}

export type BenchCase = TimedBenchCase | CollectedBenchCase;

export interface BenchSuite {
  readonly title: string;
  readonly cases: readonly BenchCase[];
  /** Pairs of case names whose median ratio is printed: [numerator, denominator]. */
  readonly ratios?: readonly (readonly [string, string])[];
  /** Optional target per case name, shown beside the figure (e.g. "< 2 ms"). */
  readonly targets?: Readonly<Record<string, string>>;
}

export interface BenchResult {
  readonly name: string;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly samples: number;
  readonly throughput?: string;
  readonly unit?: SampleUnit;
  readonly note?: string;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

async function timeRuns(benchCase: TimedBenchCase): Promise<number[]> {
  for (let i = 0; i < (benchCase.warmup ?? 3); i++) await benchCase.run();
  const times: number[] = [];
  for (let i = 0; i < (benchCase.samples ?? 30); i++) {
    const start = performance.now();
    await benchCase.run();
    times.push(performance.now() - start);
  }
  return times;
}

export async function measure(benchCase: BenchCase): Promise<BenchResult> {
  const times = 'collect' in benchCase ? [...(await benchCase.collect())] : await timeRuns(benchCase);
  times.sort((a, b) => a - b);
  const medianMs = percentile(times, 0.5);
  const result: BenchResult = {
    name: benchCase.name,
    medianMs,
    p95Ms: percentile(times, 0.95),
    samples: times.length,
    ...(benchCase.unit ? { unit: benchCase.unit } : {}),
    ...(benchCase.note ? { note: benchCase.note() } : {}),
  };
  if (benchCase.unitsPerRun) {
    const perSecond = (benchCase.unitsPerRun / medianMs) * 1000;
    return { ...result, throughput: `${Math.round(perSecond).toLocaleString('en-US')} ${benchCase.unitName ?? 'ops'}/s` };
  }
  return result;
}

export function formatMs(ms: number): string {
  if (ms < 0.01) return `${(ms * 1000).toFixed(2)} µs`;
  if (ms < 10) return `${ms.toFixed(3)} ms`;
  return `${ms.toFixed(1)} ms`;
}

/** A sample as its unit reads: "12.3 ms", "4" (a count), "96.1 KB". */
export function formatValue(value: number, unit: SampleUnit = 'ms'): string {
  if (unit === 'count') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  if (unit === 'KB') return `${value.toFixed(1)} KB`;
  return formatMs(value);
}

export function formatSuite(suite: BenchSuite, results: readonly BenchResult[]): string[] {
  const lines = [`\n## ${suite.title}`];
  const width = Math.max(...results.map((r) => r.name.length), 4);
  lines.push(`${'case'.padEnd(width)}  ${'median'.padStart(11)}  ${'p95'.padStart(11)}  samples  throughput / target`);
  for (const r of results) {
    const extra = [r.throughput, suite.targets?.[r.name] ? `target ${suite.targets[r.name]}` : undefined, r.note].filter(Boolean).join('  ');
    lines.push(`${r.name.padEnd(width)}  ${formatValue(r.medianMs, r.unit).padStart(11)}  ${formatValue(r.p95Ms, r.unit).padStart(11)}  ${String(r.samples).padStart(7)}  ${extra}`);
  }
  for (const [a, b] of suite.ratios ?? []) {
    const ra = results.find((r) => r.name === a);
    const rb = results.find((r) => r.name === b);
    if (ra && rb) lines.push(`ratio ${a} / ${b}: ${(ra.medianMs / rb.medianMs).toFixed(2)}×`);
  }
  return lines;
}
