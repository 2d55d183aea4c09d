import { defineStore } from 'pinia';
import { ref } from 'vue';
import { getDatabase } from '../db/database';
import type { PlayerTheme } from '../player-link';

export const PLAYER_VIEW_SETTING_KEY = 'playerView';

export const PLAYER_THEMES = ['dark', 'high-contrast'] as const satisfies readonly PlayerTheme[];
/** The timer lengths the GM can pick, in seconds. */
export const TIMER_CHOICES = [30, 60, 90, 120, 180] as const;
export type TimerSeconds = (typeof TIMER_CHOICES)[number];
export const TIMER_SCOPES = ['turn', 'round'] as const;
export type TimerScope = (typeof TIMER_SCOPES)[number];
export const ROLLS_SHOWN_MIN = 1;
export const ROLLS_SHOWN_MAX = 5;

/** The GM's choices for the player view, kept over restarts. */
export interface PlayerViewChoices {
  readonly theme: PlayerTheme;
  /** The players' countdown; null: no timer. */
  readonly timerSeconds: TimerSeconds | null;
  readonly timerScope: TimerScope;
  /** How many of the rolls the GM showed stay on the players' screen. */
  readonly rollsShown: number;
  /** The encounter's name on the players' screen (off when a name would give something away). */
  readonly showEncounterName: boolean;
}

export const DEFAULT_PLAYER_VIEW_CHOICES: PlayerViewChoices = {
  theme: 'dark',
  timerSeconds: null,
  timerScope: 'turn',
  rollsShown: 3,
  showEncounterName: true,
};

const isPlayerTheme = (value: unknown): value is PlayerTheme =>
  typeof value === 'string' && (PLAYER_THEMES as readonly string[]).includes(value);
const isTimerSeconds = (value: unknown): value is TimerSeconds | null =>
  value === null || (typeof value === 'number' && (TIMER_CHOICES as readonly number[]).includes(value));
const isTimerScope = (value: unknown): value is TimerScope =>
  typeof value === 'string' && (TIMER_SCOPES as readonly string[]).includes(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isRollsShown = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= ROLLS_SHOWN_MIN && value <= ROLLS_SHOWN_MAX;

/**
 * Reads the stored choices field by field, as the preferences are read: a field that is missing
 * takes its default, one that cannot be read takes its default and is named in `problems`.
 */
export function readPlayerViewChoices(value: unknown): { choices: PlayerViewChoices; problems: string[] } {
  if (value === undefined) return { choices: DEFAULT_PLAYER_VIEW_CHOICES, problems: [] };
  if (typeof value !== 'object' || value === null)
    return { choices: DEFAULT_PLAYER_VIEW_CHOICES, problems: ['the stored player view choices'] };
  const stored = value as Partial<Record<keyof PlayerViewChoices, unknown>>;
  const problems: string[] = [];
  const pick = <T>(field: keyof PlayerViewChoices, ok: (v: unknown) => v is T, label: string): T => {
    const raw = stored[field];
    const fallback = DEFAULT_PLAYER_VIEW_CHOICES[field] as T;
    if (raw === undefined) return fallback;
    if (ok(raw)) return raw;
    problems.push(label);
    return fallback;
  };
  return {
    choices: {
      theme: pick('theme', isPlayerTheme, 'the player view theme'),
      timerSeconds: pick('timerSeconds', isTimerSeconds, 'the player view timer'),
      timerScope: pick('timerScope', isTimerScope, 'the player view timer scope'),
      rollsShown: pick('rollsShown', isRollsShown, 'the number of rolls shown'),
      showEncounterName: pick('showEncounterName', isBoolean, 'whether the encounter name is shown'),
    },
    problems,
  };
}

/**
 * The player view as the GM runs it: the choices above (kept in the settings table), whether the
 * screen is down (in memory only: a restart never starts with the players' screen blank), how
 * many views are open (told by the link), and why the last attempt to open one failed.
 */
export const usePlayerViewStore = defineStore('playerView', () => {
  const theme = ref<PlayerTheme>(DEFAULT_PLAYER_VIEW_CHOICES.theme);
  const timerSeconds = ref<TimerSeconds | null>(DEFAULT_PLAYER_VIEW_CHOICES.timerSeconds);
  const timerScope = ref<TimerScope>(DEFAULT_PLAYER_VIEW_CHOICES.timerScope);
  const rollsShown = ref(DEFAULT_PLAYER_VIEW_CHOICES.rollsShown);
  const showEncounterName = ref(DEFAULT_PLAYER_VIEW_CHOICES.showEncounterName);
  const screenDown = ref(false);
  const viewsOpen = ref(0);
  /** Why the player view could not be opened, in words; null when it was (or was not tried). */
  const openProblem = ref<string | null>(null);
  const error = ref<string | null>(null);
  const notice = ref<string | null>(null);

  let writes: Promise<void> = Promise.resolve();

  function persist(): Promise<void> {
    const value: PlayerViewChoices = {
      theme: theme.value,
      timerSeconds: timerSeconds.value,
      timerScope: timerScope.value,
      rollsShown: rollsShown.value,
      showEncounterName: showEncounterName.value,
    };
    writes = writes.then(async () => {
      try {
        await getDatabase().settings.put({ key: PLAYER_VIEW_SETTING_KEY, value });
        error.value = null;
      } catch (cause) {
        error.value = `The player view choices could not be saved: ${(cause as Error).message}`;
      }
    });
    return writes;
  }

  async function load(): Promise<void> {
    try {
      const row = await getDatabase().settings.get(PLAYER_VIEW_SETTING_KEY);
      const { choices, problems } = readPlayerViewChoices(row?.value);
      theme.value = choices.theme;
      timerSeconds.value = choices.timerSeconds;
      timerScope.value = choices.timerScope;
      rollsShown.value = choices.rollsShown;
      showEncounterName.value = choices.showEncounterName;
      notice.value =
        problems.length > 0
          ? `Some player view choices could not be read (${problems.join(', ')}); the defaults are used for them.`
          : null;
    } catch (cause) {
      error.value = `The player view choices could not be read: ${(cause as Error).message}`;
    }
  }

  /** Sets one choice after checking it; a value the player view does not have is refused with a sentence. */
  function choose<T>(target: { value: T }, value: unknown, ok: (v: unknown) => v is T, refusal: string): Promise<void> {
    if (!ok(value)) {
      error.value = refusal;
      return Promise.resolve();
    }
    target.value = value;
    return persist();
  }

  const setTheme = (value: string) =>
    choose(theme, value, isPlayerTheme, `“${value}” is not a player view theme; it is dark or high-contrast.`);
  const toggleTheme = () => setTheme(theme.value === 'dark' ? 'high-contrast' : 'dark');
  const setTimer = (value: number | null) =>
    choose(timerSeconds, value, isTimerSeconds, `The timer is off or one of ${TIMER_CHOICES.join(', ')} seconds.`);
  const setTimerScope = (value: string) =>
    choose(timerScope, value, isTimerScope, `The timer restarts each turn or each round, not “${value}”.`);
  const setRollsShown = (value: number) =>
    choose(rollsShown, value, isRollsShown, `The player view shows ${ROLLS_SHOWN_MIN} to ${ROLLS_SHOWN_MAX} rolls.`);

  const setShowEncounterName = (value: boolean) =>
    choose(showEncounterName, value, isBoolean, 'Showing the encounter name is on or off.');

  function setScreenDown(down: boolean): void {
    screenDown.value = down;
  }

  function toggleScreen(): void {
    screenDown.value = !screenDown.value;
  }

  function flushed(): Promise<void> {
    return writes;
  }

  return {
    theme,
    timerSeconds,
    timerScope,
    rollsShown,
    showEncounterName,
    screenDown,
    viewsOpen,
    openProblem,
    error,
    notice,
    load,
    setTheme,
    toggleTheme,
    setShowEncounterName,
    setTimer,
    setTimerScope,
    setRollsShown,
    setScreenDown,
    toggleScreen,
    flushed,
  };
});
