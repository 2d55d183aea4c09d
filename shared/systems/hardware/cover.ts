// Cover (seed: Cover).
import { RulesError, describe } from '../../errors';

export type CoverTier = 'none' | 'light' | 'heavy';
export const COVER_VALUES: Readonly<Record<CoverTier, number>> = { none: 0, light: 1, heavy: 2 };

/** Cover as a tier name or its value (0, 1 light, 2 heavy). Anything else is invalid. */
export function coverValue(cover: CoverTier | number | undefined): number {
  if (cover === undefined) return 0;
  if (typeof cover === 'string' && Object.hasOwn(COVER_VALUES, cover)) return COVER_VALUES[cover];
  if (cover === 0 || cover === 1 || cover === 2) return cover;
  throw new RulesError('invalid-input', `Cover must be none (0), light (+1) or heavy (+2), got ${describe(cover)}.`, {
    cover,
  });
}

export function coverTierOf(value: number): CoverTier {
  return value === 2 ? 'heavy' : value === 1 ? 'light' : 'none';
}
