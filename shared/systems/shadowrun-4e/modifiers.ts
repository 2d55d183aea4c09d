import type { ExplainStep, RuleRef } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './attributes';
import { plural, rule, SECTION, signed, step } from './sections';
import { MAX_POOL } from './tests';

/** Range bands are set per weapon; the penalties are the book's standard ones. */
export type RangeBand = 'short' | 'medium' | 'long' | 'extreme';
export const RANGE_BANDS: Readonly<Record<RangeBand, { readonly label: string; readonly modifier: number }>> = {
  short: { label: 'Short', modifier: 0 },
  medium: { label: 'Medium', modifier: -1 },
  long: { label: 'Long', modifier: -3 },
  extreme: { label: 'Extreme', modifier: -6 },
};

/** Ranged attack modifiers the seed lists, each a dice pool modifier. */
export const RANGED_MODIFIERS = {
  attackerRunning: -2,
  attackerInMelee: -3,
  movingVehicle: -3,
  smartlink: 2,
  laserSight: 1,
  aimedPerSimpleAction: 1,
  blindFire: -6,
  perExtraTarget: -2,
} as const;

export interface RangedSituation {
  readonly range?: RangeBand;
  readonly attackerRunning?: boolean;
  readonly attackerInMelee?: boolean;
  readonly movingVehicle?: boolean;
  readonly smartlink?: boolean;
  readonly laserSight?: boolean;
  /** Simple Actions spent taking aim before this shot. */
  readonly aimedActions?: number;
  readonly blindFire?: boolean;
  /** Targets beyond the first attacked in the same action. */
  readonly extraTargets?: number;
  /** Recoil: bullets fired this Action Phase before this attack, bullets in this attack, compensation. */
  readonly recoil?: RecoilInput;
  /** Anything else the GM adds (cover, visibility, called shot…), with a label. */
  readonly other?: readonly { readonly label: string; readonly value: number }[];
}

export interface ModifierPart {
  readonly label: string;
  readonly value: number;
  readonly rule: RuleRef;
}

export interface ModifierTotal {
  readonly total: number;
  readonly parts: readonly ModifierPart[];
  readonly steps: readonly ExplainStep[];
}

export interface RecoilInput {
  readonly bulletsBefore: number;
  readonly bullets: number;
  readonly recoilCompensation?: number;
}

/**
 * Recoil (book): −1 per bullet fired in this Action Phase after the first, counting this attack's
 * bullets, less recoil compensation; never a bonus.
 */
export function recoilModifier(recoil: RecoilInput): number {
  const before = requireInteger('Bullets fired earlier this Action Phase', recoil.bulletsBefore, 0, 100);
  const bullets = requireInteger('Bullets in this attack', recoil.bullets, 1, 100);
  const rc = requireInteger('Recoil compensation', recoil.recoilCompensation ?? 0, 0, 100);
  return 0 - Math.max(0, before + bullets - 1 - rc);
}

/** Sums the ranged attack dice pool modifiers, naming each one. */
export function rangedModifiers(situation: RangedSituation): ModifierTotal {
  const parts: ModifierPart[] = [];
  const steps: ExplainStep[] = [];
  const add = (label: string, value: number, ref: RuleRef) => parts.push({ label, value, rule: ref });
  const seedRule = rule(SECTION.ranged);
  if (situation.range !== undefined) {
    const band = RANGE_BANDS[situation.range];
    if (!band)
      throw new RulesError(
        'invalid-input',
        `Unknown range band "${String(situation.range)}"; use short, medium, long or extreme.`,
      );
    add(`${band.label} range`, band.modifier, rule(SECTION.ranged, 'book'));
  }
  if (situation.attackerRunning) add('Attacker running', RANGED_MODIFIERS.attackerRunning, seedRule);
  if (situation.attackerInMelee) add('Attacker in melee', RANGED_MODIFIERS.attackerInMelee, seedRule);
  if (situation.movingVehicle) add('Firing from a moving vehicle', RANGED_MODIFIERS.movingVehicle, seedRule);
  if (situation.smartlink) {
    add('Smartlink', RANGED_MODIFIERS.smartlink, seedRule);
    if (situation.laserSight)
      steps.push(step("Smartlink and laser sight do not stack: only the smartlink's +2 counts.", SECTION.ranged));
  } else if (situation.laserSight) {
    add('Laser sight', RANGED_MODIFIERS.laserSight, seedRule);
  }
  const aimed = requireInteger('Aimed Simple Actions', situation.aimedActions ?? 0, 0, 20);
  if (aimed > 0)
    add(
      `Aimed (${plural(aimed, 'Simple Action', 'Simple Actions')})`,
      aimed * RANGED_MODIFIERS.aimedPerSimpleAction,
      seedRule,
    );
  if (situation.blindFire) add('Blind fire', RANGED_MODIFIERS.blindFire, seedRule);
  const extra = requireInteger('Extra targets', situation.extraTargets ?? 0, 0, 20);
  if (extra > 0) add(`Multiple targets (${extra} extra)`, extra * RANGED_MODIFIERS.perExtraTarget, seedRule);
  if (situation.recoil) {
    const value = recoilModifier(situation.recoil);
    add('Recoil', value, rule(SECTION.ranged, 'book'));
  }
  for (const other of situation.other ?? []) {
    requireInteger(`Modifier "${other.label}"`, other.value, -50, 50);
    add(other.label, other.value, rule(SECTION.resolvingAttack, 'default'));
  }
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  for (const part of parts) steps.push({ text: `${part.label}: ${signed(part.value)} dice.`, rule: part.rule });
  steps.push(step(`Total ranged modifier: ${signed(total)} dice.`, SECTION.ranged));
  return { total, parts, steps };
}

export type FiringMode = 'single-shot' | 'semi-auto' | 'burst' | 'long-burst' | 'full-burst';
export type BurstSpread = 'narrow' | 'wide';

export interface FiringModeDef {
  readonly label: string;
  /** Weapon fire mode letters as printed on weapon stats. */
  readonly weaponMode: 'SS' | 'SA' | 'BF' | 'FA';
  readonly action: 'simple' | 'complex';
  readonly bullets: number;
  /** Attacks of this kind that fit in one Action Phase. */
  readonly perActionPhase: number;
  /** Bursts may be narrow (+DV) or wide (−defence dice), by (bullets − 1). */
  readonly burst: boolean;
}

export const FIRING_MODES: Readonly<Record<FiringMode, FiringModeDef>> = {
  'single-shot': {
    label: 'Single-shot',
    weaponMode: 'SS',
    action: 'simple',
    bullets: 1,
    perActionPhase: 1,
    burst: false,
  },
  'semi-auto': { label: 'Semi-auto', weaponMode: 'SA', action: 'simple', bullets: 1, perActionPhase: 2, burst: false },
  burst: { label: 'Burst fire', weaponMode: 'BF', action: 'simple', bullets: 3, perActionPhase: 2, burst: true },
  // Seed, Actions: "Complex Actions: full-auto fire". The book (SR4A) lets a long burst go as a
  // Simple Action; where the seed speaks it decides, so both full-auto bursts are Complex.
  'long-burst': {
    label: 'Full-auto long burst',
    weaponMode: 'FA',
    action: 'complex',
    bullets: 6,
    perActionPhase: 1,
    burst: true,
  },
  'full-burst': {
    label: 'Full-auto full burst',
    weaponMode: 'FA',
    action: 'complex',
    bullets: 10,
    perActionPhase: 1,
    burst: true,
  },
};

/** Where the action a firing mode costs is written: the seed's Actions lists. */
export const FIRING_MODE_ACTION_RULE: RuleRef = rule(SECTION.actions);

/**
 * The action one attack in a firing mode costs. Seed, Actions: "Simple Actions: firing a weapon
 * once (single-shot/semi-auto/burst)" and "Complex Actions: full-auto fire", so a full-auto long
 * burst is Complex too (the book, SR4A, makes it a Simple Action; the seed decides where it speaks).
 */
export function firingModeAction(mode: FiringMode): 'simple' | 'complex' {
  const def = (FIRING_MODES as Readonly<Record<string, (typeof FIRING_MODES)[FiringMode] | undefined>>)[mode];
  if (!def) throw new RulesError('invalid-input', `Unknown firing mode "${String(mode)}".`);
  return def.action;
}

/** The sentence that says which action a firing mode costs, with the seed's citation. */
export function firingModeActionStep(mode: FiringMode): ExplainStep {
  const action = firingModeAction(mode);
  const { label } = FIRING_MODES[mode];
  const text =
    action === 'simple'
      ? `${label}: firing a weapon once is a Simple Action.`
      : mode === 'long-burst'
        ? `${label}: full-auto fire is a Complex Action, the whole Action Phase (the book makes a long burst a Simple Action; the seed decides).`
        : `${label}: full-auto fire is a Complex Action, the whole Action Phase.`;
  return { text, rule: FIRING_MODE_ACTION_RULE };
}

export interface FiringModeEffect {
  readonly mode: FiringMode;
  readonly bullets: number;
  readonly action: 'simple' | 'complex';
  /** Added to the DV (narrow bursts). */
  readonly dvModifier: number;
  /** Added to the defender's dice pool (wide bursts). */
  readonly defenseModifier: number;
  readonly steps: readonly ExplainStep[];
}

/**
 * What a firing mode does to the attack: a narrow burst raises the DV, a wide burst lowers the
 * defender's pool (seed); the size, bullets − 1, is the book's (+2 burst, +5 long, +9 full).
 */
export function firingModeEffect(mode: FiringMode, spread: BurstSpread = 'narrow'): FiringModeEffect {
  const def = FIRING_MODES[mode];
  if (!def) throw new RulesError('invalid-input', `Unknown firing mode "${String(mode)}".`);
  if (spread !== 'narrow' && spread !== 'wide')
    throw new RulesError('invalid-input', 'A burst is either narrow or wide.');
  const size = def.burst ? def.bullets - 1 : 0;
  const dvModifier = def.burst && spread === 'narrow' ? size : 0;
  const defenseModifier = def.burst && spread === 'wide' ? 0 - size : 0;
  const text = !def.burst
    ? `${def.label}: ${plural(def.bullets, 'bullet', 'bullets')}, a ${def.action === 'simple' ? 'Simple' : 'Complex'} Action, no burst modifier.`
    : spread === 'narrow'
      ? `${def.label} (narrow): ${def.bullets} bullets raise the DV by ${size}.`
      : `${def.label} (wide): ${def.bullets} bullets cut the defender's pool by ${size}.`;
  return {
    mode,
    bullets: def.bullets,
    action: def.action,
    dvModifier,
    defenseModifier,
    // A burst's sentence is about its bullets; the action it costs is said in a step of its own.
    steps: [
      step(text, SECTION.ranged, def.burst ? 'book' : 'seed'),
      ...(def.burst ? [firingModeActionStep(mode)] : []),
    ],
  };
}

export type AttackKind = 'ranged' | 'melee';
export type DefenseMethod = 'reaction' | 'parry' | 'block' | 'dodge';

export interface DefenseInput {
  readonly attack: AttackKind;
  /** Ranged: reaction only. Melee: parry (weapon skill), block (Unarmed Combat) or dodge (Dodge). */
  readonly method: DefenseMethod;
  readonly reaction: number;
  /** The parry/block/dodge skill rating for melee defences. */
  readonly skill?: number;
  /** Full Defense: the defensive skill whose dice are added (an action is spent on it). */
  readonly fullDefenseSkill?: number;
  /** Other pool modifiers (wounds, wide bursts, running does not apply to defence). */
  readonly modifier?: number;
}

export interface DefensePool {
  readonly dice: number;
  readonly steps: readonly ExplainStep[];
}

/** The defender's dice pool: Reaction for ranged; skill + Reaction for melee; + a skill on Full Defense. */
export function defensePool(input: DefenseInput): DefensePool {
  const reaction = requireInteger('Reaction', input.reaction, 1, MAX_ATTRIBUTE);
  const steps: ExplainStep[] = [];
  let dice = reaction;
  if (input.attack === 'ranged') {
    if (input.method !== 'reaction') {
      throw new RulesError(
        'not-allowed',
        `A ranged attack is defended with Reaction; ${input.method} only works against melee.`,
      );
    }
    steps.push(step(`Ranged defence: Reaction ${reaction}.`, SECTION.resolvingAttack));
  } else if (input.attack === 'melee') {
    if (input.method === 'reaction') {
      steps.push(step(`Melee defence with no skill: Reaction ${reaction}.`, SECTION.melee, 'default'));
    } else {
      const names = { parry: 'weapon skill (parry)', block: 'Unarmed Combat (block)', dodge: 'Dodge' } as const;
      const name = names[input.method];
      if (!name) throw new RulesError('invalid-input', `Unknown defence "${String(input.method)}".`);
      const skill = requireInteger('Defence skill', input.skill ?? 0, 0, 20);
      dice += skill;
      steps.push(step(`Melee defence: ${name} ${skill} + Reaction ${reaction} = ${dice}.`, SECTION.melee));
    }
  } else {
    throw new RulesError('invalid-input', 'The attack must be "ranged" or "melee".');
  }
  if (input.fullDefenseSkill !== undefined) {
    const extra = requireInteger('Full Defense skill', input.fullDefenseSkill, 0, 20);
    dice += extra;
    steps.push(
      step(
        `Full Defense adds the defensive skill's ${plural(extra, 'die', 'dice')} (it costs an action).`,
        SECTION.fullDefense,
      ),
    );
  }
  const modifier = requireInteger('Defence modifier', input.modifier ?? 0, -50, 50);
  if (modifier !== 0) {
    dice += modifier;
    steps.push(step(`Modifiers ${signed(modifier)} dice.`, SECTION.resolvingAttack));
  }
  if (dice < 0) {
    steps.push(step(`The pool is ${dice}: no dice are rolled.`, SECTION.resolvingAttack, 'book'));
    dice = 0;
  }
  if (dice > MAX_POOL)
    throw new RulesError('out-of-range', `A pool of ${dice} dice is more than the ${MAX_POOL} allowed.`);
  return { dice, steps };
}
