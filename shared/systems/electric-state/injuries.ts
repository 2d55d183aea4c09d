import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError } from '../../errors';
import { checkD6 } from './dice';
import { SECTION, step } from './sections';

/** A dice penalty from an injury, on the rolls it names. */
export interface InjuryPenalty {
  readonly dice: number;
  /** Which rolls: attributes, or "two-arms" for rolls requiring two arms. */
  readonly on: readonly ('strength' | 'agility' | 'wits' | 'empathy' | 'two-arms')[];
  /** Narrower scope within those rolls ("hearing", "spotting things"). */
  readonly only?: string;
}

export interface SeriousInjury {
  readonly code: number;
  readonly injury: string;
  readonly effect: string;
  /** Healing time as dice of days ("D6", "2D6", "3D6"), or null where the table shows "—". */
  readonly healingDays: 'D6' | '2D6' | '3D6' | null;
  readonly penalties: readonly InjuryPenalty[];
  /** "May move OR act, not both". */
  readonly moveOrAct: boolean;
  readonly requiresSurgery: boolean;
  /** Traumatized: roll on the Mental Trauma table. */
  readonly mentalTrauma: boolean;
  /** Infected wound: a disease of this Virulence. */
  readonly diseaseVirulence: number | null;
  /** Internal bleeding: each Strength or Agility roll also inflicts D6 damage. */
  readonly damagePerRoll: 'D6' | null;
}

function injury(
  code: number,
  name: string,
  effect: string,
  healingDays: SeriousInjury['healingDays'],
  extra: Partial<SeriousInjury> = {},
): SeriousInjury {
  return {
    code,
    injury: name,
    effect,
    healingDays,
    penalties: [],
    moveOrAct: false,
    requiresSurgery: false,
    mentalTrauma: false,
    diseaseVirulence: null,
    damagePerRoll: null,
    ...extra,
  };
}

const STR_AGI: InjuryPenalty['on'] = ['strength', 'agility'];

/** The seed's Serious Injuries (D66) table, results 41–66 (11–36: no injury). */
export const SERIOUS_INJURIES: readonly SeriousInjury[] = [
  injury(41, 'Broken finger', '−1 die on rolls requiring two arms (shooting rifle, driving, climbing)', 'D6', {
    penalties: [{ dice: -1, on: ['two-arms'] }],
  }),
  injury(42, 'Ear torn off', '−1 die on Wits rolls for hearing', '2D6', {
    penalties: [{ dice: -1, on: ['wits'], only: 'hearing' }],
  }),
  injury(43, 'Broken toe', 'May move OR act, not both', 'D6', { moveOrAct: true }),
  injury(44, 'Broken ribs', '−2 dice on Strength and Agility rolls', 'D6', { penalties: [{ dice: -2, on: STR_AGI }] }),
  injury(45, 'Teeth knocked out', '−1 die on Empathy rolls', '2D6', { penalties: [{ dice: -1, on: ['empathy'] }] }),
  injury(46, 'Concussion', '−2 dice on Wits rolls', 'D6', { penalties: [{ dice: -2, on: ['wits'] }] }),
  injury(51, 'Broken nose', '−1 die on Empathy rolls', 'D6', { penalties: [{ dice: -1, on: ['empathy'] }] }),
  injury(52, 'Busted knee', 'May move OR act, not both', '2D6', { moveOrAct: true }),
  injury(53, 'Traumatized', 'Roll on the Mental Trauma table', null, { mentalTrauma: true }),
  injury(54, 'Gouged eye', '−2 dice on Wits rolls for spotting things', 'D6', {
    penalties: [{ dice: -2, on: ['wits'], only: 'spotting things' }],
  }),
  injury(55, 'Damaged throat', '−2 dice on Empathy rolls', 'D6', { penalties: [{ dice: -2, on: ['empathy'] }] }),
  injury(56, 'Infected wound', 'Disease of Virulence 6', null, { diseaseVirulence: 6 }),
  injury(61, 'Broken arm', '−3 dice on rolls requiring two arms', '3D6', {
    penalties: [{ dice: -3, on: ['two-arms'] }],
  }),
  injury(62, 'Broken leg', 'May move OR act, not both', '3D6', { moveOrAct: true }),
  injury(63, 'Disfigured face', '−2 dice on Empathy rolls (requires surgery)', '2D6', {
    penalties: [{ dice: -2, on: ['empathy'] }],
    requiresSurgery: true,
  }),
  injury(64, 'Punctured lung', '−2 dice on Strength and Agility rolls (requires surgery)', '2D6', {
    penalties: [{ dice: -2, on: STR_AGI }],
    requiresSurgery: true,
  }),
  injury(65, 'Cracked skull', '−2 dice on Wits rolls (requires surgery)', '2D6', {
    penalties: [{ dice: -2, on: ['wits'] }],
    requiresSurgery: true,
  }),
  injury(
    66,
    'Internal bleeding',
    '−2 dice on Strength and Agility; each such roll also inflicts D6 damage (requires surgery)',
    '2D6',
    {
      penalties: [{ dice: -2, on: STR_AGI }],
      requiresSurgery: true,
      damagePerRoll: 'D6',
    },
  ),
];

/** Surgery note from the seed, shown with injuries that require surgery. */
export const SURGERY_NOTE =
  'Surgery: Takes a Shift of time; requires the Surgeon talent. Can use improvised instruments (surgical gear gives bonus dice). A failed surgery leaves the patient Incapacitated.';

export interface SeriousInjuryResult {
  readonly code: number;
  /** The table's injury name, or null for 11–36 (no injury). */
  readonly injury: string | null;
  readonly entry: SeriousInjury | null;
  readonly steps: ExplainStep[];
}

/** Looks up a D66 result (11–66, digits 1–6). */
export function seriousInjuryByCode(code: number): SeriousInjury | null {
  const tens = Math.floor(code / 10);
  const units = code % 10;
  if (!Number.isInteger(code) || tens < 1 || tens > 6 || units < 1 || units > 6) {
    throw new RulesError('out-of-range', `${code} is not a D66 result (11–66, each digit 1–6).`);
  }
  if (code <= 36) return null;
  return SERIOUS_INJURIES.find((i) => i.code === code)!;
}

/** Rolls on the Serious Injuries table: first die the tens, second the units. */
export function seriousInjury(dice: readonly number[]): SeriousInjuryResult {
  const faces = checkD6('dice', dice);
  if (faces.length !== 2)
    throw new RulesError('invalid-input', `A D66 roll is two dice (tens, units), got ${faces.length}.`);
  const code = faces[0]! * 10 + faces[1]!;
  const entry = seriousInjuryByCode(code);
  return {
    code,
    injury: entry?.injury ?? null,
    entry,
    steps: [
      step(
        entry
          ? `D66 ${code}: ${entry.injury} — ${entry.effect}${entry.healingDays ? `; heals in ${entry.healingDays} days` : ''}.`
          : `D66 ${code}: 11–36, no serious injury.`,
        SECTION.seriousInjuries,
      ),
    ],
  };
}
