import type { FieldDef, SetupValues } from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { plural, rule, SECTION, signed, step } from '../sections';
import { MAX_SKILL } from '../skills';
import type { SetupReader } from './setup';
import type { Side } from './vehicle-sides';

/**
 * How the target of a vehicle roll defends. A vehicle swerves with a Vehicle Test (seed: Reaction
 * + vehicle skill ± Handling) — its driver's, who is not part of the roll, so the GM types their
 * Reaction and skill; an autonomous drone uses its Response and Pilot in their places. A person
 * defends as against any ranged attack (Reaction), and dodges a ram with Reaction + Dodge.
 */

export const VEHICLE_DEFENCE_FIELDS: readonly FieldDef[] = [
  {
    id: 'targetDriverReaction',
    kind: 'number',
    label: "Target driver's Reaction",
    help: "A crewed vehicle target swerves with its driver's Vehicle Test.",
    group: 'defence',
    rule: rule(SECTION.vehicles),
    min: 1,
    max: 12,
  },
  {
    id: 'targetDriverSkill',
    kind: 'number',
    label: "Target driver's vehicle skill",
    group: 'defence',
    rule: rule(SECTION.vehicles),
    min: 0,
    max: MAX_SKILL,
  },
];

/** The driver of a crewed target is not in the roll: a professional's Reaction 3 and skill 3 to start. */
export function vehicleDefenceDefaults(_target: Side | null): SetupValues {
  return { targetDriverReaction: 3, targetDriverSkill: 3 };
}

export interface Defence {
  readonly dice: number;
  readonly label: string;
  readonly steps: readonly ExplainStep[];
}

/** `dodge`: a person dodging a ram adds it; null for a shot (Reaction alone). */
export function vehicleDefence(v: SetupReader, target: Side, dodge: number | null = null): Defence {
  const vehicle = target.vehicle;
  if (vehicle) {
    const handling = vehicle.handling;
    const [first, second, source] = vehicle.autonomous
      ? ([`Response ${vehicle.response}`, `Pilot ${vehicle.pilot}`, 'default'] as const)
      : ([
          `driver's Reaction ${v.number('targetDriverReaction')}`,
          `vehicle skill ${v.number('targetDriverSkill')}`,
          'book',
        ] as const);
    const sum = vehicle.autonomous
      ? vehicle.response + vehicle.pilot
      : v.number('targetDriverReaction') + v.number('targetDriverSkill');
    const dice = Math.max(0, sum + handling);
    return {
      dice,
      label: `Vehicle Test: ${first} + ${second}, Handling ${signed(handling)}`,
      steps: [
        step(
          `${target.name} swerves with a Vehicle Test: ${first} + ${second} ${handling < 0 ? '−' : '+'} Handling ${Math.abs(handling)} = ${plural(dice, 'die', 'dice')}${vehicle.autonomous ? " (an autonomous drone's Response and Pilot stand in for a driver's Reaction and skill)" : ''}.`,
          SECTION.vehicles,
          source,
        ),
      ],
    };
  }
  const wounds = target.woundModifier;
  const raw = target.reaction + (dodge ?? 0) + wounds;
  const dice = Math.max(0, raw);
  const pool = dodge === null ? `Reaction ${target.reaction}` : `Reaction ${target.reaction} + Dodge ${dodge}`;
  return {
    dice,
    label: `${pool}${wounds ? `, wounds ${signed(wounds)}` : ''}`,
    steps: [
      step(
        `${target.name} defends with ${pool}${wounds ? ` ${signed(wounds)} wounds` : ''} = ${plural(dice, 'die', 'dice')}${dodge === null ? '' : ' (diving out of the way)'}.`,
        dodge === null ? SECTION.resolvingAttack : SECTION.vehicles,
        dodge === null ? 'seed' : 'book',
      ),
    ],
  };
}
