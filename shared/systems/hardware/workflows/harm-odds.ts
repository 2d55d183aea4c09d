// Harm: the preview of what the tracker will do, and the odds of it.
import type { Distribution } from '../../../dice/distribution';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { applyHarm as overflowHarm, type HarmResult } from '../health';
import { criticalOdds } from '../odds';
import { SECTIONS, step } from '../rules';
import type { OddsFigure } from '../../../system-kit/workflow';
import type { Combatant } from './participants';
import type { HarmChoice } from './attacker-choices';

/** What the harm does to the target, by the package's overflow rule (the tracker applies the same). */
export function previewHarm(
  target: Combatant,
  harm: HarmChoice,
  amount: number,
): { result: HarmResult; steps: ExplainStep[] } {
  const attribute = harm === 'damage' ? target.BOD : target.CTR;
  const result = overflowHarm({ kind: harm, stamina: target.stamina, attribute, amount, pc: target.pc });
  const steps = result.steps.map((s) => ({ text: `${target.name}: ${s.text}`, rule: s.rule }));
  if (target.dead) {
    steps.push(step(`${target.name} is already dead: no save is made.`, SECTIONS.attributeLoss));
  } else if (result.saveRequired) {
    steps.push(
      step(
        `When the ${harm} is applied, the tracker asks for ${target.name}'s ${result.attributeId} save (d20 against ${result.attribute}); a failure is Critical ${harm === 'damage' ? 'Damage' : 'Stress'}.`,
        harm === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress,
      ),
    );
  }
  return { result, steps };
}

export function harmResultJson(target: Combatant, harm: HarmChoice, r: HarmResult): Record<string, unknown> {
  return {
    staminaBefore: target.stamina,
    staminaAfter: r.stamina,
    attribute: r.attributeId,
    attributeBefore: harm === 'damage' ? target.BOD : target.CTR,
    attributeAfter: r.attribute,
    overflow: r.overflow,
    saveRequired: r.saveRequired && !target.dead,
    saveAgainst: r.saveRequired && !target.dead ? r.attribute : null,
    zeroed: r.zeroed,
  };
}

export interface HarmOdds {
  readonly expected: number;
  readonly some: number;
  readonly staminaZero: number;
  readonly overflow: number;
  readonly critical: number;
  readonly zeroed: number;
}

export function harmOdds(dist: Distribution, target: Combatant, harm: HarmChoice): HarmOdds {
  const crit = criticalOdds(dist, target.stamina, harm === 'damage' ? target.BOD : target.CTR);
  let expected = 0;
  let staminaZero = 0;
  dist.forEach((p, amount) => {
    expected += p * amount;
    if (amount >= target.stamina) staminaZero += p;
  });
  return {
    expected,
    some: 1 - (dist[0] ?? 0),
    staminaZero,
    overflow: crit.overflow,
    critical: crit.critical,
    zeroed: crit.zeroed,
  };
}

/** The headline figures for one target; `prefix` names the target when there are several. */
export function harmFigures(odds: HarmOdds, harm: HarmChoice, prefix = ''): OddsFigure[] {
  const attr = harm === 'damage' ? 'BOD' : 'CTR';
  const word = harm === 'damage' ? 'damage' : 'stress';
  return [
    {
      label: `${prefix}Expected ${word} after ${harm === 'damage' ? 'Cover and Armor' : 'Buffer'}`,
      value: odds.expected,
      format: 'number',
    },
    { label: `${prefix}Some ${word} gets through`, value: odds.some, format: 'percent' },
    { label: `${prefix}Stamina reduced to 0`, value: odds.staminaZero, format: 'percent' },
    {
      label: `${prefix}${harm === 'damage' ? 'Damage' : 'Stress'} past Stamina into ${attr}`,
      value: odds.overflow,
      format: 'percent',
    },
    {
      label: `${prefix}Critical ${harm === 'damage' ? 'Damage' : 'Stress'} (failed ${attr} save)`,
      value: odds.critical,
      format: 'percent',
    },
    {
      label: `${prefix}${attr} reduced to 0 (${harm === 'damage' ? 'dead' : 'breakdown'}, no save)`,
      value: odds.zeroed,
      format: 'percent',
    },
  ];
}

export function distributionOutcomes(dist: Distribution): { label: string; p: number }[] {
  return dist.map((p, amount) => ({ label: String(amount), p }));
}
