import type { HealthDescriptor, PlayerCondition, PlayerTrack } from '../../../shared/player-view/contract';

/** What the players read beside a track: a monitor counts the boxes marked, other tracks what is left. */
export function trackValue(track: PlayerTrack): string {
  if (track.style === 'boxes') return `${Math.max(0, track.max - track.current)}/${track.max} marked`;
  return `${track.current}/${track.max}`;
}

/** A track in words, for the compact rows and for screen readers: "Physical 3/10 marked", "HP 11/15". */
export function trackText(track: PlayerTrack): string {
  return `${track.label} ${trackValue(track)}`;
}

/** A condition chip: "Stunned · 2 rounds", "Stunned · 1 round", or the name alone when it lasts until removed. */
export function conditionText(condition: PlayerCondition): string {
  if (condition.roundsLeft === null) return condition.label;
  return `${condition.label} · ${condition.roundsLeft} ${condition.roundsLeft === 1 ? 'round' : 'rounds'}`;
}

/** Segments of the three-step health cue beside an NPC's descriptor: shape as well as the word. */
export const DESCRIPTOR_SEGMENTS: Readonly<Record<HealthDescriptor, number>> = {
  unhurt: 3,
  wounded: 2,
  'badly hurt': 1,
  down: 0,
};

/** Seconds left of a countdown at `now` (epoch ms): whole seconds, never below 0 nor above its length. */
export function secondsLeft(timer: { readonly seconds: number; readonly startedAt: number }, now: number): number {
  const elapsed = Math.floor((now - timer.startedAt) / 1000);
  return Math.min(timer.seconds, Math.max(0, timer.seconds - elapsed));
}

/** "2:05", "0:09", and "Time!" when it has run out; an hour or more reads "1:00:00". */
export function countdownText(seconds: number): string {
  if (seconds <= 0) return 'Time!';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Milliseconds until the countdown's next whole second, so the clock ticks when the second turns. */
export function msToNextTick(startedAt: number, now: number): number {
  const into = (((now - startedAt) % 1000) + 1000) % 1000;
  return 1000 - into;
}
