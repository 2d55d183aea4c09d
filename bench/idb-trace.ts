/**
 * The IndexedDB write itself, as Chromium's IndexedDB backend (in the browser process) does it:
 * a trace of the `IndexedDB` category gives each backend transaction's lifetime (created → its
 * commit reached the disk), which no busy page can delay — unlike the `complete` event, which
 * waits until the page's main thread is free. The page marks each dispatch with
 * performance.mark (BENCH_MARK_START / BENCH_MARK_END, traced as blink.user_timing), and the
 * transaction that starts between a pair of marks is that dispatch's write.
 */
import type { BrowserContext, Page } from '@playwright/test';

export const BENCH_MARK_START = 'bench-dispatch-start';
export const BENCH_MARK_END = 'bench-dispatch-end';

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  /** µs, on the trace's own clock (shared by every process). */
  readonly ts: number;
  readonly pid: number;
  readonly id2?: { readonly local?: string };
  readonly id?: string;
}

/** Each marked span's backend write time (ms); throws unless every span holds exactly one transaction. */
export function writesPerSpan(events: readonly TraceEvent[]): number[] {
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  // Async begin/end pairs: an id is reused once its transaction has ended.
  const open = new Map<string, number>();
  const lifetimes: { start: number; end: number }[] = [];
  for (const event of sorted) {
    if (event.cat !== 'IndexedDB' || event.name !== 'Transaction::lifetime') continue;
    const key = `${event.pid}:${event.id2?.local ?? event.id ?? ''}`;
    if (event.ph === 'b') open.set(key, event.ts);
    else if (event.ph === 'e' && open.has(key)) {
      lifetimes.push({ start: open.get(key)!, end: event.ts });
      open.delete(key);
    }
  }
  const marks = sorted.filter((event) => event.name === BENCH_MARK_START || event.name === BENCH_MARK_END);
  const out: number[] = [];
  for (let i = 0; i < marks.length; i++) {
    const start = marks[i]!;
    const end = marks[i + 1];
    if (start.name !== BENCH_MARK_START) continue;
    if (end?.name !== BENCH_MARK_END) throw new Error('a dispatch mark has no end in the trace');
    const within = lifetimes.filter((t) => t.start >= start.ts && t.start <= end.ts);
    if (within.length !== 1)
      throw new Error(`expected one IndexedDB transaction per dispatch, the trace has ${within.length}`);
    out.push((within[0]!.end - within[0]!.start) / 1000);
  }
  return out;
}

/** Runs `marked` (which marks its spans in `page`) under a trace, and returns each span's backend write time. */
export async function tracedWrites(
  context: BrowserContext,
  page: Page,
  marked: () => Promise<unknown>,
): Promise<number[]> {
  const browser = context.browser();
  if (!browser) throw new Error('no Browser object to trace with');
  await browser.startTracing(page, { categories: ['IndexedDB', 'blink.user_timing'] });
  let trace: Buffer;
  try {
    await marked();
  } finally {
    trace = await browser.stopTracing();
  }
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  return writesPerSpan(parsed.traceEvents);
}
