import { LOCATION_LABELS, type HitLocation } from '../combat';

// The limbs a wound can cripple, and a location's name as it reads inside a sentence (health and conditions).
export const LIMBS: readonly HitLocation[] = ['right-leg', 'left-leg', 'right-arm', 'left-arm'];

export function lower(location: HitLocation): string {
  return LOCATION_LABELS[location].toLowerCase();
}
