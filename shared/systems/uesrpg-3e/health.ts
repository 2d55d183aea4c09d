import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { HIT_LOCATIONS, LOCATION_LABELS, type HitLocation } from './combat';
import { AP_PER_ROUND } from './derived';
import { RULES } from './sections';

export interface WoundEffects {
  readonly location: HitLocation | null;
  /** Applies to every test while wounded. */
  readonly testPenalty: -20;
  /** Applies to initiative while wounded. */
  readonly initiativePenalty: -2;
  /** Body wound: the character loses 1 AP. */
  readonly apLoss: 0 | 1;
  /** Limb wound: that limb is crippled. */
  readonly crippled: HitLocation | null;
  /** Head wound: stunned for 1 round. */
  readonly stunnedRounds: 0 | 1;
  readonly steps: ExplainStep[];
}

/** What a wound does: −20 to tests and −2 initiative while wounded; body → lose 1 AP, limb → crippled, head → stunned 1 round. */
export function woundEffects(location: HitLocation | null): WoundEffects {
  if (location !== null && !HIT_LOCATIONS.includes(location)) {
    throw new RulesError('invalid-input', `Unknown hit location "${String(location)}".`);
  }
  const steps: ExplainStep[] = [
    { text: 'While wounded: −20 to all tests and −2 to initiative.', rule: RULES.woundEffects },
  ];
  let apLoss: 0 | 1 = 0;
  let crippled: HitLocation | null = null;
  let stunnedRounds: 0 | 1 = 0;
  if (location === 'body') {
    apLoss = 1;
    steps.push({ text: 'Body wound: lose 1 AP.', rule: RULES.woundEffects });
  } else if (location === 'head') {
    stunnedRounds = 1;
    steps.push({ text: 'Head wound: stunned for 1 round.', rule: RULES.woundEffects });
  } else if (location !== null) {
    crippled = location;
    steps.push({ text: `${LOCATION_LABELS[location]} wound: the limb is crippled.`, rule: RULES.woundEffects });
  }
  return { location, testPenalty: -20, initiativePenalty: -2, apLoss, crippled, stunnedRounds, steps };
}

export interface DamageInput {
  readonly hp: number;
  /** Damage rolled (after any cover, swimming, area or swing changes). */
  readonly damage: number;
  /** Armour Rating of the location hit. */
  readonly ar: number;
  /** Wound Threshold. */
  readonly wt: number;
  readonly location?: HitLocation;
}

export interface DamageResult {
  /** HP after the damage; not clamped at 0. */
  readonly hp: number;
  readonly damageAfterAr: number;
  readonly wound: boolean;
  readonly effects: WoundEffects | null;
  readonly steps: ExplainStep[];
}

/** Subtract the location's AR from the damage, take the rest off HP; more than WT after AR is a wound. */
export function applyDamage(input: DamageInput): DamageResult {
  const hp = requireInteger('hp', input.hp, -10000, 10000);
  const damage = requireInteger('damage', input.damage, 0, 1000);
  const ar = requireInteger('ar', input.ar, 0, 1000);
  const wt = requireInteger('wt', input.wt, 0, 1000);
  const damageAfterAr = Math.max(0, damage - ar);
  const after = hp - damageAfterAr;
  const wound = damageAfterAr > wt;
  const where = input.location === undefined ? 'the location' : (LOCATION_LABELS[input.location] ?? 'the location');
  const steps: ExplainStep[] = [
    {
      text: `${damage} damage − AR ${ar} of ${where} = ${damageAfterAr}; HP ${hp} → ${after}${after < 0 ? ' (HP is not clamped at 0)' : ''}.`,
      rule: RULES.resolve,
    },
    {
      text: wound
        ? `${damageAfterAr} after AR exceeds the Wound Threshold ${wt}: a wound.`
        : `${damageAfterAr} after AR does not exceed the Wound Threshold ${wt}: no wound.`,
      rule: RULES.resolve,
    },
  ];
  const effects = wound ? woundEffects(input.location ?? null) : null;
  if (effects) steps.push(...effects.steps);
  return { hp: after, damageAfterAr, wound, effects, steps };
}

export interface BreathInput {
  /** Endurance bonus. */
  readonly eb: number;
  /** Doing nothing but holding the breath (no actions or movement): the duration doubles. */
  readonly idle?: boolean;
  /** Rounds spent holding the breath so far. */
  readonly rounds?: number;
}

export interface BreathResult {
  /** Rounds the breath can be held. */
  readonly limit: number;
  /** Temporary fatigue levels gained so far (one per round past the limit). */
  readonly fatigue: number;
  readonly steps: ExplainStep[];
}

/** Holding your breath: 2 rounds per EB, doubled when idle; then 1 temporary fatigue level per round (removed 1 per round once breathing). */
export function holdBreath(input: BreathInput): BreathResult {
  const eb = requireInteger('eb', input.eb, 0, 20);
  const rounds = requireInteger('rounds', input.rounds ?? 0, 0, 10000);
  const limit = 2 * eb * (input.idle === true ? 2 : 1);
  const fatigue = Math.max(0, rounds - limit);
  const steps: ExplainStep[] = [
    {
      text: `2 rounds per Endurance bonus (${eb})${input.idle === true ? ', doubled for doing nothing but holding the breath' : ''}: ${limit} rounds.`,
      rule: RULES.holdingBreath,
    },
  ];
  if (fatigue > 0) {
    steps.push({
      text: `${rounds} rounds held, ${fatigue} past the limit: ${fatigue} temporary fatigue level${fatigue === 1 ? '' : 's'} (removed at 1 per round once breathing resumes).`,
      rule: RULES.holdingBreath,
    });
  }
  return { limit, fatigue, steps };
}

export interface WoundState {
  readonly wounded: boolean;
  readonly testPenalty: 0 | -20;
  readonly initiativePenalty: 0 | -2;
  /** AP per round while the wounds last: 3, or 2 with any body wound. */
  readonly maxAp: number;
  /** Crippled limbs, each once, in HIT_LOCATIONS order. */
  readonly crippled: HitLocation[];
  readonly steps: ExplainStep[];
}

/**
 * The standing effect of all a character's wounds together. The penalties are "while wounded", so
 * they do not stack per wound; a body wound's lost AP lasts while it is untreated and does not stack
 * either (our default: AP per round never drops below 2 from wounds).
 */
export function woundState(locations: readonly HitLocation[]): WoundState {
  if (!Array.isArray(locations)) throw new RulesError('invalid-input', 'Wounds must be a list of hit locations.');
  const effects = locations.map((location) => woundEffects(location));
  const wounded = effects.length > 0;
  const apLoss = Math.max(0, ...effects.map((e) => e.apLoss));
  const crippled = HIT_LOCATIONS.filter((location) => effects.some((e) => e.crippled === location));
  const steps: ExplainStep[] = [];
  if (wounded) {
    steps.push({
      text: 'Wounded: −20 to all tests and −2 to initiative (once, however many wounds).',
      rule: RULES.woundEffects,
    });
  }
  if (apLoss > 0) {
    steps.push({
      text: `A body wound costs 1 AP: ${AP_PER_ROUND - apLoss} AP per round while it lasts (more body wounds cost no more).`,
      rule: RULES.woundsLast,
    });
  }
  return {
    wounded,
    testPenalty: wounded ? -20 : 0,
    initiativePenalty: wounded ? -2 : 0,
    maxAp: AP_PER_ROUND - apLoss,
    crippled,
    steps,
  };
}
