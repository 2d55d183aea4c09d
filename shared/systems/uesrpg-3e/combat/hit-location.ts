import { requireD100 } from '../d100';

// ---------------------------------------------------------------------------
// Hit location
// ---------------------------------------------------------------------------

export type HitLocation = 'body' | 'right-leg' | 'left-leg' | 'right-arm' | 'left-arm' | 'head';
export const HIT_LOCATIONS: readonly HitLocation[] = ['body', 'right-leg', 'left-leg', 'right-arm', 'left-arm', 'head'];
export const LOCATION_LABELS: Readonly<Record<HitLocation, string>> = {
  body: 'Body',
  'right-leg': 'Right Leg',
  'left-leg': 'Left Leg',
  'right-arm': 'Right Arm',
  'left-arm': 'Left Arm',
  head: 'Head',
};

/** Location by the ones digit 0–9. */
const LOCATION_BY_DIGIT: readonly HitLocation[] = [
  'head',
  'body',
  'body',
  'body',
  'body',
  'body',
  'right-leg',
  'left-leg',
  'right-arm',
  'left-arm',
];

/** Hit location from the ones digit of a d100 attack roll (or a d10, 10 counting as 0): 1–5 body, 6 R leg, 7 L leg, 8 R arm, 9 L arm, 0 head. */
export function hitLocation(roll: number): HitLocation {
  requireD100('roll', roll);
  return LOCATION_BY_DIGIT[roll % 10]!;
}

export function locationOfDigit(roll: number): HitLocation {
  return LOCATION_BY_DIGIT[roll % 10]!;
}
