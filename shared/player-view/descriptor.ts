import type { HealthView, TrackerRules } from '../system-kit/tracker-rules';
import type { HealthDescriptor } from './contract';

/**
 * How an NPC's health reads to the players: "down" when the rules say down or dead (never "dead":
 * the players learn that at the table), "unhurt" when every wound track is full, "badly hurt" when
 * any is at or below half, else "wounded". The wound tracks are the system's (`TrackerRules.woundTracks`).
 */
export function healthDescriptor(woundTracks: TrackerRules['woundTracks'], view: HealthView): HealthDescriptor {
  if (view.severity === 'down' || view.severity === 'dead') return 'down';
  const woundIds = woundTracks.tracks;
  // A track with no boxes at all (an attribute of 0 on the sheet) says nothing about wounds.
  const wounds = view.tracks.filter((track) => track.max > 0 && woundIds.includes(track.id));
  if (wounds.every((track) => track.current >= track.max)) return 'unhurt';
  if (wounds.some((track) => track.current * 2 <= track.max)) return 'badly hurt';
  return 'wounded';
}
