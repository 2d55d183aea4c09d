import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenPlayerViewResponse } from '../../../shared/ipc/contract';
import { GmDatabase, setDatabase } from '../db/database';
import { useCommandsStore } from '../palette/commands-store';
import { usePlayerViewStore } from './player-view-store';
import { openPlayerViewFor, playerViewCommands } from './usePlayerViewCommands';

// The default opener goes through the shell; these tests pass their own.
vi.mock('../platform/gm', () => ({ gm: {} }));

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-player-view-commands-test-${n++}`));
});

function setup(answers: OpenPlayerViewResponse[] = []) {
  const store = usePlayerViewStore();
  const commands = useCommandsStore();
  const calls = { options: 0, open: 0 };
  for (const command of playerViewCommands(store, {
    openOptions: () => calls.options++,
    open: async () => {
      calls.open++;
      return answers.shift() ?? { status: 'opened' };
    },
  }))
    commands.register(command);
  const label = (id: string) => commands.commands.find((c) => c.id === id)!.label;
  return { store, commands, calls, label };
}

describe('player view commands', () => {
  it('put the screen down and up, by name and by the single key b, the label saying what happens next', async () => {
    const { store, commands, label } = setup();
    expect(label('player-view.screen-toggle')).toBe('Screen down (players see black)');
    expect(commands.byKey('b')?.id).toBe('player-view.screen-toggle');
    expect(await commands.run('player-view.screen-toggle')).toBeNull();
    expect(store.screenDown).toBe(true);
    expect(label('player-view.screen-toggle')).toBe('Screen up (players see the fight again)');
    expect(await commands.run('player-view.screen-toggle')).toBeNull();
    expect(store.screenDown).toBe(false);
  });

  it('switch the theme between dark and high contrast', async () => {
    const { store, commands, label } = setup();
    expect(label('player-view.theme')).toBe('Player view theme: high contrast');
    await commands.run('player-view.theme');
    expect(store.theme).toBe('high-contrast');
    expect(label('player-view.theme')).toBe('Player view theme: dark');
    await commands.run('player-view.theme');
    expect(store.theme).toBe('dark');
  });

  it('open the timer choices and the player view itself', async () => {
    const { commands, calls } = setup();
    await commands.run('player-view.timer');
    await commands.run('player-view.open');
    expect(calls).toEqual({ options: 1, open: 1 });
  });

  it('keep why the player view could not be opened, and forget it once it opens', async () => {
    const { store, commands } = setup([
      {
        status: 'failed',
        message: 'The browser blocked the player view window: allow pop-ups for this page and try again.',
      },
    ]);
    await commands.run('player-view.open');
    expect(store.openProblem).toBe(
      'The browser blocked the player view window: allow pop-ups for this page and try again.',
    );
    await commands.run('player-view.open');
    expect(store.openProblem).toBeNull();
  });
});

describe('openPlayerViewFor', () => {
  it('says whether the window opened', async () => {
    const store = usePlayerViewStore();
    expect(await openPlayerViewFor(store, async () => ({ status: 'opened' }))).toBe(true);
    expect(await openPlayerViewFor(store, async () => ({ status: 'failed', message: 'No display.' }))).toBe(false);
    expect(store.openProblem).toBe('No display.');
  });
});
