import type { EncounterEvent } from '../encounter/events';
import type { LogDice } from '../encounter/log-view';

/** Small wordings shared by the Markdown, HTML and CSV exports, so the three say the same thing. */

/**
 * The dice of an entry in one line: "Ghost d6: 6 5 3 1; soak d6: 2". A group with no label
 * shows only its die ("d6: 4"); one whose die size was not kept shows only its faces ("Ghost: 4").
 */
export function diceText(dice: readonly LogDice[]): string {
  if (dice.length === 0) return '';
  return dice
    .map((group) => {
      const die = group.sides === null ? '' : `d${group.sides}`;
      const name = [group.label, die].filter(Boolean).join(' ');
      const faces = group.faces.join(' ');
      return name ? `${name}: ${faces}` : faces;
    })
    .join('; ');
}

/**
 * A short word for how a resolved roll went, read from the rules' result kept in the event:
 * its `outcome` when that is a word (UESRPG: hit, miss, blocked, counter), else `hit` when it
 * is a flag (hit / miss), else `success` when it is a flag (success / failure). Empty for every
 * other event and for results that say none of these (a blast, a full-auto burst, a check).
 */
export function outcomeWord(event: EncounterEvent): string {
  if (event.type !== 'roll-applied' && event.type !== 'roll-resolved') return '';
  const result = event.result;
  if (!result) return '';
  if (typeof result.outcome === 'string' && /^[a-z][a-z -]*$/i.test(result.outcome)) return result.outcome;
  if (typeof result.hit === 'boolean') return result.hit ? 'hit' : 'miss';
  if (typeof result.success === 'boolean') return result.success ? 'success' : 'failure';
  return '';
}

/** "2026-11-29 19:05" from an ISO time (UTC), or the text as it is when it is not a time. */
export function minuteText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)}`;
}

/**
 * When the fight took place, from its first and last events: "2026-11-29, 19:05–20:40 UTC" on
 * one day, "2026-11-29 23:30 – 2026-11-30 00:45 UTC" across midnight; empty without events.
 */
export function dateRangeText(first: string | null, last: string | null): string {
  if (first === null || last === null) return '';
  const from = minuteText(first);
  const to = minuteText(last);
  const utc = from !== first && to !== last ? ' UTC' : '';
  if (from === to) return `${from}${utc}`;
  const sameDay = utc !== '' && from.slice(0, 10) === to.slice(0, 10);
  return sameDay ? `${from.slice(0, 10)}, ${from.slice(11)}–${to.slice(11)}${utc}` : `${from} – ${to}${utc}`;
}

/** "1 round", "3 rounds": a count with its noun. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Setup" for round 0, "Round 2" otherwise. */
export function roundTitle(round: number): string {
  return round === 0 ? 'Setup' : `Round ${round}`;
}
