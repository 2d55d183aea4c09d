import type { ConditionInit } from '../../../system-kit/tracker-rules';
import type { ExplainStep, RuleRef } from '../../../system-kit/rule-system';
import { SECTION } from '../sections';
import { plural, rule, signed, step } from '../sections';
import type { Fighter, SetupReader } from './setup';
import {
  CALLED_SHOT_PENALTY,
  MAX_CALLED_SHOT_DV,
  VISIBILITY,
  visibilityModifier,
  VISIONS,
  type CalledShot,
  type Visibility,
  type Vision,
} from './situation';

/** One named dice pool modifier with the rule it comes from. */
export interface Part {
  readonly label: string;
  readonly value: number;
  readonly rule: RuleRef;
}

export interface AttackPool {
  /** Dice before Edge (a pool below 0 rolls none). */
  readonly dice: number;
  readonly edgeDice: number;
  readonly label: string;
  readonly steps: readonly ExplainStep[];
}

/**
 * Attribute + skill + every modifier, then Edge before the roll. A pool that ends below 1 die
 * (Edge included) is a problem: there is nothing to roll, so the attack cannot succeed.
 */
export function attackPool(
  attacker: Fighter,
  skillName: string,
  skill: number,
  parts: readonly Part[],
  pushTheLimit: boolean,
  problems: string[],
): AttackPool {
  const agility = attacker.stats.agility;
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const raw = agility + skill + total;
  const dice = Math.max(0, raw);
  const edgeDice = pushTheLimit ? attacker.stats.edge : 0;
  const steps: ExplainStep[] = [
    step(`Attack pool: Agility ${agility} + ${skillName} ${skill} = ${agility + skill}.`, SECTION.resolvingAttack),
  ];
  for (const part of parts)
    steps.push({
      text: `${part.label}: ${signed(part.value)} ${Math.abs(part.value) === 1 ? 'die' : 'dice'}.`,
      rule: part.rule,
    });
  steps.push(
    step(
      parts.length === 0
        ? `No modifiers: ${plural(dice, 'die', 'dice')}.`
        : `${agility + skill} ${total < 0 ? '−' : '+'} ${Math.abs(total)} = ${raw < 0 ? `${raw}, so no dice` : plural(dice, 'die', 'dice')}.`,
      SECTION.resolvingAttack,
    ),
  );
  if (pushTheLimit) {
    if (edgeDice === 0) problems.push(`${attacker.name} has no Edge to spend before the roll.`);
    else
      steps.push(
        step(
          `Edge before the roll: ${attacker.name} adds Edge ${edgeDice} dice, and every 6 explodes (Rule of Six).`,
          SECTION.combatTurn,
          'book',
        ),
      );
  }
  if (dice + edgeDice < 1) {
    problems.push(
      `The attack pool is ${raw < 0 ? `−${-raw}` : raw} ${Math.abs(raw) === 1 ? 'die' : 'dice'} after modifiers: there is nothing to roll. Lift a penalty${attacker.stats.edge > 0 && !pushTheLimit ? ' or spend Edge before the roll' : ''}.`,
    );
  }
  return {
    dice,
    edgeDice,
    label: `Agility ${agility} + ${skillName} ${skill}${total !== 0 ? `, modifiers ${signed(total)}` : ''}${edgeDice ? ` + Edge ${edgeDice}` : ''}`,
    steps,
  };
}

/**
 * The modifiers every attack, ranged or melee, ends with (in the order its steps list them):
 * what the attacker can see, a called shot, the attacker's wounds and the GM's own; then the
 * attack pool they add up to.
 */
export function attackPoolClosing(
  v: SetupReader,
  attacker: Fighter,
  skillName: string,
  calledShot: Part | null,
  parts: Part[],
  problems: string[],
): AttackPool {
  const visibility = v.choice<Visibility>('visibility');
  const vision = v.choice<Vision>('vision');
  const seeing = visibilityModifier(visibility, vision);
  if (seeing)
    parts.push({
      label: `${VISIBILITY[visibility].label} (${VISIONS[vision].toLowerCase()})`,
      value: seeing,
      rule: rule(SECTION.resolvingAttack, 'book'),
    });
  if (calledShot) parts.push(calledShot);
  const wounds = woundPart(attacker);
  if (wounds) parts.push(wounds);
  const other = v.number('otherModifier');
  if (other) parts.push({ label: 'Other (GM)', value: other, rule: rule(SECTION.resolvingAttack, 'default') });
  return attackPool(attacker, skillName, v.number('skill'), parts, v.flag('pushTheLimit'), problems);
}

export function woundPart(fighter: Fighter): Part | null {
  if (fighter.woundModifier === 0) return null;
  return {
    label: `Wounds (${fighter.physical} Physical, ${fighter.stun} Stun boxes)`,
    value: fighter.woundModifier,
    rule: { section: SECTION.damage, source: 'seed' },
  };
}

export interface CalledShotEffect {
  readonly part: Part | null;
  readonly dvBonus: number;
  readonly dvSteps: readonly ExplainStep[];
  readonly bypassArmour: boolean;
  readonly disarm: boolean;
}

/**
 * Called shots (book): for damage, −1 die per +1 DV up to 4; past the armour, minus the armour's
 * rating (AP does not count) and a hit ignores the armour; disarm, −4 and the modified DV is set
 * against the target's Strength instead of dealing damage.
 */
export function calledShotEffect(shot: CalledShot, extraDv: number, armourRating: number): CalledShotEffect {
  const rule: RuleRef = { section: SECTION.otherFactors, source: 'book' };
  if (shot === 'damage') {
    const dv = Math.min(MAX_CALLED_SHOT_DV, extraDv);
    return {
      part: { label: `Called shot for damage (+${dv} DV)`, value: -dv, rule },
      dvBonus: dv,
      dvSteps: [{ text: `The called shot adds ${dv} to the DV.`, rule }],
      bypassArmour: false,
      disarm: false,
    };
  }
  if (shot === 'armour') {
    return {
      part: { label: `Called shot past the armour (rating ${armourRating})`, value: -armourRating, rule },
      dvBonus: 0,
      dvSteps: [],
      bypassArmour: true,
      disarm: false,
    };
  }
  if (shot === 'disarm') {
    return {
      part: { label: 'Called shot to disarm', value: CALLED_SHOT_PENALTY, rule },
      dvBonus: 0,
      dvSteps: [],
      bypassArmour: false,
      disarm: true,
    };
  }
  return { part: null, dvBonus: 0, dvSteps: [], bypassArmour: false, disarm: false };
}

/** "−half" AP: the armour is halved, rounding up, written as the AP that does it. */
export function numericAp(ap: number | 'half', armour: number): number {
  return ap === 'half' ? -Math.floor(armour / 2) : ap;
}

/** Going on Full Defense lasts the Combat Turn: the target gets the tracker's condition if not already on it. */
export function fullDefenseConditions(target: Fighter, attacker: string, fullDefense: boolean): ConditionInit[] {
  if (!fullDefense || target.conditionIds.includes('full-defense')) return [];
  return [
    {
      conditionId: 'full-defense',
      label: 'Full Defense',
      rounds: 1,
      expires: 'round-end',
      note: `Went on Full Defense against ${attacker}`,
    },
  ];
}
