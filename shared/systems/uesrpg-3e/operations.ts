import { z } from 'zod';
import type { Operation } from '../../system-kit/rule-system';
import { int, parseInput } from '../../system-kit/input';
import { trackAp } from './actions';
import {
  DEFENSE_TYPES,
  HIT_LOCATIONS,
  LOCATION_LABELS,
  coverEffect,
  grappleAction,
  hitLocation,
  modifyDamage,
  rangedTn,
  resolveBlock,
  resolveCombat,
  resolveGrapple,
  type CombatResult,
} from './combat';
import { MAX_SKILL_RANK, MAX_TN, MIN_TN, resolveTest, skillTn, type TestResult } from './d100';
import { MAX_CHARACTERISTIC, deriveStats } from './derived';
import { applyDamage, holdBreath } from './health';
import { orderInitiative } from './initiative';
import { combatOdds, testOdds } from './odds';
import { RULES } from './sections';
import { readToggles } from './toggles';

// ---------------------------------------------------------------------------
// Input schemas (strict: an unknown key is a typo, and typos are errors)
// ---------------------------------------------------------------------------

const tn = int(MIN_TN, MAX_TN);
const d100 = int(1, 100);
const numberList = z
  .array(int(1, 100), { error: 'must be a list of d100 numbers (1–100)' })
  .max(100, { error: 'at most 100 numbers' });
const flag = z.boolean({ error: 'must be true or false' });
const crit = { npc: flag.optional(), lucky: numberList.optional(), unlucky: numberList.optional() };
const location = z.enum(HIT_LOCATIONS as [string, ...string[]], {
  error: `must be one of ${HIT_LOCATIONS.join(', ')}`,
});
const defenseType = z.enum(DEFENSE_TYPES as [string, ...string[]], {
  error: `must be one of ${DEFENSE_TYPES.join(', ')}`,
});
const amount = int(0, 1000);

const testSchema = z.strictObject({ tn, roll: d100, ...crit });
const hitLocationSchema = z.strictObject({ roll: d100 });
const attackFields = { tn, ranged: flag.optional(), spell: flag.optional(), area: flag.optional(), ...crit };
const defenseFields = {
  type: defenseType,
  tn: tn.optional(),
  ap: int(0, 99).optional(),
  aware: flag.optional(),
  leavesArea: flag.optional(),
  ...crit,
};
const combatSchema = z.strictObject({
  attack: z.strictObject({ ...attackFields, roll: d100 }),
  defense: z.strictObject({ ...defenseFields, roll: d100.optional() }),
});
const oddsCombatSchema = z.strictObject({
  attack: z.strictObject(attackFields),
  defense: z.strictObject(defenseFields),
});
const damageSchema = z.strictObject({
  hp: int(-10000, 10000),
  damage: amount,
  ar: amount,
  wt: amount,
  location: location.optional(),
});
const blockSchema = z.strictObject({ damage: amount, br: amount, magic: flag.optional(), magicBr: flag.optional() });
const damageModifierSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('penetrable-cover'),
      rolls: z.array(amount).length(2, { error: 'must hold exactly two damage rolls' }),
    }),
    z.strictObject({ kind: z.literal('area-block'), damage: amount }),
    z.strictObject({ kind: z.literal('swimming'), damage: amount }),
    z.strictObject({ kind: z.literal('swing'), damage: amount, meters: amount }),
  ],
  { error: 'kind must be penetrable-cover, area-block, swimming or swing' },
);
const rangedTnSchema = z.strictObject({
  tn,
  band: z.enum(['close', 'effective', 'long'], { error: 'must be close, effective or long' }),
  inStyle: flag.optional(),
});
const initiativeSchema = z.strictObject({
  combatants: z
    .array(
      z.strictObject({
        id: z.string({ error: 'must be a name' }).min(1, { error: 'must not be empty' }),
        ir: int(0, 60),
        roll: int(1, 6),
        luckBonus: int(0, 20),
        pc: flag,
        group: z.string().min(1).optional(),
        wounded: flag.optional(),
      }),
    )
    .min(1, { error: 'needs at least one combatant' })
    .max(500, { error: 'at most 500 combatants' }),
});
const characteristic = int(0, MAX_CHARACTERISTIC);
const derivedSchema = z.strictObject({
  strength: characteristic,
  endurance: characteristic,
  agility: characteristic,
  intelligence: characteristic,
  willpower: characteristic,
  perception: characteristic,
  luck: characteristic,
  personality: characteristic.optional(),
});
const oddsTestSchema = z.strictObject({ tn, ...crit });
const skillTnSchema = z.strictObject({
  characteristic,
  rank: z.union([int(0, MAX_SKILL_RANK), z.null()]).optional(),
  trained: flag.optional(),
  inStyle: flag.optional(),
  wounded: flag.optional(),
  modifier: int(-200, 200).optional(),
});
const cost = int(1, 3).optional();
const apEvent = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('round-start') }),
    z.strictObject({ type: z.literal('turn-start') }),
    z.strictObject({ type: z.literal('attack'), cost }),
    z.strictObject({ type: z.literal('reaction'), cost, counterAttack: flag.optional() }),
    z.strictObject({ type: z.literal('action'), cost }),
    z.strictObject({ type: z.literal('free') }),
  ],
  { error: 'type must be round-start, turn-start, attack, reaction, action or free' },
);
const apTrackSchema = z.strictObject({
  events: z.array(apEvent).max(1000),
  ap: int(0, 10).optional(),
  attacks: int(0, 2).optional(),
  round: int(0, 10000).optional(),
  surprised: flag.optional(),
  maxAp: int(0, 10).optional(),
});
const breathSchema = z.strictObject({ eb: int(0, 20), idle: flag.optional(), rounds: int(0, 10000).optional() });
const opposedSide = z.strictObject({ tn, roll: d100, ...crit });
const grappleSchema = z.strictObject({
  grappler: opposedSide,
  target: opposedSide,
  unarmedStyle: flag.optional(),
  sizeDifference: int(-10, 10).optional(),
});
const grappleActionSchema = z.strictObject({
  action: z.enum(['takedown', 'move', 'attack'], { error: 'must be takedown, move or attack' }),
  strengthBonus: int(0, 20).optional(),
  armed: flag.optional(),
  weaponRange: int(0, 100).optional(),
  targetProne: flag.optional(),
});
const coverSchema = z.strictObject({
  cover: z.enum(['none', 'penetrable', 'impenetrable'], { error: 'must be none, penetrable or impenetrable' }),
});

// ---------------------------------------------------------------------------
// Adapters: parse → typed function → plain result
// ---------------------------------------------------------------------------

function testSummary(test: TestResult | null) {
  return test === null
    ? null
    : { tn: test.tn, roll: test.roll, success: test.success, critical: test.critical, degrees: test.degrees };
}

function combatSummary(result: CombatResult): Record<string, unknown> {
  return {
    outcome: result.outcome,
    advantages: result.advantages,
    ...(result.location === undefined ? {} : { location: result.location }),
    winner: result.winner,
    advantageTo: result.advantageTo,
    effectiveDefense: result.effectiveDefense,
    ...(result.areaDamage === undefined ? {} : { areaDamage: result.areaDamage }),
    attackTest: testSummary(result.attack),
    defenseTest: testSummary(result.defense),
    steps: result.steps,
  };
}

export const uesrpgOperations: Readonly<Record<string, Operation>> = {
  test: (input, options) => {
    const t = readToggles(options);
    const r = resolveTest(parseInput(testSchema, input), t.luckyOverTnDegrees);
    return { success: r.success, critical: r.critical, degrees: r.degrees, steps: r.steps };
  },
  'hit-location': (input, options) => {
    readToggles(options);
    const { roll } = parseInput(hitLocationSchema, input);
    const location = hitLocation(roll);
    const text = `Ones digit ${roll % 10} of ${roll} → ${LOCATION_LABELS[location]} (1–5 body, 6 right leg, 7 left leg, 8 right arm, 9 left arm, 0 head).`;
    return { location, steps: [{ text, rule: RULES.hitLocationBook }] };
  },
  combat: (input, options) => {
    const t = readToggles(options);
    const { attack, defense } = parseInput(combatSchema, input);
    return combatSummary(
      resolveCombat(attack, { ...defense, type: defense.type as (typeof DEFENSE_TYPES)[number] }, t.luckyOverTnDegrees),
    );
  },
  damage: (input, options) => {
    readToggles(options);
    const parsed = parseInput(damageSchema, input);
    const r = applyDamage({ ...parsed, location: parsed.location as (typeof HIT_LOCATIONS)[number] | undefined });
    return {
      hp: r.hp,
      wound: r.wound,
      damageAfterAr: r.damageAfterAr,
      ...(r.effects
        ? {
            effects: {
              testPenalty: r.effects.testPenalty,
              initiativePenalty: r.effects.initiativePenalty,
              apLoss: r.effects.apLoss,
              crippled: r.effects.crippled,
              stunnedRounds: r.effects.stunnedRounds,
            },
          }
        : {}),
      steps: r.steps,
    };
  },
  block: (input, options) => {
    readToggles(options);
    const r = resolveBlock(parseInput(blockSchema, input));
    return { damageToShieldArm: r.damageToShieldArm, effectiveBr: r.effectiveBr, steps: r.steps };
  },
  'damage-modifier': (input, options) => {
    readToggles(options);
    const r = modifyDamage(parseInput(damageModifierSchema, input));
    return { damage: r.damage, steps: r.steps };
  },
  'ranged-tn': (input, options) => {
    readToggles(options);
    const p = parseInput(rangedTnSchema, input);
    const r = rangedTn(p.tn, p.band, p.inStyle ?? true);
    return { tn: r.tn, steps: r.steps };
  },
  initiative: (input, options) => {
    readToggles(options);
    const r = orderInitiative(parseInput(initiativeSchema, input).combatants);
    return { order: r.order, totals: r.entries.map((e) => e.total), steps: r.steps };
  },
  derived: (input, options) => {
    readToggles(options);
    const r = deriveStats(parseInput(derivedSchema, input));
    return {
      hp: r.hp,
      wt: r.wt,
      ir: r.ir,
      stamina: r.stamina,
      ap: r.ap,
      luckBonus: r.luckBonus,
      luckyCount: r.luckyCount,
      unluckyCount: r.unluckyCount,
      steps: r.steps,
    };
  },
  'odds-test': (input, options) => {
    const t = readToggles(options);
    const r = testOdds(parseInput(oddsTestSchema, input), t.luckyOverTnDegrees);
    return {
      success: r.success,
      criticalSuccess: r.criticalSuccess,
      criticalFailure: r.criticalFailure,
      degreesOfSuccess: r.degreesOfSuccess,
      steps: r.steps,
    };
  },

  // Extra operations beyond CONFORMANCE.md (documented in the system README/report).
  'odds-combat': (input, options) => {
    const t = readToggles(options);
    const { attack, defense } = parseInput(oddsCombatSchema, input);
    const r = combatOdds(
      attack,
      { ...defense, type: defense.type as (typeof DEFENSE_TYPES)[number] },
      t.luckyOverTnDegrees,
    );
    return { ...r };
  },
  'skill-tn': (input, options) => {
    readToggles(options);
    const r = skillTn(parseInput(skillTnSchema, input));
    return { tn: r.tn, steps: r.steps };
  },
  'ap-track': (input, options) => {
    const t = readToggles(options);
    const p = parseInput(apTrackSchema, input);
    const r = trackAp(
      p.events,
      { ap: p.ap ?? p.maxAp ?? 3, attacks: p.attacks ?? 0, round: p.round ?? 0 },
      {
        apRefresh: t.apRefresh,
        counterAttackCountsAsAttack: t.counterAttackCountsAsAttack,
        surprised: p.surprised ?? false,
        maxAp: p.maxAp ?? 3,
      },
    );
    return { ap: r.state.ap, attacks: r.state.attacks, round: r.state.round, rejected: r.rejected, steps: r.steps };
  },
  'hold-breath': (input, options) => {
    readToggles(options);
    const r = holdBreath(parseInput(breathSchema, input));
    return { limit: r.limit, fatigue: r.fatigue, steps: r.steps };
  },
  grapple: (input, options) => {
    const t = readToggles(options);
    const r = resolveGrapple(parseInput(grappleSchema, input), t.luckyOverTnDegrees);
    return { allowed: r.allowed, restrained: r.restrained, grapplerTn: r.grapplerTn, steps: r.steps };
  },
  'grapple-action': (input, options) => {
    readToggles(options);
    const { steps, ...rest } = grappleAction(parseInput(grappleActionSchema, input));
    return { ...rest, steps };
  },
  cover: (input, options) => {
    readToggles(options);
    const r = coverEffect(parseInput(coverSchema, input).cover);
    return { canHit: r.canHit, damage: r.damage, steps: r.steps };
  },
};
