import type { HealthTrack } from '../system-kit/tracker-rules';

/**
 * A health track in words, read the way its system reads it: a condition monitor (boxes,
 * Shadowrun) counts the damage marked, "Physical 6/10 marked"; pips and bars count what is
 * left, "Health 2/3", "HP 11/15". The tracker row, the log and the report say the same.
 */
export function trackText(track: HealthTrack): string {
  return `${track.label} ${trackValue(track)}`;
}

/** The number part alone: "6/10 marked" or "2/3". */
export function trackValue(track: HealthTrack): string {
  return `${trackFraction(track)}${trackUnit(track)}`;
}

/** The fraction as the row shows it: boxes marked of a monitor, or what is left of the rest. */
export function trackFraction(track: HealthTrack): string {
  return track.style === 'boxes' ? `${marked(track)}/${track.max}` : `${track.current}/${track.max}`;
}

/** What the fraction counts, where it is not what is left: " marked" on a condition monitor. */
export function trackUnit(track: HealthTrack): string {
  return track.style === 'boxes' ? ' marked' : '';
}

/** Boxes marked on a condition monitor: those it no longer has. */
export function marked(track: HealthTrack): number {
  return Math.max(0, track.max - track.current);
}
