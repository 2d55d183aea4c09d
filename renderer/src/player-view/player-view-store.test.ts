import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import {
  DEFAULT_PLAYER_VIEW_CHOICES,
  PLAYER_VIEW_SETTING_KEY,
  readPlayerViewChoices,
  usePlayerViewStore,
} from './player-view-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-player-view-test-${n++}`));
});

async function restart() {
  setActivePinia(createPinia());
  const store = usePlayerViewStore();
  await store.load();
  return store;
}

const choicesOf = (store: ReturnType<typeof usePlayerViewStore>) => ({
  theme: store.theme,
  timerSeconds: store.timerSeconds,
  timerScope: store.timerScope,
  rollsShown: store.rollsShown,
  showEncounterName: store.showEncounterName,
});

describe('player view store', () => {
  it('starts dark, no timer, timed per turn, three rolls, screen up and no view open', async () => {
    const store = await restart();
    expect(choicesOf(store)).toEqual({ theme: 'dark', timerSeconds: null, timerScope: 'turn', rollsShown: 3, showEncounterName: true });
    expect(store.screenDown).toBe(false);
    expect(store.viewsOpen).toBe(0);
    expect(store.notice).toBeNull();
  });

  it('keeps the choices over a restart, but never the screen down', async () => {
    const store = await restart();
    await store.setTheme('high-contrast');
    await store.setTimer(90);
    await store.setTimerScope('round');
    await store.setRollsShown(5);
    await store.setShowEncounterName(false);
    store.setScreenDown(true);
    await store.flushed();
    expect((await getDatabase().settings.get(PLAYER_VIEW_SETTING_KEY))?.value).toEqual({
      theme: 'high-contrast',
      timerSeconds: 90,
      timerScope: 'round',
      rollsShown: 5,
      showEncounterName: false,
    });

    const again = await restart();
    expect(choicesOf(again)).toEqual({ theme: 'high-contrast', timerSeconds: 90, timerScope: 'round', rollsShown: 5, showEncounterName: false });
    expect(again.screenDown).toBe(false);
  });

  it('turns the timer off again, and toggles the theme and the screen both ways', async () => {
    const store = await restart();
    await store.setTimer(30);
    await store.setTimer(null);
    expect(store.timerSeconds).toBeNull();
    await store.toggleTheme();
    expect(store.theme).toBe('high-contrast');
    await store.toggleTheme();
    expect(store.theme).toBe('dark');
    store.toggleScreen();
    expect(store.screenDown).toBe(true);
    store.toggleScreen();
    expect(store.screenDown).toBe(false);
  });

  it.each([
    [
      'a theme it does not have',
      (s: ReturnType<typeof usePlayerViewStore>) => s.setTheme('light'),
      '“light” is not a player view theme; it is dark or high-contrast.',
    ],
    [
      'a timer length not offered',
      (s: ReturnType<typeof usePlayerViewStore>) => s.setTimer(45),
      'The timer is off or one of 30, 60, 90, 120, 180 seconds.',
    ],
    [
      'a timer scope not offered',
      (s: ReturnType<typeof usePlayerViewStore>) => s.setTimerScope('pass'),
      'The timer restarts each turn or each round, not “pass”.',
    ],
    [
      'no rolls',
      (s: ReturnType<typeof usePlayerViewStore>) => s.setRollsShown(0),
      'The player view shows 1 to 5 rolls.',
    ],
    [
      'six rolls',
      (s: ReturnType<typeof usePlayerViewStore>) => s.setRollsShown(6),
      'The player view shows 1 to 5 rolls.',
    ],
    [
      'half a roll',
      (s: ReturnType<typeof usePlayerViewStore>) => s.setRollsShown(2.5),
      'The player view shows 1 to 5 rolls.',
    ],
  ])('refuses %s with a sentence and changes nothing', async (_label, change, sentence) => {
    const store = await restart();
    await change(store);
    expect(store.error).toBe(sentence);
    expect(choicesOf(store)).toEqual(DEFAULT_PLAYER_VIEW_CHOICES);
    expect(await getDatabase().settings.get(PLAYER_VIEW_SETTING_KEY)).toBeUndefined();
  });

  it('reads damaged stored choices field by field and says which were not read', async () => {
    await getDatabase().settings.put({
      key: PLAYER_VIEW_SETTING_KEY,
      value: { theme: 'high-contrast', timerSeconds: 45, timerScope: 'round', rollsShown: 'three', showEncounterName: 'no' },
    });
    const store = await restart();
    expect(choicesOf(store)).toEqual({
      theme: 'high-contrast',
      timerSeconds: null,
      timerScope: 'round',
      rollsShown: 3,
      showEncounterName: true,
    });
    expect(store.notice).toBe(
      'Some player view choices could not be read (the player view timer, the number of rolls shown, whether the encounter name is shown); the defaults are used for them.',
    );
  });
});

describe('readPlayerViewChoices', () => {
  it('gives the defaults for nothing stored, and for a missing field without a complaint', () => {
    expect(readPlayerViewChoices(undefined)).toEqual({ choices: DEFAULT_PLAYER_VIEW_CHOICES, problems: [] });
    expect(readPlayerViewChoices({ timerSeconds: 120 })).toEqual({
      choices: { ...DEFAULT_PLAYER_VIEW_CHOICES, timerSeconds: 120 },
      problems: [],
    });
  });

  it('names a stored value that is not an object at all, and each unreadable field', () => {
    expect(readPlayerViewChoices('dark')).toEqual({
      choices: DEFAULT_PLAYER_VIEW_CHOICES,
      problems: ['the stored player view choices'],
    });
    expect(readPlayerViewChoices(null).problems).toEqual(['the stored player view choices']);
    expect(readPlayerViewChoices({ theme: 'light', timerScope: 'forever' }).problems).toEqual([
      'the player view theme',
      'the player view timer scope',
    ]);
  });
});
