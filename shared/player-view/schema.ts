import { z } from 'zod';
import { SYSTEM_IDS } from '../system-kit/rule-system';
import { MAX_SIDES } from '../dice/record';
import type { PlayerScreen } from './contract';

/**
 * The player view's check of every screen it receives: exactly the shape of `PlayerScreen`
 * (strict: a key the projection never writes is refused, so no stat, note or odds can ride along)
 * and bounded, so a message from anything else on the channel cannot make the page draw without end.
 */
export const PLAYER_SCREEN_LIMITS = {
  name: 200,
  text: 500,
  combatants: 2000,
  tracks: 50,
  /** Nothing in the rules caps a combatant's conditions; far above any fight. */
  conditions: 1000,
  progressParts: 10,
  rolls: 50,
  /** A shown roll holds at most 1,000 dice in all (player-visibility.ts), one group each at worst. */
  diceGroups: 1000,
  facesPerGroup: 1000,
  /** A track's count (Shadowrun monitors reach the teens, UESRPG HP the tens; a GM's edit can go further). */
  trackValue: 100_000,
  rounds: 100_000,
} as const;

const L = PLAYER_SCREEN_LIMITS;
const name = z.string().max(L.name);
const text = z.string().max(L.text);
const count = z.int().min(0).max(L.trackValue);

const trackSchema = z.strictObject({
  label: name,
  current: z.int().min(-L.trackValue).max(L.trackValue),
  max: count,
  style: z.enum(['boxes', 'pips', 'bar']),
});

const healthSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('numbers'), tracks: z.array(trackSchema).max(L.tracks), state: text }),
  z.strictObject({ kind: z.literal('descriptor'), descriptor: z.enum(['unhurt', 'wounded', 'badly hurt', 'down']) }),
]);

const combatantSchema = z.strictObject({
  key: name,
  name,
  side: name,
  isPc: z.boolean(),
  acting: z.boolean(),
  next: z.boolean(),
  done: z.boolean(),
  health: healthSchema,
  conditions: z
    .array(z.strictObject({ label: text, roundsLeft: z.int().min(0).max(L.rounds).nullable() }))
    .max(L.conditions),
});

const rollSchema = z.strictObject({
  id: name,
  who: text,
  what: text,
  summary: text,
  dice: z
    .array(z.strictObject({ sides: z.int().min(2).max(MAX_SIDES), faces: z.array(z.int().min(1).max(MAX_SIDES)).max(L.facesPerGroup) }))
    .max(L.diceGroups),
});

const encounterSchema = z.strictObject({
  kind: z.literal('encounter'),
  name,
  systemId: z.enum(SYSTEM_IDS),
  status: z.enum(['setup', 'running', 'ended']),
  progress: z.array(name).max(L.progressParts),
  timerKey: name.nullable(),
  combatants: z.array(combatantSchema).max(L.combatants),
  rolls: z.array(rollSchema).max(L.rolls),
});

export const playerScreenSchema: z.ZodType<PlayerScreen> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('waiting') }),
  z.strictObject({ kind: z.literal('blank') }),
  encounterSchema,
]);
