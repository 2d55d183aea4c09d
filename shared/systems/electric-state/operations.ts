import { z } from 'zod';
import type { Operation } from '../../system-kit/rule-system';
import { faces, int, parseInput } from '../../system-kit/input';
import { countSuccesses, pushRoll, MAX_POOL } from './dice';
import { RANGE_BANDS } from './equipment';
import { attackPool } from './pool';
import { DEFENSES, MAX_BLAST_POWER, MAX_WEAPON_DAMAGE, resolveAttack, resolveBlast } from './combat';
import { applyDamage, MAX_HEALTH_LIMIT, resolveDeathRolls } from './health';
import { sideInitiative } from './initiative';
import { seriousInjury } from './injuries';
import {
  attackOdds,
  blastOdds,
  deathRollOdds,
  MAX_PROTECTION_DICE,
  pushedSuccessDistribution,
  pushOutcomeOdds,
  successDistribution,
} from './odds';
import { resolveOptions } from './options';

/**
 * The conformance operations (CONFORMANCE.md, "electric-state"): parse untrusted input,
 * call the typed rule function, return the documented keys (plus `steps` and a few extras).
 * Unknown input keys are rejected so a misspelt key never silently falls back to a default.
 */

const d6 = faces(6, MAX_POOL);
const band = z.enum(RANGE_BANDS, { error: 'must be engaged, short, medium, long or extreme' });
const defense = z.enum(DEFENSES as ['take-hit', 'stand-tall', 'fight-back', 'dodge'], {
  error: 'must be take-hit, stand-tall, fight-back or dodge',
});
const pushPolicy = z.enum(['never', 'always', 'if-failed'], { error: 'must be never, always or if-failed' });
const attribute = int(0, 10);
const protectionLevel = int(0, MAX_PROTECTION_DICE);

const successesInput = z.strictObject({ dice: d6 });

const poolInput = z.strictObject({
  attack: z.enum(['close', 'ranged'], { error: 'must be close or ranged' }),
  strength: attribute,
  agility: attribute,
  gearBonus: int(0, 10),
  weaponMin: band,
  weaponMax: band,
  range: band,
  firearm: z.boolean({ error: 'must be true or false' }).optional(),
  armorAgilityModifier: int(-10, 0).optional(),
  ambush: z.boolean({ error: 'must be true or false' }).optional(),
  modifier: int(-10, 10).optional(),
});

const attackInput = z.strictObject({
  defense,
  attackDice: d6,
  weaponDamage: int(0, MAX_WEAPON_DAMAGE),
  defenseDice: d6.optional(),
  defenderWeaponDamage: int(0, MAX_WEAPON_DAMAGE).optional(),
  coverDice: d6.optional(),
  armorDice: d6.optional(),
  attackerArmorDice: d6.optional(),
  targetAware: z.boolean({ error: 'must be true or false' }).optional(),
});

const damageInput = z.strictObject({
  health: int(0, MAX_HEALTH_LIMIT),
  maxHealth: int(1, MAX_HEALTH_LIMIT),
  damage: int(0, 1000),
  damageBeforeArmor: int(0, 1000).optional(),
});

const deathRollsInput = z.strictObject({
  rolls: z.array(faces(6, 4), { error: 'must be a list of death rolls' }).max(100),
});

const initiativeInput = z.strictObject({
  sides: z
    .array(
      z.strictObject({
        id: z.string({ error: 'must be a text id' }).min(1, { error: 'must not be empty' }),
        highestWits: attribute,
        roll: int(1, 6).optional(),
      }),
      {
        error: 'must be a list of sides',
      },
    )
    .min(2, { error: 'needs at least two sides' })
    .max(20),
  startedBy: z.string().optional(),
});

const seriousInjuryInput = z.strictObject({ dice: faces(6, 2).length(2, { error: 'must be two dice: tens, units' }) });

const blastInput = z.strictObject({
  attackDice: d6,
  blastDice: d6,
  blastPower: int(1, MAX_BLAST_POWER).optional(),
  coverDice: d6.optional(),
  armorDice: d6.optional(),
});

const pushInput = z.strictObject({
  base: d6,
  gear: d6,
  reroll: d6,
  gearBonus: int(0, 10).optional(),
  npc: z.boolean({ error: 'must be true or false' }).optional(),
  kind: z
    .enum([
      'attack',
      'attribute',
      'rally',
      'stabilize',
      'taser-resist',
      'defense',
      'initiative',
      'death',
      'armor',
      'cover',
      'blast',
    ])
    .optional(),
});

const oddsSuccessesInput = z.strictObject({
  dice: int(0, MAX_POOL),
  push: z.boolean({ error: 'must be true or false' }).optional(),
});

const oddsAttackInput = z.strictObject({
  defense,
  attackDice: int(0, MAX_POOL),
  weaponDamage: int(0, MAX_WEAPON_DAMAGE),
  defenseDice: int(0, MAX_POOL).optional(),
  defenderWeaponDamage: int(0, MAX_WEAPON_DAMAGE).optional(),
  coverLevel: protectionLevel.optional(),
  armorLevel: protectionLevel.optional(),
  attackerArmorLevel: protectionLevel.optional(),
  push: pushPolicy.optional(),
});

const oddsBlastInput = z.strictObject({
  attackDice: int(0, MAX_POOL),
  blastPower: int(1, MAX_BLAST_POWER),
  coverLevel: protectionLevel.optional(),
  armorLevel: protectionLevel.optional(),
  push: pushPolicy.optional(),
});

const oddsPushInput = z.strictObject({ base: d6, gear: d6 });
const oddsDeathInput = z.strictObject({ sixes: int(0, 2).optional(), failedRolls: int(0, 2).optional() });

export const electricStateOperations: Readonly<Record<string, Operation>> = {
  successes: (input, options) => {
    resolveOptions(options);
    const { dice } = parseInput(successesInput, input);
    return { ...countSuccesses(dice) };
  },

  pool: (input, options) => {
    const opts = resolveOptions(options);
    const parsed = parseInput(poolInput, input);
    const pool = attackPool(parsed, opts);
    return {
      allowed: pool.allowed,
      attribute: pool.attribute,
      dice: pool.dice,
      base: pool.base,
      gear: pool.gear,
      steps: pool.steps,
    };
  },

  attack: (input, options) => {
    resolveOptions(options);
    const parsed = parseInput(attackInput, input);
    const r = resolveAttack(parsed);
    return {
      hit: r.hit,
      damageToTarget: r.damageToTarget,
      damageToAttacker: r.damageToAttacker,
      winner: r.winner,
      attackerSixes: r.attackerSixes,
      defenderSixes: r.defenderSixes,
      damageBeforeProtection: r.damageBeforeProtection,
      steps: r.steps,
    };
  },

  damage: (input, options) => {
    const opts = resolveOptions(options);
    const r = applyDamage(parseInput(damageInput, input), opts);
    return {
      health: r.health,
      state: r.state,
      instantKill: r.instantKill,
      deathRollsRestart: r.deathRollsRestart,
      steps: r.steps,
    };
  },

  'death-rolls': (input, options) => {
    resolveOptions(options);
    const r = resolveDeathRolls(parseInput(deathRollsInput, input).rolls);
    return { state: r.state, sixes: r.sixes, failedRolls: r.failedRolls, ignoredRolls: r.ignoredRolls, steps: r.steps };
  },

  initiative: (input, options) => {
    resolveOptions(options);
    const r = sideInitiative(parseInput(initiativeInput, input));
    return { order: r.order, tie: r.tie, totals: r.totals, steps: r.steps };
  },

  'serious-injury': (input, options) => {
    resolveOptions(options);
    const r = seriousInjury(parseInput(seriousInjuryInput, input).dice);
    return {
      code: r.code,
      injury: r.injury,
      effect: r.entry?.effect ?? null,
      healing: r.entry?.healingDays ?? null,
      steps: r.steps,
    };
  },

  blast: (input, options) => {
    resolveOptions(options);
    const parsed = parseInput(blastInput, input);
    const protectedTarget = parsed.coverDice !== undefined || parsed.armorDice !== undefined;
    const target = {
      id: 'target',
      ...(parsed.coverDice ? { coverDice: parsed.coverDice } : {}),
      ...(parsed.armorDice ? { armorDice: parsed.armorDice } : {}),
    };
    const r = resolveBlast({
      attackDice: parsed.attackDice,
      blastDice: parsed.blastDice,
      ...(parsed.blastPower !== undefined ? { blastPower: parsed.blastPower } : {}),
      targets: protectedTarget ? [target] : [],
    });
    return {
      hit: r.hit,
      damage: r.damage,
      damageToTarget: protectedTarget ? r.targets[0]!.damage : r.damage,
      scatterToAdjacentZone: r.scatterToAdjacentZone,
      steps: r.steps,
    };
  },

  push: (input, options) => {
    const opts = resolveOptions(options);
    const parsed = parseInput(pushInput, input);
    const r = pushRoll(
      {
        base: parsed.base,
        gear: parsed.gear,
        reroll: parsed.reroll,
        ...(parsed.gearBonus !== undefined ? { gearBonus: parsed.gearBonus } : {}),
        roller: parsed.npc ? 'npc' : 'pc',
        kind: parsed.kind ?? 'attack',
      },
      opts,
    );
    return {
      base: r.base,
      gear: r.gear,
      successes: r.successes,
      hopeLost: r.hopeLost,
      gearDamage: r.gearDamage,
      gearBonusAfter: r.gearBonusAfter,
      steps: r.steps,
    };
  },

  'odds-successes': (input, options) => {
    resolveOptions(options);
    const { dice, push } = parseInput(oddsSuccessesInput, input);
    return { distribution: push ? pushedSuccessDistribution(dice) : successDistribution(dice) };
  },

  'odds-attack': (input, options) => {
    resolveOptions(options);
    return { ...attackOdds(parseInput(oddsAttackInput, input)) };
  },

  'odds-blast': (input, options) => {
    resolveOptions(options);
    return { ...blastOdds(parseInput(oddsBlastInput, input)) };
  },

  'odds-push': (input, options) => {
    const opts = resolveOptions(options);
    const { base, gear } = parseInput(oddsPushInput, input);
    return { ...pushOutcomeOdds(base, gear, opts) };
  },

  'odds-death-rolls': (input, options) => {
    resolveOptions(options);
    const { sixes = 0, failedRolls = 0 } = parseInput(oddsDeathInput, input);
    return { ...deathRollOdds({ state: 'dying', sixes, failedRolls, rollsCounted: 0 }) };
  },
};
