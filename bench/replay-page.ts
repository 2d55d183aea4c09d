// Runs in a Chromium page (bundled by replay-browser.bench.ts): the replay in the engine the app itself runs on.
import type { EncounterEvent } from '../shared/encounter/events';
import { openHistory } from '../shared/encounter/history';
import { replay } from '../shared/encounter/reducer';
import { buildLongEncounter } from './long-encounter';
import { loadBenchRules, rulesLookup } from './rules';

let events: readonly EncounterEvent[] = [];

/** What the bench calls in the page. Each run returns its own time, taken in the page. */
export interface ReplayPage {
  prepare(count: number): Promise<number>;
  replay(): number;
  openHistory(): number;
}

const timed = (run: () => unknown): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

(globalThis as { replayPage?: ReplayPage }).replayPage = {
  async prepare(count) {
    await loadBenchRules();
    events = buildLongEncounter(count);
    return events.length;
  },
  replay: () => timed(() => replay(events, rulesLookup)),
  openHistory: () => timed(() => openHistory(events, rulesLookup)),
};
