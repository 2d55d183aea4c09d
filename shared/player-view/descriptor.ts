import type { HealthView } from '../system-kit/tracker-rules';
import type { SystemId } from '../system-kit/rule-system';
import type { HealthDescriptor } from './contract';

/**
 * Which of a system's health tracks (HealthTrack.id, as its healthView names them) are wounds, the
 * ones an NPC's descriptor reads; the others (a resource, an attribute) never make it "wounded".
 */
export const WOUND_TRACKS: Readonly<Record<SystemId, { readonly tracks: readonly string[]; readonly why: string }>> = {
  'electric-state': {
    tracks: ['health'],
    why: 'Damage comes off Health; Hope is the will to go on (spent by pushing), not a wound.',
  },
  'uesrpg-3e': {
    tracks: ['hp'],
    why: 'HP is the one track damage lowers; a wound past the Wound Threshold also lowers HP.',
  },
  'shadowrun-4e': {
    tracks: ['physical', 'stun'],
    why: 'Both condition monitors fill with damage boxes (a vehicle has only its Physical monitor).',
  },
  hardware: {
    tracks: ['stamina', 'BOD'],
    why: 'Damage comes off Stamina, then off BOD (BOD 0 is death); AGL and CTR fall to stress and attribute loss, not wounds.',
  },
};

/**
 * How an NPC's health reads to the players: "down" when the rules say down or dead (never "dead":
 * the players learn that at the table), "unhurt" when every wound track is full, "badly hurt" when
 * any is at or below half, else "wounded".
 */
export function healthDescriptor(systemId: SystemId, view: HealthView): HealthDescriptor {
  if (view.severity === 'down' || view.severity === 'dead') return 'down';
  const woundIds = WOUND_TRACKS[systemId].tracks;
  // A track with no boxes at all (an attribute of 0 on the sheet) says nothing about wounds.
  const wounds = view.tracks.filter((track) => track.max > 0 && woundIds.includes(track.id));
  if (wounds.every((track) => track.current >= track.max)) return 'unhurt';
  if (wounds.some((track) => track.current * 2 <= track.max)) return 'badly hurt';
  return 'wounded';
}
