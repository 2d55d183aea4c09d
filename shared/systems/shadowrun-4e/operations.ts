import { z } from 'zod';
import type { Operation } from '../../system-kit/rule-system';
import { RulesError } from '../../errors';
import { faces, int, parseInput } from '../../system-kit/input';
import { MAX_AP, MAX_ARMOR, MAX_DV, resolveAttack } from './combat';
import { BLAST_WEAPONS, blast, SCATTER, scatter, type BlastType, type ScatterKind } from './explosives';
import { applyDamage, conditionMonitors, explainWoundModifier, MAX_BOXES, woundModifier } from './health';
import { MAX_ATTRIBUTE } from './attributes';
import { rollInitiative } from './initiative';
import { SECTION, step } from './sections';
import { attackOdds, rollOdds, type OddsEdge } from './odds';
import { evaluateTest, MAX_POOL } from './tests';
import { resolveRules } from './toggles';

/**
 * The conformance operations of CONFORMANCE.md (shadowrun-4e), plus `odds-attack`: each one
 * parses untrusted input, resolves the toggles (unknown options throw) and calls the typed rules.
 */

const dice = faces(6, MAX_POOL);
const attribute = int(1, MAX_ATTRIBUTE);
const boxes = int(0, MAX_BOXES);
const damageType = z.enum(['P', 'S'], { error: 'must be "P" or "S"' });

const rollSchema = z.strictObject({ dice });

const attackSchema = z.strictObject({
  attackDice: dice,
  defenseDice: dice,
  dv: int(0, MAX_DV),
  damageType,
  ap: int(-MAX_AP, MAX_AP),
  armor: int(0, MAX_ARMOR),
  resistDice: dice.optional(),
  body: attribute.optional(),
});

const monitorsSchema = z.strictObject({ body: attribute, willpower: attribute });
const woundSchema = z.strictObject({ physical: boxes, stun: boxes });

const initiativeSchema = z.strictObject({
  reaction: attribute,
  intuition: attribute,
  dice,
  woundModifier: int(-MAX_BOXES, 0).optional(),
  explosions: faces(6, MAX_POOL * 10).optional(),
});

const conditionSchema = z.strictObject({
  body: attribute,
  willpower: attribute,
  physical: boxes,
  stun: boxes,
  incomingPhysical: boxes.optional(),
  incomingStun: boxes.optional(),
});

const scatterSchema = z.strictObject({
  kind: z.enum(Object.keys(SCATTER) as [ScatterKind, ...ScatterKind[]], {
    error: `must be one of ${Object.keys(SCATTER).join(', ')}`,
  }),
  roll: int(1, 24),
  netHits: int(0, 100),
  sensor: int(0, 20).optional(),
});

const blastSchema = z.strictObject({
  type: z.enum(Object.keys(BLAST_WEAPONS) as [BlastType, ...BlastType[]], {
    error: `must be one of ${Object.keys(BLAST_WEAPONS).join(', ')}`,
  }),
  distance: int(0, 1000),
  vsVehicle: z.boolean({ error: 'must be true or false' }).optional(),
});

const oddsRollSchema = z.strictObject({
  dice: int(0, MAX_POOL),
  edgeDice: int(0, 20).optional(),
  secondChance: z.boolean({ error: 'must be true or false' }).optional(),
});

const oddsAttackSchema = z.strictObject({
  attackDice: int(0, MAX_POOL),
  defenseDice: int(0, MAX_POOL),
  dv: int(0, MAX_DV),
  damageType,
  ap: int(-MAX_AP, MAX_AP),
  armor: int(0, MAX_ARMOR),
  resistDice: int(0, MAX_POOL).optional(),
});

export const shadowrunOperations: Readonly<Record<string, Operation>> = {
  roll(input, options) {
    const rules = resolveRules(options);
    const { dice: rolled } = parseInput(rollSchema, input);
    const result = evaluateTest(rolled, rules.glitch);
    return {
      hits: result.hits,
      glitch: result.glitch,
      criticalGlitch: result.criticalGlitch,
      ones: result.ones,
      dice: result.dice,
      steps: result.steps,
    };
  },

  attack(input, options) {
    const rules = resolveRules(options);
    const data = parseInput(attackSchema, input);
    const result = resolveAttack(data, { glitch: rules.glitch, stunWhenEqual: rules.stunWhenEqual });
    return {
      hit: result.hit,
      netHits: result.netHits,
      modifiedDv: result.modifiedDv,
      damageType: result.damageType,
      boxes: result.boxes,
      armorAfterAp: result.armorAfterAp,
      attackHits: result.attackHits,
      defenseHits: result.defenseHits,
      resistHits: result.resistHits,
      resistPool: result.resistPool,
      knockdown: result.knockdown,
      attackGlitch: result.attack.glitch,
      attackCriticalGlitch: result.attack.criticalGlitch,
      defenseGlitch: result.defense.glitch,
      defenseCriticalGlitch: result.defense.criticalGlitch,
      steps: result.steps,
    };
  },

  monitors(input, options) {
    resolveRules(options);
    const data = parseInput(monitorsSchema, input);
    const monitors = conditionMonitors(data.body, data.willpower);
    return {
      physical: monitors.physical,
      stun: monitors.stun,
      steps: [
        step(
          `Physical 8 + ⌈${data.body}/2⌉ = ${monitors.physical}; Stun 8 + ⌈${data.willpower}/2⌉ = ${monitors.stun}.`,
          SECTION.damage,
          'book',
        ),
      ],
    };
  },

  'wound-modifier'(input, options) {
    resolveRules(options);
    const data = parseInput(woundSchema, input);
    return {
      modifier: woundModifier(data.physical, data.stun),
      steps: [explainWoundModifier(data.physical, data.stun)],
    };
  },

  initiative(input, options) {
    const rules = resolveRules(options);
    const data = parseInput(initiativeSchema, input);
    const result = rollInitiative(data, rules);
    return {
      score: result.score,
      glitch: result.glitch,
      criticalGlitch: result.criticalGlitch,
      hits: result.hits,
      initiative: result.initiative,
      simpleActionsLost: result.simpleActionsLost,
      actionPhasesLost: result.actionPhasesLost,
      steps: result.steps,
    };
  },

  condition(input, options) {
    const rules = resolveRules(options);
    const data = parseInput(conditionSchema, input);
    const result = applyDamage(data, rules.stunOverflow);
    return {
      physical: result.physical,
      stun: result.stun,
      overflow: result.overflow,
      state: result.state,
      physicalMonitor: result.monitors.physical,
      stunMonitor: result.monitors.stun,
      stunConvertedToPhysical: result.stunConvertedToPhysical,
      woundModifier: result.woundModifier,
      steps: result.steps,
    };
  },

  scatter(input, options) {
    resolveRules(options);
    const data = parseInput(scatterSchema, input);
    const result = scatter(data);
    return { distance: result.distance, directHit: result.directHit, reduction: result.reduction, steps: result.steps };
  },

  blast(input, options) {
    resolveRules(options);
    const data = parseInput(blastSchema, input);
    const result = blast(data);
    return {
      dv: result.dv,
      damageType: result.damageType,
      ap: result.ap,
      flechette: result.flechette,
      affected: result.affected,
      steps: result.steps,
    };
  },

  'odds-roll'(input, options) {
    const rules = resolveRules(options);
    const data = parseInput(oddsRollSchema, input);
    if (data.edgeDice !== undefined && data.secondChance) {
      throw new RulesError(
        'not-allowed',
        'Only one point of Edge may be spent on a test: choose extra dice or a second chance.',
      );
    }
    const edge: OddsEdge =
      data.edgeDice !== undefined
        ? { mode: 'push-the-limit', edgeDice: data.edgeDice }
        : data.secondChance
          ? { mode: 'second-chance' }
          : { mode: 'none' };
    const odds = rollOdds(data.dice, rules.glitch, edge);
    return {
      hits: odds.hits,
      glitch: odds.glitch,
      criticalGlitch: odds.criticalGlitch,
      expectedHits: odds.expectedHits,
    };
  },

  'odds-attack'(input, options) {
    const rules = resolveRules(options);
    const data = parseInput(oddsAttackSchema, input);
    const odds = attackOdds(data, rules.stunWhenEqual);
    return { ...odds };
  },
};
