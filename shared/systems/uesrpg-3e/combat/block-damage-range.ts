import { RulesError, requireInteger } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { requireTn } from '../d100';
import { RULES } from '../sections';

// ---------------------------------------------------------------------------
// Block, damage modifiers, ranged TN
// ---------------------------------------------------------------------------

export interface BlockInput {
  readonly damage: number;
  readonly br: number;
  /** The incoming damage is magic. */
  readonly magic?: boolean;
  /** The shield's BR is magical (not halved against magic damage). */
  readonly magicBr?: boolean;
}

export interface BlockResult {
  readonly effectiveBr: number;
  readonly damageToShieldArm: number;
  readonly steps: ExplainStep[];
}

/** A successful Block: damage above the shield's BR goes in full to the shield arm, else nothing; magic halves BR (round up) unless the BR is magic. */
export function resolveBlock(input: BlockInput): BlockResult {
  const damage = requireInteger('damage', input.damage, 0, 1000);
  const br = requireInteger('br', input.br, 0, 1000);
  const halved = input.magic === true && input.magicBr !== true;
  const effectiveBr = halved ? Math.ceil(br / 2) : br;
  const steps: ExplainStep[] = [];
  if (halved) {
    steps.push({
      text: `Magic damage against a shield without magic BR: BR ${br} counts as half, rounded up: ${effectiveBr}.`,
      rule: RULES.resolve,
    });
  } else if (input.magic === true) {
    steps.push({
      text: `The shield's BR ${br} is magical, so it is not halved against magic damage.`,
      rule: RULES.resolve,
    });
  }
  const through = damage > effectiveBr;
  steps.push({
    text: through
      ? `Damage ${damage} exceeds BR ${effectiveBr}: the full ${damage} damage goes to the shield arm (subtract that arm's AR).`
      : `Damage ${damage} does not exceed BR ${effectiveBr}: the shield stops it all.`,
    rule: RULES.resolve,
  });
  return { effectiveBr, damageToShieldArm: through ? damage : 0, steps };
}

export type DamageModifier =
  | { readonly kind: 'penetrable-cover'; readonly rolls: readonly number[] }
  | { readonly kind: 'area-block'; readonly damage: number }
  | { readonly kind: 'swimming'; readonly damage: number }
  | { readonly kind: 'swing'; readonly damage: number; readonly meters: number };

export interface DamageModifierResult {
  readonly damage: number;
  readonly steps: ExplainStep[];
}

/** Situational damage changes: penetrable cover (lower of two rolls), area Block (half, up), swimming (half, up), swing/jump (+1 per 2 m, down). */
export function modifyDamage(input: DamageModifier): DamageModifierResult {
  switch (input.kind) {
    case 'penetrable-cover': {
      if (!Array.isArray(input.rolls) || input.rolls.length !== 2) {
        throw new RulesError(
          'invalid-input',
          'Penetrable cover needs exactly two damage rolls (roll damage twice, take the lower).',
        );
      }
      const [a, b] = input.rolls.map((r, i) => requireInteger(`rolls[${i}]`, r, 0, 1000)) as [number, number];
      const damage = Math.min(a, b);
      return {
        damage,
        steps: [
          {
            text: `Penetrable cover: damage rolled twice (${a}, ${b}); the lower, ${damage}, counts.`,
            rule: RULES.cover,
          },
        ],
      };
    }
    case 'area-block': {
      const raw = requireInteger('damage', input.damage, 0, 1000);
      const damage = Math.ceil(raw / 2);
      return {
        damage,
        steps: [
          { text: `Blocked area attack: ${raw} damage halved, rounded up: ${damage}.`, rule: RULES.areaOfEffect },
        ],
      };
    }
    case 'swimming': {
      const raw = requireInteger('damage', input.damage, 0, 1000);
      const damage = Math.ceil(raw / 2);
      return {
        damage,
        steps: [
          {
            text: `Fighting in water: attacks deal half damage, ${raw} → ${damage} (rounded up).`,
            rule: RULES.swimming,
          },
        ],
      };
    }
    case 'swing': {
      const raw = requireInteger('damage', input.damage, 0, 1000);
      const meters = requireInteger('meters', input.meters, 0, 1000);
      const bonus = Math.floor(meters / 2);
      return {
        damage: raw + bonus,
        steps: [
          {
            text: `Swinging or jumping ${meters} m into the attack: +1 damage per 2 m (round down) = +${bonus}, ${raw} → ${raw + bonus}.`,
            rule: RULES.swinging,
          },
        ],
      };
    }
    default:
      throw new RulesError(
        'invalid-input',
        `Unknown damage modifier kind "${String((input as { kind: unknown }).kind)}".`,
      );
  }
}

export type RangeBand = 'close' | 'effective' | 'long';
export const RANGE_BAND_MODIFIER: Readonly<Record<RangeBand, number>> = { close: 10, effective: 0, long: -20 };

export interface RangedTnResult {
  readonly tn: number;
  readonly steps: ExplainStep[];
}

/** Ranged attack TN: close +10, effective 0, long −20; a weapon outside the combat style −20. */
export function rangedTn(tn: number, band: RangeBand, inStyle = true): RangedTnResult {
  requireTn('tn', tn);
  const modifier = RANGE_BAND_MODIFIER[band];
  if (modifier === undefined)
    throw new RulesError('invalid-input', `Unknown range band "${String(band)}"; use close, effective or long.`);
  const steps: ExplainStep[] = [];
  let out = tn + modifier;
  steps.push({
    text: `${band[0]!.toUpperCase()}${band.slice(1)} range: ${modifier >= 0 ? '+' : ''}${modifier} → ${out}.`,
    rule: RULES.rangeBands,
  });
  if (!inStyle) {
    out -= 20;
    steps.push({ text: `The weapon is not in the combat style: −20 → ${out}.`, rule: RULES.attack });
  }
  return { tn: out, steps };
}

export type CoverKind = 'none' | 'penetrable' | 'impenetrable';

/** Whether an attack can reach a target behind cover, and what happens to its damage. */
export function coverEffect(cover: CoverKind): {
  readonly canHit: boolean;
  readonly damage: 'normal' | 'lower-of-two';
  readonly steps: ExplainStep[];
} {
  if (cover === 'impenetrable') {
    return {
      canHit: false,
      damage: 'normal',
      steps: [{ text: 'Behind impenetrable cover the target simply cannot be hit.', rule: RULES.cover }],
    };
  }
  if (cover === 'penetrable') {
    return {
      canHit: true,
      damage: 'lower-of-two',
      steps: [
        { text: 'Penetrable cover: no penalty to hit, but roll damage twice and take the lower.', rule: RULES.cover },
      ],
    };
  }
  if (cover !== 'none')
    throw new RulesError('invalid-input', `Unknown cover "${String(cover)}"; use none, penetrable or impenetrable.`);
  return { canHit: true, damage: 'normal', steps: [] };
}
