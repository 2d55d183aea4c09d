import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { Combatant, EncounterState, ShownRoll } from '../encounter/state';
import { generateEncounter } from '../export/generated-encounters.test-support';
import type { SystemId } from '../system-kit/rule-system';
import { projectForPlayers } from './projection';
import { playerScreenSchema } from './schema';

/**
 * Over generated encounters of every system: whatever the GM hides, notes or shows, the projection
 * never carries a hidden combatant (name or id), a GM note, a roll the GM did not show, or
 * anything outside the screen's strict shape (stats, odds), and NPCs read as a word unless shown.
 */

const SYSTEMS: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];
const SEEDS = 25;

/** Generated once: the property picks among them (generating is the slow part). */
const POOL = SYSTEMS.flatMap((systemId) => Array.from({ length: SEEDS }, (_, i) => generateEncounter(systemId, i + 1)));

// Tokens nothing else in a screen can contain by chance.
const hiddenName = (i: number) => `Hid-${i}-zq`;
const shownName = (i: number) => `Pal-${i}-kw`;
const note = (i: number) => `Note-${i}-xv`;

/** The generated state with token names and notes, `hide` hiding more, and these rolls shown. */
function prepare(state: EncounterState, hide: readonly boolean[], rolls: readonly ShownRoll[]): EncounterState {
  const combatants = state.combatants.map((c, i): Combatant => {
    const hidden = c.hidden || (hide[i] ?? false);
    return {
      ...c,
      hidden,
      name: hidden ? hiddenName(i) : shownName(i),
      notes: note(i),
      conditions: c.conditions.map((condition, k) => ({ ...condition, note: note(1000 * (i + 1) + k) })),
    };
  });
  return { ...state, combatants, shownRolls: rolls };
}

const rollArbitrary = (people: number) =>
  fc.record({
    who: fc.nat({ max: people - 1 }),
    target: fc.nat({ max: people - 1 }),
    namesActorInText: fc.boolean(),
    namesTargetInText: fc.boolean(),
    hasActor: fc.boolean(),
    faces: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
  });

describe('the projection over generated encounters', () => {
  it('the generator shows things to the players: every player view event occurs', () => {
    const types = new Set(POOL.flatMap((g) => g.record.log.map((entry) => entry.event.type)));
    for (const type of ['condition-visibility-set', 'combatant-numbers-shown', 'roll-shown', 'roll-unshown'] as const) {
      expect([type, types.has(type)]).toEqual([type, true]);
    }
  });

  it('never shows a hidden combatant, a GM note, an unshown roll, or anything outside the strict screen', () => {
    let hiddenInRolls = 0;
    let hiddenPresent = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: POOL.length - 1 }).chain((index) => {
          const people = POOL[index]!.state.combatants.length;
          return fc.record({
            index: fc.constant(index),
            hide: fc.array(fc.boolean(), { minLength: people, maxLength: people }),
            // An encounter left undone back to its creation has nobody to roll.
            rolls: fc.array(rollArbitrary(Math.max(1, people)), { maxLength: people ? 10 : 0 }),
            rollsShown: fc.integer({ min: 0, max: 10 }),
            timerScope: fc.constantFrom('turn' as const, 'round' as const),
          });
        }),
        ({ index, hide, rolls, rollsShown, timerScope }) => {
          const generated = POOL[index]!.state;
          const named = prepare(generated, hide, []);
          const nameOf = (i: number) => named.combatants[i]!.name;
          const shownRolls: ShownRoll[] = rolls.map((r, k) => ({
            rollId: `Roll-${k}-rq`,
            // The ids alone must keep a roll off: its text need not name anyone.
            who: r.hasActor && r.namesActorInText ? nameOf(r.who) : 'GM',
            what: 'Attack',
            summary: r.namesTargetInText ? `${nameOf(r.who)} hits ${nameOf(r.target)}` : '2 hits',
            dice: [{ sides: 6, faces: r.faces }],
            ...(r.hasActor ? { actorId: named.combatants[r.who]!.id } : {}),
            targetIds: [named.combatants[r.target]!.id],
          }));
          const state = { ...named, shownRolls };
          const rules = rulesLookup.tracker(state.systemId);
          const screen = projectForPlayers(state, rules, { rollsShown, timerScope, screenDown: false, showEncounterName: true });
          const text = JSON.stringify(screen);

          expect(playerScreenSchema.safeParse(screen).error).toBeUndefined();
          if (screen.kind !== 'encounter') throw new Error(`expected an encounter, got ${screen.kind}`);

          const hidden = state.combatants.filter((c) => c.hidden);
          if (hidden.length && state.combatants.some((c) => !c.removed && c.hidden)) hiddenPresent++;
          if (shownRolls.some((r) => hidden.some((h) => r.who === h.name || r.summary.includes(h.name) || r.targetIds?.includes(h.id))))
            hiddenInRolls++;
          for (const c of hidden) {
            expect(text.toLowerCase()).not.toContain(c.name.toLowerCase());
            expect(text).not.toContain(c.id);
          }
          expect(text).not.toMatch(/Note-\d+-xv/);
          const shownIds = new Set(shownRolls.map((r) => r.rollId));
          expect(screen.rolls.filter((r) => !shownIds.has(r.id))).toEqual([]);
          expect(text.match(/"id":"[^"]*"/g) ?? []).toEqual(screen.rolls.map((r) => `"id":"${r.id}"`));

          // Not an empty screen passing by default: every visible combatant is there, in its health form.
          const visible = state.combatants.filter((c) => !c.removed && !c.hidden);
          expect(screen.combatants.map((c) => c.key).sort()).toEqual(visible.map((c) => c.id).sort());
          for (const row of screen.combatants) {
            const combatant = visible.find((c) => c.id === row.key)!;
            const numbers = combatant.kind === 'pc' || combatant.numbersShown === true;
            expect([row.key, row.health.kind]).toEqual([row.key, numbers ? 'numbers' : 'descriptor']);
          }
          // And as many rolls as may be shown: those naming nobody hidden, the newest first.
          const hiddenIds = new Set(hidden.map((c) => c.id));
          const allowed = shownRolls.filter(
            (r) =>
              !(r.actorId && hiddenIds.has(r.actorId)) &&
              !r.targetIds!.some((id) => hiddenIds.has(id)) &&
              !hidden.some((h) => `${r.who} ${r.summary}`.includes(h.name)),
          );
          expect(screen.rolls.map((r) => r.id)).toEqual(allowed.reverse().slice(0, rollsShown).map((r) => r.rollId));
        },
      ),
      { numRuns: 300, seed: 1502 },
    );
    // The property met hidden combatants, and rolls naming them, often.
    expect(hiddenPresent).toBeGreaterThan(100);
    expect(hiddenInRolls).toBeGreaterThan(100);
  });
});
