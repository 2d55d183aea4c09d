import { z } from 'zod';
import type { Operation, ToggleValues } from '../../system-kit/rule-system';
import { int, parseInput } from '../../system-kit/input';
import { resolveToggles } from '../../system-kit/toggles';
import { damageDie, resolveAttack, type AssistRule, type DieSize } from './combat';
import { ATTRIBUTE_MAX, HARM_MAX, STAMINA_MAX, cappedProtection } from './derived';
import { applyHarm } from './health';
import { attackCriticalOdds, attackDamageOdds, MAX_ODDS_ATTACKERS, type OddsDie } from './odds';
import { resolveRoundStart } from './rounds';
import { resolveSave, saveChance, type SaveMode } from './saves';
import { hardwareToggles } from './toggles';

export { hardwareToggles };

const dieSize = z.union([z.literal(4), z.literal(6), z.literal(8), z.literal(10), z.literal(12)], {
  error: 'must be a damage die of 4, 6, 8, 10 or 12 sides',
});
const d20 = int(1, 20);
const attribute = int(0, ATTRIBUTE_MAX);
/** Armor/Buffer: values above 3 pass the schema; the rules count them as 3, with a step saying so. */
const protection = int(0, 1000);
const cover = z.union([int(0, 2), z.enum(['none', 'light', 'heavy'])], {
  error: 'must be 0, 1 (light), 2 (heavy), "none", "light" or "heavy"',
});

const saveSchema = z.strictObject({
  attribute,
  rolls: z.array(d20, { error: 'must be a list of one or two d20 faces' }).min(1, { error: 'roll one d20' }).max(2, {
    error: 'at most two d20 (advantage or disadvantage)',
  }),
  advantage: z.boolean().optional(),
});

const damageDieSchema = z.strictObject({
  die: dieSize,
  edges: int(0, 10).optional(),
  impaired: z.boolean().optional(),
});

const attackSchema = z.strictObject({
  attackers: z
    .array(
      z
        .array(int(1, 12), { error: 'must be a list of damage die faces' })
        .min(1, { error: 'each attacker rolls one die (two when dual-wielding)' })
        .max(2, { error: 'an attacker rolls at most two dice (dual wield)' }),
      { error: 'must be a list of attackers, each a list of rolled dice' },
    )
    .min(1, { error: 'at least one attacker' })
    .max(100, { error: 'at most 100 attackers' }),
  cover: cover.optional(),
  armor: protection.optional(),
  piercing: z.boolean().optional(),
});

const harmSchema = z.strictObject({
  kind: z.enum(['damage', 'stress'], { error: 'must be "damage" or "stress"' }),
  stamina: int(0, STAMINA_MAX),
  attribute,
  amount: int(0, HARM_MAX),
  pc: z.boolean().optional(),
  saveRolls: z.array(d20).min(1).max(2).optional(),
});

const initiativeSchema = z.strictObject({
  pcs: z
    .array(
      z.strictObject({
        id: z.string().min(1, { error: 'must not be empty' }),
        agl: attribute,
        roll: d20.optional(),
        noSaveNeeded: z.boolean().optional(),
      }),
    )
    .max(100),
});

const oddsAttackSchema = z
  .strictObject({
    dice: z
      .array(
        z.union([dieSize, z.tuple([dieSize, dieSize])], {
          error: 'must be a die size or a pair of die sizes (dual wield)',
        }),
      )
      .min(1, { error: 'at least one attacker' })
      .max(MAX_ODDS_ATTACKERS, { error: `at most ${MAX_ODDS_ATTACKERS} attackers` }),
    cover: cover.optional(),
    armor: protection.optional(),
    piercing: z.boolean().optional(),
    stamina: int(0, STAMINA_MAX).optional(),
    bod: attribute.optional(),
  })
  .refine((v) => (v.stamina === undefined) === (v.bod === undefined), {
    error: 'give both stamina and bod for the critical damage chance, or neither',
  });

const oddsSaveSchema = z.strictObject({
  attribute,
  mode: z.enum(['normal', 'advantage', 'disadvantage']).optional(),
});

const options = (values: ToggleValues) => resolveToggles(hardwareToggles, values);

export const hardwareOperations: Readonly<Record<string, Operation>> = {
  save(input, opts) {
    options(opts);
    const v = parseInput(saveSchema, input);
    const mode: SaveMode =
      v.rolls.length === 2 ? (v.advantage ? 'advantage' : 'disadvantage') : v.advantage ? 'advantage' : 'normal';
    const r = resolveSave({ attribute: v.attribute, rolls: v.rolls, mode });
    return { success: r.success, kept: r.kept, mode: r.mode, automatic: r.automatic, steps: r.steps };
  },

  'damage-die'(input, opts) {
    options(opts);
    const v = parseInput(damageDieSchema, input);
    const r = damageDie({ die: v.die as DieSize, edges: v.edges, impaired: v.impaired });
    return { die: r.die, impaired: r.impaired, stepsGained: r.stepsGained, steps: r.steps };
  },

  attack(input, opts) {
    const toggles = options(opts);
    const v = parseInput(attackSchema, input);
    const r = resolveAttack({
      attackers: v.attackers.map((faces) => ({ dice: faces.map((face) => ({ face })) })),
      cover: v.cover,
      armor: v.armor,
      piercing: v.piercing,
      assists: toggles.assists as AssistRule,
    });
    return {
      kept: r.kept,
      assists: r.assists,
      damage: r.damage,
      total: r.total,
      keptAttacker: r.keptAttacker,
      steps: r.steps,
    };
  },

  harm(input, opts) {
    options(opts);
    const v = parseInput(harmSchema, input);
    const r = applyHarm(v);
    return {
      stamina: r.stamina,
      attribute: r.attribute,
      saveRequired: r.saveRequired,
      zeroed: r.zeroed,
      overflow: r.overflow,
      outcome: r.outcome,
      critical: r.critical,
      steps: r.steps,
    };
  },

  initiative(input, opts) {
    options(opts);
    const v = parseInput(initiativeSchema, input);
    const r = resolveRoundStart(
      v.pcs.map((pc) => ({
        id: pc.id,
        agl: pc.agl,
        rolls: pc.roll === undefined ? undefined : [pc.roll],
        noSaveNeeded: pc.noSaveNeeded,
      })),
    );
    return { actFirst: r.actFirst, loseTurn: r.loseTurn, steps: r.steps };
  },

  'odds-attack'(input, opts) {
    const toggles = options(opts);
    const v = parseInput(oddsAttackSchema, input);
    const base = {
      dice: v.dice as readonly OddsDie[],
      cover: v.cover,
      armor: v.armor,
      piercing: v.piercing,
      assists: toggles.assists as AssistRule,
    };
    // The odds are exact counts; the one thing to explain is Armor above 3 counting as 3.
    const steps = cappedProtection('Armor', v.armor ?? 0).steps;
    if (v.stamina === undefined || v.bod === undefined) return { damage: attackDamageOdds(base), steps };
    const r = attackCriticalOdds({ ...base, stamina: v.stamina, bod: v.bod });
    return {
      steps,
      damage: r.damage,
      criticalDamage: r.critical,
      death: r.zeroed,
      overflow: r.overflow,
      saveRequired: r.saveRequired,
    };
  },

  'odds-save'(input, opts) {
    options(opts);
    const v = parseInput(oddsSaveSchema, input);
    return { success: saveChance(v.attribute, v.mode ?? 'normal') };
  },
};
