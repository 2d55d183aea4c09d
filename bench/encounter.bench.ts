import { openHistory } from '../shared/encounter/history';
import { replay } from '../shared/encounter/reducer';
import { rulesLookup } from './rules';
import type { BenchSuite } from './harness';
import { buildLongEncounter } from './long-encounter';

/** 10,000 events (the figure kept since the first bench) and 100,000 (issue 18: under 150 ms). */
export default (): BenchSuite[] =>
  [10_000, 100_000].map((size): BenchSuite => {
    const events = buildLongEncounter(size);
    const samples = size > 10_000 ? 7 : 15;
    return {
      title: `Encounter: replay ${events.length.toLocaleString('en-US')} events to state (Node)`,
      cases: [
        { name: 'full replay', run: () => replay(events, rulesLookup), samples, warmup: 2 },
        { name: 'open history (replay + snapshots)', run: () => openHistory(events, rulesLookup), samples, warmup: 2 },
      ],
      targets:
        size > 10_000
          ? { 'full replay': '< 150 ms median', 'open history (replay + snapshots)': '< 150 ms median' }
          : { 'full replay': '< 50 ms median' },
    };
  });
