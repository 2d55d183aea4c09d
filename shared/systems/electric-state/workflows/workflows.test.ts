import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDie } from '../../../dice/random';
import { SECTION } from '../index';
import type { RuleRef } from '../../../system-kit/rule-system';
import { electricStateModule } from '../module';
import type { ResolveContext, ResolveWorkflow, SetupValues } from '../../../system-kit/workflow';
import { workflows } from './index';
import { ctx, drive, fighter, rulesError } from './test-support';

/** The section headings of seeds/000_37ea37a29e173e06.txt, in order. */
const SEED_HEADINGS = [
  'Round Structure',
  'Range Bands',
  'Action Types',
  'Close Combat',
  'Ranged Combat',
  'Ambushes',
  'Weapons Table',
  'Damage & Health',
  'Death Rolls',
  'Rallying & Stabilizing',
  'Recovery',
  'Body Armor',
  'Serious Injuries (D66)',
];
const KNOWN_SECTIONS: readonly string[] = Object.values(SECTION);

function checkRef(ref: RuleRef | undefined, where: string): void {
  expect(ref, where).toBeDefined();
  expect(KNOWN_SECTIONS, where).toContain(ref!.section);
  if (ref!.source === 'seed')
    expect(SEED_HEADINGS, `${where}: "${ref!.section}" is cited as a seed section`).toContain(ref!.section);
}

const ana = fighter('Ana', 'pc', { strength: 3, agility: 4, wits: 3, empathy: 3, armor: 2 });
const bleeder = fighter('Bleeder', 'pc', { strength: 5, agility: 4 }, { conditionIds: ['internal-bleeding'] });
const ganger = fighter('Ganger', 'npc', { strength: 4, agility: 3, armor: 4 });
const boss = fighter('Boss', 'pc', { strength: 5, agility: 4, wits: 4, empathy: 2, armor: 6 });

const byId = (id: string): ResolveWorkflow => workflows.find((w) => w.id === id)!;

/** Setups that between them reach every kind of step: reactions, cover, pushes, kills, scatter. */
const SCENARIOS: [string, ResolveContext, SetupValues][] = [
  [
    'electric-state.attack',
    ctx([bleeder], [ganger]),
    { weapon: 'axe', defence: 'fight-back', defenderWeapon: 'knife' },
  ],
  [
    'electric-state.attack',
    ctx([ana], [boss], { instantKill: 'before-armor' }),
    { weapon: 'hunting-rifle', range: 'short', defence: 'dodge', cover: 'furniture' },
  ],
  ['electric-state.attack', ctx([ana], [ganger]), { weapon: 'knife', ambush: true }],
  ['electric-state.taser', ctx([ana], [boss]), { defence: 'fight-back', defenderWeapon: 'baseball-bat' }],
  ['electric-state.taser', ctx([ganger], [boss]), { range: 'short' }],
  [
    'electric-state.full-auto',
    ctx([ana], [ganger, boss]),
    {
      weapon: 'heavy-machinegun',
      'range.0': 'short',
      'range.1': 'medium',
      'defence.1': 'dodge',
      'cover.0': 'brick-wall',
    },
  ],
  ['electric-state.blast', ctx([ana], [ganger, boss]), { weapon: 'mortar', range: 'long', 'cover.1': 'sandbag' }],
  ['electric-state.blast', ctx([ganger], [ana, boss]), { scattered: true }],
];

describe('Electric State workflows', () => {
  it('are registered for the system, with unique ids', () => {
    // Registered with the explanation step that says which numbers came from the sheets.
    const registered = electricStateModule.workflows;
    expect(registered.map((w) => w.id)).toEqual(workflows.map((w) => w.id));
    registered.forEach((r, i) => expect(r.fromSheets).toBe(workflows[i]!.fromSheets));
    expect(workflows.map((w) => w.id)).toEqual([
      'electric-state.attack',
      'electric-state.taser',
      'electric-state.full-auto',
      'electric-state.blast',
    ]);
    for (const w of workflows) expect(w.systemId).toBe('electric-state');
  });

  it('defaults are valid values of their fields', () => {
    for (const [id, context] of SCENARIOS) {
      const w = byId(id);
      const defaults = w.defaults(context);
      for (const f of w.fields(context)) {
        const v = defaults[f.id];
        if (f.kind === 'choice')
          expect(
            f.options.map((o) => o.value),
            `${id} ${f.id}`,
          ).toContain(v);
        else if (f.kind === 'number')
          expect(typeof v === 'number' && v >= f.min && v <= f.max, `${id} ${f.id}`).toBe(true);
        else expect(typeof v, `${id} ${f.id}`).toBe('boolean');
      }
      expect(w.problems(defaults, context), id).toEqual([]);
    }
  });

  it('every cited rule is a section of the seed (or a named book rule)', () => {
    const source = createSeededSource('rules');
    for (const [id, context, values] of SCENARIOS) {
      const w = byId(id);
      for (const f of w.fields(context)) if (f.rule) checkRef(f.rule, `${id} field ${f.id}`);
      const setup = { ...w.defaults(context), ...values };
      expect(w.problems(setup, context), id).toEqual([]);
      for (let run = 0; run < 150; run++) {
        // Take a random follow-up now and then, so pushes and further shots are explained too.
        const { resolution } = drive(w, setup, context, source, (r) =>
          r.followUps.length > 0 && rollDie(source, 2) === 1
            ? r.followUps[rollDie(source, r.followUps.length) - 1]!
            : null,
        );
        for (const s of resolution.steps) checkRef(s.rule, `${id}: "${s.text}"`);
        for (const f of resolution.followUps) checkRef(f.rule, `${id} follow-up ${f.id}`);
        expect(resolution.summary.length, id).toBeGreaterThan(0);
        expect(() => JSON.stringify(resolution.result)).not.toThrow();
      }
    }
  });

  it('odds distributions sum to 1 across many setups', () => {
    for (const [id, context, values] of SCENARIOS) {
      const w = byId(id);
      const view = w.odds({ ...w.defaults(context), ...values }, context);
      const total = view.distribution!.outcomes.reduce((s, o) => s + o.p, 0);
      expect(total, id).toBeCloseTo(1, 10);
      for (const f of view.figures) {
        expect(Number.isFinite(f.value), `${id} ${f.label}`).toBe(true);
        if (f.format === 'percent') expect(f.value >= 0 && f.value <= 1, `${id} ${f.label}`).toBe(true);
      }
    }
  });

  it('the same faces resolve the same way whether rolled by the app, by crypto or typed from physical dice', () => {
    const source = createSeededSource('sources');
    for (const [id, context, values] of SCENARIOS) {
      const w = byId(id);
      const setup = { ...w.defaults(context), ...values };
      for (let run = 0; run < 20; run++) {
        const { resolution, rolled } = drive(w, setup, context, source, (r) => r.followUps[0] ?? null);
        for (const kind of ['physical', 'crypto']) {
          const again = w.resolve(
            setup,
            context,
            rolled.map((r) => ({ ...r, source: kind, groups: r.groups.map((g) => ({ ...g, faces: [...g.faces] })) })),
          );
          expect(again.steps, id).toEqual(resolution.steps);
          expect(again.effects, id).toEqual(resolution.effects);
          expect(again.summary, id).toBe(resolution.summary);
          expect(again.result, id).toEqual(resolution.result);
        }
      }
    }
  });

  it('refuses faces that are not d6 faces, a missing face, a stage that was not asked for', () => {
    const source = createSeededSource('faces');
    for (const [id, context, values] of SCENARIOS) {
      const w = byId(id);
      const setup = { ...w.defaults(context), ...values };
      const { rolled } = drive(w, setup, context, source);
      const first = rolled[0]!;
      const main = first.groups[0]!;
      const withSeven = {
        ...first,
        groups: [{ ...main, faces: [...main.faces.slice(1), 7] }, ...first.groups.slice(1)],
      };
      if (main.faces.length > 0)
        expect(rulesError(() => w.resolve(setup, context, [withSeven])).code, id).toBe('invalid-face');
      const short = { ...first, groups: [{ ...main, faces: [...main.faces, 2] }, ...first.groups.slice(1)] };
      expect(rulesError(() => w.nextStage(setup, context, [short])).message, id).toMatch(
        /to roll, but \d+ faces? (was|were) given/,
      );
      const stranger = { ...first, stageId: 'soak' };
      expect(rulesError(() => w.nextStage(setup, context, [stranger])).message, id).toContain(
        '"soak" was not asked for',
      );
      expect(rulesError(() => w.resolve(setup, context, [...rolled, first])).code, id).toBe('not-allowed');
    }
  });

  it('reminds the GM of internal bleeding on the bleeding attacker’s roll', () => {
    const [id, context, values] = SCENARIOS[0]!;
    const w = byId(id);
    const { resolution } = drive(w, { ...w.defaults(context), ...values }, context, createSeededSource(1));
    expect(
      resolution.steps.some((s) => s.text.includes('Bleeder has internal bleeding: this roll also inflicts D6 damage')),
    ).toBe(true);
  });
});
