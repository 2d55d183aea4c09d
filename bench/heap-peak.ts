import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The peak memory a piece of work needed, in-process: a full GC first (so the baseline is the
 * live heap), then V8's heap in use plus memory outside it (Buffers) sampled wherever the work
 * lets us look (a progress callback, each chunk written) and at its end, result still held.
 * Sampled heap counts garbage not collected yet, so the figure is an upper bound of what was
 * live, and a peak between two samples is missed: sample often (every 1,000 events here).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const used = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

export class HeapPeak {
  private readonly baseline: number;
  private peak: number;

  constructor() {
    collectGarbage();
    this.baseline = used();
    this.peak = this.baseline;
  }

  sample(): void {
    const now = used();
    if (now > this.peak) this.peak = now;
  }

  /** A sample of what is live only: a full collection first (slow with a large heap, so only now and then). */
  sampleLive(): void {
    collectGarbage();
    this.sample();
  }

  /** Growth over the baseline at the highest sample, in MB. */
  get growthMb(): number {
    return (this.peak - this.baseline) / 2 ** 20;
  }
}

/** Times `samples` runs (after `warmup`) of `run`, each sampling a HeapPeak; keeps the largest peak. */
export function timedWithPeak(run: (peak: HeapPeak) => unknown, samples: number, warmup: number): { times: number[]; peakMb: number } {
  const times: number[] = [];
  let peakMb = 0;
  for (let i = 0; i < warmup + samples; i++) {
    const peak = new HeapPeak();
    const start = performance.now();
    let _held: unknown = run(peak);
    const ms = performance.now() - start;
    // Sampled while the result is still held: a string export's whole text counts.
    peak.sample();
    _held = null;
    if (i >= warmup) times.push(ms);
    peakMb = Math.max(peakMb, peak.growthMb);
  }
  return { times, peakMb };
}
