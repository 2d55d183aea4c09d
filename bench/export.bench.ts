import { createSeededSource, rollDice } from '../shared/dice/random';
import type { EncounterEvent, EventInput } from '../shared/encounter/events';
import { initiativeParticipants, reduce } from '../shared/encounter/reducer';
import { rulesLookup } from './rules';
import { shadowrunSeed } from './shadowrun-seed';
import { exportCsv } from '../shared/export/csv';
import type { EncounterRecord, ExportOptions, LoggedEvent } from '../shared/export/encounter-record';
import { exportEncounterJson } from '../shared/export/encounter-json';
import { exportHtml } from '../shared/export/html';
import { exportMarkdown } from '../shared/export/markdown';
import type { BenchSuite } from './harness';

/**
 * Exporting a long Shadowrun encounter to each format: 100,000 events here (target: under 2 s
 * each), 1,000,000 in million-events.bench.ts (`npm run bench million`). The encounter
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

export default (): BenchSuite[] => {
  const record = buildLargeRecord(100_000);
  const count = record.log.length.toLocaleString('en-US');
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
  ];
};
