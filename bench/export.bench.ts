import { createSeededSource, rollDice } from '../shared/dice/random';
import type { EncounterEvent, EventInput } from '../shared/encounter/events';
import { initiativeParticipants, reduce } from '../shared/encounter/reducer';
import { rulesLookup } from './rules';
import { shadowrunSeed } from './shadowrun-seed';
import { timedWithPeak, type HeapPeak } from './heap-peak';
import { exportCsv } from '../shared/export/csv';
import type { EncounterRecord, ExportOptions, LoggedEvent } from '../shared/export/encounter-record';
import { exportEncounterJson } from '../shared/export/encounter-json';
import { exportHtml } from '../shared/export/html';
import { exportMarkdown } from '../shared/export/markdown';
import type { BenchSuite, CollectedBenchCase } from './harness';

/**
 * Exporting a long Shadowrun encounter to each format: 100,000 events (target: under 2 s each) and
 * 1,000,000 (target: under 5 s each, with the peak memory printed beside the time). The encounter
 * starts as the exports' Shadowrun sample (passes, a resolved roll applied, stun, a condition, notes;
 * see shadowrun-seed.ts) and carries on: turns, typed harm and healing, resolved rolls and notes
 * repeated, initiative rolled each round, a discarded note every 1,000 events and the last 10
 * entries undone.
 */
export function buildLargeRecord(count: number): EncounterRecord {
  const seed = shadowrunSeed();
  const source = createSeededSource('export-bench');
  const log: LoggedEvent[] = seed.events.map((event) => ({ event, discarded: false }));
  let state = seed.state;
  const applied = seed.applied;
  const rules = rulesLookup.tracker(state.systemId);
  let n = 0;
  const push = (input: EventInput, discarded = false) => {
    n++;
    const event = { id: `b${n}`, at: new Date(Date.parse('2026-11-29T20:00:00.000Z') + n * 1000).toISOString(), ...input } as EncounterEvent;
    if (!discarded) state = reduce(state, event, rulesLookup);
    log.push({ event, discarded });
  };
  const present = () => state.combatants.filter((c) => !c.removed);
  while (log.length < count) {
    if (state.status === 'running' && !state.current) {
      const entries = initiativeParticipants(state, rules).map((p) => {
        const dice = rules.initiative.dice(p, state.toggles);
        return rules.initiative.score(p, rollDice(source, dice.count, dice.sides), state.toggles);
      });
      push({ type: 'initiative-rolled', entries, rolls: [] });
      continue;
    }
    const actor = state.current?.combatantId ?? 'ghost';
    const target = present().find((c) => c.id !== actor)!.id;
    switch (n % 8) {
      case 0:
        push({ type: 'roll-applied', roll: { ...applied.roll, id: `roll${n}` }, summary: applied.summary, actorId: actor, effects: [{ combatantId: target, harm: { kind: 'stun', amount: 1 } }], operation: applied.operation!, result: applied.result! });
        break;
      case 1:
        push({ type: 'harm-applied', combatantId: target, harm: { kind: 'physical', amount: 1 } });
        break;
      case 2:
        push({ type: 'harm-applied', combatantId: target, harm: { kind: 'heal-physical', amount: 1 } });
        break;
      case 3:
        push({ type: 'harm-applied', combatantId: target, harm: { kind: 'heal-stun', amount: 1 } });
        break;
      case 4:
        push({ type: 'note-added', text: `Note ${n}: the fight goes on` });
        break;
      default:
        push({ type: 'turn-advanced' });
    }
    if (n % 1000 === 0) push({ type: 'note-added', text: `Typo ${n}` }, true);
  }
  return { ...seed.record, log, cursor: log.filter((l) => !l.discarded).length - 10 };
}

const OPTIONS: ExportOptions = { includeUndone: true, rounds: null };

/** How a 1,000,000-event export is measured: few samples, each sampling its peak memory. */
function millionCase(name: string, run: (peak: HeapPeak) => unknown, last = false): CollectedBenchCase {
  let peakMb = 0;
  return {
    name,
    collect: () => {
      const measured = timedWithPeak(run, 3, 1);
      peakMb = measured.peakMb;
      // The million events are let go once measured, so later suites do not carry them.
      if (last) million = null;
      return measured.times;
    },
    note: () => `peak heap +${Math.round(peakMb)} MB`,
  };
}

/**
 * Built when its suite first runs, not with the suites: while a million events are held, every
 * full garbage collection walks them, which would slow the 100,000-event cases measured before.
 */
let million: EncounterRecord | null = null;
const millionRecord = (): EncounterRecord => (million ??= buildLargeRecord(MILLION));
const MILLION = 1_000_000;

export default (): BenchSuite[] => {
  const record = buildLargeRecord(100_000);
  const count = record.log.length.toLocaleString('en-US');
  const sampled = (peak: HeapPeak) => () => peak.sample();
  return [
    {
      title: `Export: a ${count}-event Shadowrun encounter to each format (Node)`,
      cases: [
        { name: 'Markdown', run: () => exportMarkdown(record, rulesLookup, OPTIONS), samples: 7, warmup: 1 },
        { name: 'HTML', run: () => exportHtml(record, rulesLookup, OPTIONS), samples: 7, warmup: 1 },
        { name: 'CSV', run: () => exportCsv(record, rulesLookup, OPTIONS), samples: 7, warmup: 1 },
        { name: 'JSON', run: () => exportEncounterJson(record), samples: 7, warmup: 1 },
      ],
      targets: { Markdown: '< 2 s', HTML: '< 2 s', CSV: '< 2 s', JSON: '< 2 s' },
    },
    {
      title:
        `Export: a ${MILLION.toLocaleString('en-US')}-event Shadowrun encounter to each format (Node; 3 samples after 1 warmup; ` +
        'peak heap = heapUsed + external over a forced-GC baseline, sampled every 1,000 events and at the end with the text held)',
      cases: [
        millionCase('Markdown 1M', (peak) => exportMarkdown(millionRecord(), rulesLookup, OPTIONS, sampled(peak))),
        millionCase('HTML 1M', (peak) => exportHtml(millionRecord(), rulesLookup, OPTIONS, sampled(peak))),
        millionCase('CSV 1M', (peak) => exportCsv(millionRecord(), rulesLookup, OPTIONS, sampled(peak))),
        millionCase('JSON 1M', () => exportEncounterJson(millionRecord()), true),
      ],
      targets: { 'Markdown 1M': '< 5 s', 'HTML 1M': '< 5 s', 'CSV 1M': '< 5 s', 'JSON 1M': '< 5 s' },
    },
  ];
};
