import { RulesError, requireInteger } from '../../errors';
import type { AttributeDef, ExplainStep } from '../../system-kit/rule-system';
import { SECTIONS, step } from './rules';

/** The three attributes. A creature is defeated in a different way when each reaches 0. */
export type AttributeId = 'BOD' | 'AGL' | 'CTR';
export const ATTRIBUTE_IDS: readonly AttributeId[] = ['BOD', 'AGL', 'CTR'];

/**
 * Attributes are saved against on a d20, so anything above 20 means nothing more: a 20 always
 * fails. 0 is a real value in play (BOD 0 = dead, AGL 0 = paralysed, CTR 0 = breakdown).
 */
export const ATTRIBUTE_MIN = 0;
export const ATTRIBUTE_MAX = 20;
/** Stamina has no printed cap in the seed; 99 keeps typos (999) out. */
export const STAMINA_MAX = 99;
/** "A PC, NPC, or other creatures cannot have more than 3 Armor" (and the same for Buffer). */
export const PROTECTION_MAX = 3;
/** Largest single amount of damage or stress an operation accepts. */
export const HARM_MAX = 999;

export const hardwareAttributes: readonly AttributeDef[] = [
  { id: 'BOD', label: 'Body', short: 'BOD', min: ATTRIBUTE_MIN, max: ATTRIBUTE_MAX, defaultValue: 10 },
  { id: 'AGL', label: 'Agility', short: 'AGL', min: ATTRIBUTE_MIN, max: ATTRIBUTE_MAX, defaultValue: 10 },
  { id: 'CTR', label: 'Control', short: 'CTR', min: ATTRIBUTE_MIN, max: ATTRIBUTE_MAX, defaultValue: 10 },
  { id: 'stamina', label: 'Stamina', short: 'STA', min: 0, max: STAMINA_MAX, defaultValue: 4 },
  { id: 'armor', label: 'Armor', short: 'ARM', min: 0, max: PROTECTION_MAX, defaultValue: 0 },
  { id: 'buffer', label: 'Buffer', short: 'BUF', min: 0, max: PROTECTION_MAX, defaultValue: 0 },
];

export function requireAttribute(name: string, value: unknown): number {
  return requireInteger(name, value, ATTRIBUTE_MIN, ATTRIBUTE_MAX);
}

export function requireStamina(name: string, value: unknown): number {
  return requireInteger(name, value, 0, STAMINA_MAX);
}

/**
 * Armor or Buffer as given for a creature. Above 3 is invalid input: the seed says no
 * creature can have more than 3, so a 4 is a mistake on the sheet, not something to clamp.
 */
export function requireProtection(kind: 'Armor' | 'Buffer', value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return requireInteger(kind, value, 0, PROTECTION_MAX);
  if (value > PROTECTION_MAX) {
    throw new RulesError(
      'out-of-range',
      `A PC, NPC or other creature cannot have more than ${PROTECTION_MAX} ${kind}; got ${value}.`,
      { name: kind, value, max: PROTECTION_MAX },
    );
  }
  return requireInteger(kind, value, 0, PROTECTION_MAX);
}

/** Largest Armor or Buffer an operation accepts before the cap (the operation schema's bound). */
export const PROTECTION_INPUT_MAX = 1000;

/**
 * Armor or Buffer used in a roll: above 3 counts as 3 (seed: "cannot have more than 3 Armor",
 * the same for Buffer; CONFORMANCE: a GM adding up several items gets the cap, with a step).
 */
export function cappedProtection(
  kind: 'Armor' | 'Buffer',
  value: unknown,
): { value: number; given: number; steps: ExplainStep[] } {
  const given = requireInteger(kind, value, 0, PROTECTION_INPUT_MAX);
  if (given <= PROTECTION_MAX) return { value: given, given, steps: [] };
  const section = kind === 'Armor' ? SECTIONS.armor : SECTIONS.buffer;
  return {
    value: PROTECTION_MAX,
    given,
    steps: [
      step(
        `A PC, NPC or other creature cannot have more than ${PROTECTION_MAX} ${kind}: ${given} counts as ${PROTECTION_MAX}.`,
        section,
      ),
    ],
  };
}

/** One piece of protective gear: base armour, a helmet (+1 Armor), a cyberdeck (+1 Buffer)… */
export interface ProtectionPiece {
  readonly name: string;
  readonly bonus: number;
  /** Bonus protection counts "only while the item is held, worn, or installed". */
  readonly worn: boolean;
}

export interface ProtectionTotal {
  readonly kind: 'Armor' | 'Buffer';
  readonly value: number;
  /** Sum of worn pieces before the cap of 3. */
  readonly uncapped: number;
  /** True when worn gear adds up past 3 and the extra protection is lost. */
  readonly capped: boolean;
  readonly steps: ExplainStep[];
}

/**
 * Armor or Buffer from gear. Worn pieces add up; the total cannot exceed 3 — extra gear simply
 * gives nothing more (reported as `capped`, never hidden).
 */
export function protectionFromGear(kind: 'Armor' | 'Buffer', pieces: readonly ProtectionPiece[]): ProtectionTotal {
  const section = kind === 'Armor' ? SECTIONS.armor : SECTIONS.buffer;
  const steps: ExplainStep[] = [];
  let uncapped = 0;
  pieces.forEach((piece, index) => {
    const bonus = requireInteger(`${kind} gear[${index}] bonus`, piece.bonus, 0, PROTECTION_MAX);
    if (piece.worn) {
      uncapped += bonus;
      steps.push(step(`${piece.name} adds +${bonus} ${kind}.`, section));
    } else {
      steps.push(
        step(`${piece.name} is not held, worn or installed, so its +${bonus} ${kind} does not count.`, section),
      );
    }
  });
  const capped = uncapped > PROTECTION_MAX;
  const value = Math.min(uncapped, PROTECTION_MAX);
  if (capped) {
    steps.push(
      step(`Worn gear adds up to ${uncapped} ${kind}, but no creature can have more than 3: ${kind} is 3.`, section),
    );
  }
  return { kind, value, uncapped, capped, steps };
}
