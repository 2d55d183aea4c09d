// Damage dice, Edges and Impaired (seed: Attack Modifiers).
import { RulesError, describe, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { SECTIONS, plural, step } from './rules';

/** Damage dice in step order: every Edge moves one step right, never past d12. */
export const DIE_STEPS = [4, 6, 8, 10, 12] as const;
export type DieSize = (typeof DIE_STEPS)[number];
/** "Impaired attacks always do d4 damage, and cannot be improved by Edges." */
export const IMPAIRED_DIE: DieSize = 4;
/** More than 4 Edges changes nothing (d4 → d12 is four steps); 10 keeps typos out. */
export const MAX_EDGES = 10;
/** The largest face any Hardware damage die shows. */
export const MAX_FACE = 12;

export function isDieSize(value: unknown): value is DieSize {
  return typeof value === 'number' && (DIE_STEPS as readonly number[]).includes(value);
}

export function requireDieSize(name: string, value: unknown): DieSize {
  if (!isDieSize(value)) {
    throw new RulesError(
      'invalid-input',
      `${name} must be a damage die of 4, 6, 8, 10 or 12 sides, got ${describe(value)}.`,
      {
        name,
        value,
      },
    );
  }
  return value;
}

/** Why an attack is Impaired; each names the seed rule that says so. */
export type ImpairedReason = 'behind-heavy-cover' | 'hardened-target' | 'distant-target' | 'enemy-beside' | 'other';

const IMPAIRED_REASONS: Record<
  ImpairedReason,
  { readonly text: string; readonly section: (typeof SECTIONS)[keyof typeof SECTIONS] }
> = {
  'behind-heavy-cover': { text: 'the attacker is behind Heavy Cover', section: SECTIONS.cover },
  'hardened-target': { text: 'the target is Hardened and the attack is affected by Armor', section: SECTIONS.hardened },
  'distant-target': { text: 'the target is especially distant', section: SECTIONS.ranged },
  'enemy-beside': { text: 'an unimpaired enemy is beside the shooter', section: SECTIONS.ranged },
  other: { text: 'the Admin rules the attack Impaired', section: SECTIONS.modifiers },
};

export interface ImpairmentCheck {
  /** "Attacks from behind Heavy Cover are Impaired." */
  readonly attackerBehindHeavyCover?: boolean;
  /** Hardened target: attacks affected by Armor are Impaired. */
  readonly targetHardened?: boolean;
  /** The attack ignores Armor (piercing), so a Hardened target does not impair it. */
  readonly piercing?: boolean;
  /** The target's current Armor; at 0 (e.g. shredded away) no attack is affected by Armor. */
  readonly targetArmor?: number;
  /** Distance and "enemy beside you" only impair ranged attacks. */
  readonly ranged?: boolean;
  readonly distantTarget?: boolean;
  readonly unimpairedEnemyBeside?: boolean;
}

/** Every seed reason that makes this attack Impaired (empty when it is not). */
export function impairmentReasons(check: ImpairmentCheck): ImpairedReason[] {
  const reasons: ImpairedReason[] = [];
  if (check.attackerBehindHeavyCover) reasons.push('behind-heavy-cover');
  if (check.targetHardened && attackAffectedByArmor(check.piercing ?? false, check.targetArmor)) {
    reasons.push('hardened-target');
  }
  if (check.ranged && check.distantTarget) reasons.push('distant-target');
  if (check.ranged && check.unimpairedEnemyBeside) reasons.push('enemy-beside');
  return reasons;
}

/**
 * An attack is affected by Armor unless it ignores Armor (piercing) or the target has none left.
 * Unknown Armor counts as affected: Hardened foes are armoured.
 */
export function attackAffectedByArmor(piercing: boolean, targetArmor: number | undefined): boolean {
  if (piercing) return false;
  return targetArmor === undefined || targetArmor > 0;
}

export interface DamageDieInput {
  readonly die: DieSize;
  readonly edges?: number;
  /** true, or the list of reasons the attack is Impaired (from impairmentReasons). */
  readonly impaired?: boolean | readonly ImpairedReason[];
}

export interface DamageDieResult {
  /** The die to roll for this attack. */
  readonly die: DieSize;
  readonly baseDie: DieSize;
  readonly edges: number;
  /** Steps actually gained (Edges beyond d12 are lost). */
  readonly stepsGained: number;
  readonly impaired: boolean;
  readonly reasons: readonly ImpairedReason[];
  readonly steps: ExplainStep[];
}

/** The damage die after Edges (one step each, up to d12) or Impaired (always d4, no Edges). */
export function damageDie(input: DamageDieInput): DamageDieResult {
  const baseDie = requireDieSize('die', input.die);
  const edges = requireInteger('edges', input.edges ?? 0, 0, MAX_EDGES);
  const reasons: readonly ImpairedReason[] = Array.isArray(input.impaired) ? input.impaired : [];
  const impaired = input.impaired === true || reasons.length > 0;
  const steps: ExplainStep[] = [];
  if (impaired) {
    const why = reasons.length ? ` because ${reasons.map((r) => IMPAIRED_REASONS[r].text).join(' and ')}` : '';
    for (const reason of reasons) {
      steps.push(step(`Impaired: ${IMPAIRED_REASONS[reason].text}.`, IMPAIRED_REASONS[reason].section));
    }
    steps.push(
      step(
        `The attack is Impaired${why}: it does d4 damage${edges ? ` and its ${plural(edges, 'Edge')} cannot improve it` : ''}.`,
        SECTIONS.modifiers,
      ),
    );
    return { die: IMPAIRED_DIE, baseDie, edges, stepsGained: 0, impaired: true, reasons, steps };
  }
  const start = DIE_STEPS.indexOf(baseDie);
  const end = Math.min(start + edges, DIE_STEPS.length - 1);
  const die = DIE_STEPS[end]!;
  const stepsGained = end - start;
  if (edges === 0) {
    steps.push(step(`No Edges: the weapon's d${baseDie} is rolled as it is.`, SECTIONS.modifiers));
  } else if (stepsGained < edges) {
    steps.push(
      step(
        `${plural(edges, 'Edge')} step d${baseDie} up to d${die}; damage dice stop at d12, so ${plural(edges - stepsGained, 'Edge')} ${edges - stepsGained === 1 ? 'is' : 'are'} lost.`,
        SECTIONS.modifiers,
      ),
    );
  } else {
    steps.push(step(`${plural(edges, 'Edge')} step d${baseDie} up to d${die}.`, SECTIONS.modifiers));
  }
  return { die, baseDie, edges, stepsGained, impaired: false, reasons, steps };
}
