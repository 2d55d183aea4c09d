import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './attributes';
import { plural, SECTION, signed, step } from './sections';
import { evaluateTest, type TestResult } from './tests';
import type { GlitchRule } from './toggles';

export type DamageType = 'P' | 'S';
/** Ballistic armour stops bullets; Impact armour stops blows, grenades, rockets and missiles. */
export type ArmorType = 'ballistic' | 'impact';

export interface ArmorRatings {
  readonly ballistic: number;
  readonly impact: number;
}

export const MAX_DV = 100;
export const MAX_AP = 50;
export const MAX_ARMOR = 100;

/** Armour after Armour Penetration: the AP is added to the rating, never below 0. */
export function armorAfterAp(armor: number, ap: number): number {
  requireInteger('Armor', armor, 0, MAX_ARMOR);
  requireInteger('Armor Penetration', ap, -MAX_AP, MAX_AP);
  return Math.max(0, armor + ap);
}

/** Knockdown (book): the boxes marked after resistance exceed Body or reach 10. */
export function knocksDown(boxes: number, body: number): boolean {
  return boxes > body || boxes >= 10;
}

/** Picks the armour rating the GM chose for this attack (Ballistic or Impact). */
export function pickArmor(armor: number | ArmorRatings, type: ArmorType | undefined): number {
  if (typeof armor === 'number') return armor;
  if (type === undefined) {
    throw new RulesError('invalid-input', 'Choose Ballistic or Impact armour for this attack.');
  }
  return type === 'ballistic' ? armor.ballistic : armor.impact;
}

/**
 * Physical damage whose modified DV does not beat the armour after AP becomes Stun:
 * DV ≤ armour by default, DV < armour with stunWhenEqual off. Stun stays Stun.
 */
export function damageTypeAfterArmor(
  type: DamageType,
  modifiedDv: number,
  armorAfterAp: number,
  stunWhenEqual: boolean,
): DamageType {
  if (type === 'S') return 'S';
  const soaked = stunWhenEqual ? modifiedDv <= armorAfterAp : modifiedDv < armorAfterAp;
  return soaked ? 'S' : 'P';
}

export interface OpposedResult {
  readonly hit: boolean;
  /** Attacker hits minus defender hits when the attack hits, else 0. */
  readonly netHits: number;
  readonly attack: TestResult;
  readonly defense: TestResult;
  readonly steps: readonly ExplainStep[];
}

/** Opposed Test: more attacker hits than defender hits is a hit; ties favour the defender. */
export function opposedTest(
  attackDice: readonly number[],
  defenseDice: readonly number[],
  glitch: GlitchRule,
): OpposedResult {
  const attack = evaluateTest(attackDice, glitch, 'attackDice');
  const defense = evaluateTest(defenseDice, glitch, 'defenseDice');
  const hit = attack.hits > defense.hits;
  const netHits = hit ? attack.hits - defense.hits : 0;
  const text = hit
    ? `Attacker ${plural(attack.hits, 'hit', 'hits')} against defender ${plural(defense.hits, 'hit', 'hits')}: the attack hits with ${plural(netHits, 'net hit', 'net hits')}.`
    : attack.hits === defense.hits
      ? `Attacker and defender both score ${plural(attack.hits, 'hit', 'hits')}: ties favour the defender, the attack misses.`
      : `Attacker ${plural(attack.hits, 'hit', 'hits')} against defender ${plural(defense.hits, 'hit', 'hits')}: the attack misses.`;
  const steps: ExplainStep[] = [step(text, SECTION.resolvingAttack)];
  if (attack.glitch)
    steps.push(
      step(`The attacker ${attack.criticalGlitch ? 'critically glitches' : 'glitches'}.`, SECTION.combatTurn, 'book'),
    );
  if (defense.glitch)
    steps.push(
      step(`The defender ${defense.criticalGlitch ? 'critically glitches' : 'glitches'}.`, SECTION.combatTurn, 'book'),
    );
  return { hit, netHits, attack, defense, steps };
}

export interface AttackInput {
  readonly attackDice: readonly number[];
  readonly defenseDice: readonly number[];
  /** The weapon's base Damage Value. */
  readonly dv: number;
  readonly damageType: DamageType;
  /** Armour Penetration, written as it appears in the damage code (−1, +5). */
  readonly ap: number;
  /** The target's armour before AP: one rating, or both with `armorType` choosing. */
  readonly armor: number | ArmorRatings;
  readonly armorType?: ArmorType;
  /** The Damage Resistance Test dice (Body + armour after AP), when rolled. */
  readonly resistDice?: readonly number[];
  /** The target's Body, to size the resistance pool and check Knockdown. */
  readonly body?: number;
}

export interface AttackOptions {
  readonly glitch: GlitchRule;
  readonly stunWhenEqual: boolean;
}

export interface AttackResult {
  readonly hit: boolean;
  readonly netHits: number;
  readonly attackHits: number;
  readonly defenseHits: number;
  /** Base DV + net hits (the base DV on a miss). */
  readonly modifiedDv: number;
  /** The damage type after comparing the modified DV with the armour (the weapon's own type on a miss). */
  readonly damageType: DamageType;
  readonly armorAfterAp: number;
  /** Dice the target should roll to resist: Body + armour after AP (when Body is known). */
  readonly resistPool: number | null;
  readonly resistHits: number | null;
  /** Boxes of damage to mark: after resistance when the resistance dice were given, else the modified DV; 0 on a miss. */
  readonly boxes: number;
  /** Knockdown when the boxes exceed Body or reach 10 (book; null when Body is unknown or nothing landed). */
  readonly knockdown: boolean | null;
  readonly attack: TestResult;
  readonly defense: TestResult;
  readonly resist: TestResult | null;
  readonly steps: readonly ExplainStep[];
}

/** Resolves one attack from rolled dice: opposed test, DV, armour and damage type, resistance. */
export function resolveAttack(input: AttackInput, options: AttackOptions): AttackResult {
  const dv = requireInteger('DV', input.dv, 0, MAX_DV);
  if (input.damageType !== 'P' && input.damageType !== 'S') {
    throw new RulesError('invalid-input', 'Damage type must be "P" (Physical) or "S" (Stun).');
  }
  const armorRating = pickArmor(input.armor, input.armorType);
  const armor = armorAfterAp(armorRating, input.ap);
  const body = input.body === undefined ? undefined : requireInteger('Body', input.body, 1, MAX_ATTRIBUTE);
  const opposed = opposedTest(input.attackDice, input.defenseDice, options.glitch);
  const steps: ExplainStep[] = [...opposed.steps];
  const resistPool = body === undefined ? null : body + armor;

  if (!opposed.hit) {
    if (input.resistDice !== undefined) evaluateTest(input.resistDice, options.glitch, 'resistDice');
    steps.push(step('A miss deals no damage; there is nothing to resist.', SECTION.resolvingAttack));
    return {
      hit: false,
      netHits: 0,
      attackHits: opposed.attack.hits,
      defenseHits: opposed.defense.hits,
      modifiedDv: dv,
      damageType: input.damageType,
      armorAfterAp: armor,
      resistPool,
      resistHits: null,
      boxes: 0,
      knockdown: null,
      attack: opposed.attack,
      defense: opposed.defense,
      resist: null,
      steps,
    };
  }

  const modifiedDv = dv + opposed.netHits;
  steps.push(
    step(
      `Modified DV = base ${dv} + ${plural(opposed.netHits, 'net hit', 'net hits')} = ${modifiedDv}.`,
      SECTION.resolvingAttack,
    ),
  );
  const armorName = input.armorType ? `${input.armorType === 'ballistic' ? 'Ballistic' : 'Impact'} armour` : 'Armour';
  steps.push(
    step(
      `${armorName} ${armorRating} with AP ${signed(input.ap)} = ${armor}${armorRating + input.ap < 0 ? ' (never below 0)' : ''}.`,
      SECTION.resolvingAttack,
    ),
  );
  const damageType = damageTypeAfterArmor(input.damageType, modifiedDv, armor, options.stunWhenEqual);
  if (input.damageType === 'S') {
    steps.push(step('The attack deals Stun damage.', SECTION.damage));
  } else if (damageType === 'S') {
    steps.push(
      step(
        `Modified DV ${modifiedDv} ${options.stunWhenEqual ? 'does not exceed' : 'is below'} armour ${armor}: the Physical damage becomes Stun.`,
        SECTION.resolvingAttack,
        options.stunWhenEqual ? 'book' : 'default',
      ),
    );
  } else {
    steps.push(
      step(
        `Modified DV ${modifiedDv} ${options.stunWhenEqual ? 'exceeds' : 'is not below'} armour ${armor}: the damage stays Physical.`,
        SECTION.resolvingAttack,
        options.stunWhenEqual ? 'book' : 'default',
      ),
    );
  }
  if (resistPool !== null) {
    steps.push(
      step(
        `The target resists with Body ${body} + armour ${armor} = ${plural(resistPool, 'die', 'dice')}.`,
        SECTION.resolvingAttack,
      ),
    );
  }

  let resist: TestResult | null = null;
  let boxes = modifiedDv;
  if (input.resistDice !== undefined) {
    resist = evaluateTest(input.resistDice, options.glitch, 'resistDice');
    boxes = Math.max(0, modifiedDv - resist.hits);
    steps.push(
      step(
        `Damage Resistance: ${plural(resist.hits, 'hit', 'hits')} each cut the DV by 1: ${plural(boxes, 'box', 'boxes')} of ${damageType === 'P' ? 'Physical' : 'Stun'} damage.`,
        SECTION.resolvingAttack,
      ),
    );
  } else {
    steps.push(
      step(`No resistance roll given: ${plural(boxes, 'box', 'boxes')} before resistance.`, SECTION.resolvingAttack),
    );
  }

  let knockdown: boolean | null = null;
  if (body !== undefined && resist !== null) {
    knockdown = knocksDown(boxes, body);
    steps.push(
      step(
        knockdown
          ? `${plural(boxes, 'box', 'boxes')} ${boxes >= 10 ? 'reach 10' : `exceed Body ${body}`}: the target is knocked down.`
          : `${plural(boxes, 'box', 'boxes')} neither exceed Body ${body} nor reach 10: no knockdown.`,
        SECTION.resolutionFlow,
        'book',
      ),
    );
  }

  return {
    hit: true,
    netHits: opposed.netHits,
    attackHits: opposed.attack.hits,
    defenseHits: opposed.defense.hits,
    modifiedDv,
    damageType,
    armorAfterAp: armor,
    resistPool,
    resistHits: resist?.hits ?? null,
    boxes,
    knockdown,
    attack: opposed.attack,
    defense: opposed.defense,
    resist,
    steps,
  };
}
