import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { allPresets, rulesLookup } from '../systems/all-systems.test-support';
import { exportEncounterJson } from '../export/encounter-json';
import { generateEncounter } from '../export/generated-encounters.test-support';
import type { SystemId } from '../system-kit/rule-system';
import { exportBestiaryJson, readBestiaryFile } from './bestiary-file';
import { readEncounterFile } from './encounter-file';
import { hostileMutation, mutatedText, semanticMutation, structuralMutation, textMutation } from './mutations.test-support';

/**
 * Hostile and damaged files through both imports: whatever the file, the import returns a value
 * (never throws, never hangs), leaves Object.prototype as it was, and either accepts the file —
 * then what it read exports and reads back the same — or refuses it with a sentence.
 * HOSTILE_RUNS sets the number of files (10,000 by default).
 */
const RUNS = Number(process.env['HOSTILE_RUNS'] ?? 10_000);
/** A single import of these small files taking this long would be a hang, even on a busy machine. */
const MAX_MS_PER_FILE = 10_000;

const SYSTEMS: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];
const bases = [
  ...SYSTEMS.flatMap((systemId) =>
    [3, 8].map((seed) => ({ kind: 'encounter' as const, document: JSON.parse(exportEncounterJson(generateEncounter(systemId, seed, 12).record)) as unknown })),
  ),
  { kind: 'bestiary' as const, document: JSON.parse(exportBestiaryJson(allPresets)) as unknown },
];

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
const arrayPrototypeNames = Object.getOwnPropertyNames(Array.prototype).sort();
const tally = { accepted: 0, refused: 0, slowestMs: 0, messages: new Map<string, number>(), stages: new Map<string, number>() };

/** Which step of the import refused a file, from its sentence (for the printed tally only). */
function stageOf(message: string): string {
  if (/^The file (is not valid JSON|is empty|is too large|could not)/.test(message)) return 'text';
  if (/^At /.test(message)) return 'hostile content';
  if (/^This (is|file|encounter file|bestiary file)/.test(message)) return 'format or version';
  if (/^Entry \d+ /.test(message)) return 'replay (rules)';
  if (/^(log\[0\]\.(event\.type: the first|discarded)|log\[\d+\]\.event\.(type: only|id: ")|cursor: \d+ entries|systemId: the file)/.test(message)) return 'log rules';
  if (/^templates\[\d+\] \(/.test(message)) return 'stat block (rules)';
  return 'shape';
}

function importOnce(kind: 'encounter' | 'bestiary', text: string): { ok: true } | { ok: false; message: string } {
  if (kind === 'encounter') {
    const reading = readEncounterFile(text, rulesLookup);
    if (!reading.ok) return reading;
    // Accepted: it must survive its own round trip.
    const again = exportEncounterJson(reading.record);
    const reread = readEncounterFile(again, rulesLookup);
    expect(reread.ok).toBe(true);
    if (reread.ok) expect(exportEncounterJson(reread.record)).toBe(again);
    return { ok: true };
  }
  const reading = readBestiaryFile(text, rulesLookup);
  if (!reading.ok) return reading;
  const withIds = reading.templates.map((template, index) => ({ ...template, id: `t${index}` }));
  const reread = readBestiaryFile(exportBestiaryJson(withIds), rulesLookup);
  expect(reread).toEqual(reading);
  return { ok: true };
}

describe('hostile imports', () => {
  afterAll(() => {
    const common = [...tally.messages.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.info(
      `hostile imports: ${tally.accepted + tally.refused} files, ${tally.accepted} accepted, ${tally.refused} refused, slowest ${tally.slowestMs.toFixed(0)} ms\n` +
        `  refused at: ${[...tally.stages.entries()].map(([stage, count]) => `${stage} ${count}`).join(', ')}\n` +
        common.map(([start, count]) => `  ${count} × ${start}`).join('\n'),
    );
  });

  it('mutates only what the file holds: a swap after a flip that made an event a list reads no Array method', () => {
    // Found by the property below (seed 1574018572): the flip turned an event into a list, whose
    // "at" then named Array.prototype.at, and the swap tried to copy that function.
    const text = mutatedText(bases[7]!.document, [
      { op: 'flip', at: 1234743519, variant: 17 },
      { op: 'swap', at: 1446656481, other: 0 },
    ]);
    const result = importOnce(bases[7]!.kind, text);
    expect(result.ok ? 'accepted' : result.message).toBe('This is not a GM Screen encounter file.');
  });

  it('mutates a list given a "constructor" key without asking it for a species', () => {
    // Found by the property below (seed -732914842): a 'proto' mutation set a list's "constructor"
    // to 0, and the generator's own splice then threw before the import ran.
    const text = mutatedText(bases[4]!.document, [
      { op: 'proto', at: 1364056637, key: 'constructor', value: 0 },
      { op: 'delete', at: 434745428, variant: 0 },
      { op: 'flip', at: 0, variant: 0 },
    ]);
    const result = importOnce(bases[4]!.kind, text);
    expect(result.ok ? 'accepted' : result.message).toBe('This is not a GM Screen encounter file.');
  });

  it(`never throw, never hang, never pollute a prototype: ${RUNS} mutated files`, () => {
    const mutation = fc.oneof(
      { weight: 4, arbitrary: semanticMutation },
      { weight: 3, arbitrary: structuralMutation },
      { weight: 2, arbitrary: hostileMutation },
      { weight: 1, arbitrary: textMutation },
    );
    fc.assert(
      fc.property(fc.nat(bases.length - 1), fc.array(mutation, { minLength: 1, maxLength: 3 }), (baseIndex, mutations) => {
        const base = bases[baseIndex]!;
        const text = mutatedText(base.document, mutations);
        const started = performance.now();
        const result = importOnce(base.kind, text);
        const elapsed = performance.now() - started;
        tally.slowestMs = Math.max(tally.slowestMs, elapsed);
        expect(elapsed).toBeLessThan(MAX_MS_PER_FILE);

        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
        expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(arrayPrototypeNames);
        expect(({} as Record<string, unknown>)['polluted']).toBe(undefined);
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);

        if (result.ok) {
          tally.accepted++;
        } else {
          tally.refused++;
          expect(typeof result.message).toBe('string');
          expect(result.message.length).toBeGreaterThan(10);
          expect(result.message.length).toBeLessThan(2_000);
          const start = result.message.replace(/^(log|templates)\[\d+\]/, '$1[n]').slice(0, 50);
          tally.messages.set(start, (tally.messages.get(start) ?? 0) + 1);
          const stage = stageOf(result.message);
          tally.stages.set(stage, (tally.stages.get(stage) ?? 0) + 1);
        }
      }),
      { numRuns: RUNS },
    );
    // Both outcomes really happen: the mutations are neither all harmless nor all fatal.
    expect(tally.refused).toBeGreaterThan(RUNS / 4);
    expect(tally.accepted).toBeGreaterThan(RUNS / 100);
  }, Math.max(120_000, RUNS * 60));

  it('refuse a file whose prototype key would pollute every object, wherever it is', () => {
    const text = exportEncounterJson(generateEncounter('hardware', 3, 5).record).replace('"discarded": false', '"__proto__": {"polluted": true}, "discarded": false');
    expect(readEncounterFile(text, rulesLookup)).toEqual({ ok: false, message: 'At log[0]: the key "__proto__" is not allowed in a GM Screen file.' });
    expect(({} as Record<string, unknown>)['polluted']).toBe(undefined);
  });
});
