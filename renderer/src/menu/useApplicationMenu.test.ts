import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import type { AppInfo, SetMenuResponse } from '../../../shared/ipc/contract';
import type { MenuModel } from '../../../shared/menu/menu-model';
import { componentHarness } from '../../test/component-harness.test-support';
import { useCommands } from '../palette';
import { useCommandsStore, type Command } from '../palette/commands-store';
import { useApplicationMenu, type MenuShell } from './useApplicationMenu';
import type { MenuSchedule } from './menu-sync';

vi.mock('../platform/gm', () => ({ gm: {} }));

const harness = componentHarness('application-menu');

const info = (shell: AppInfo['shell'], platform: string): AppInfo => ({
  name: 'GM Screen',
  version: '0.1.0',
  shell,
  platform,
  dataDirectory: shell === 'electron' ? '/home/gm/.config/gm-screen' : null,
  versions: { app: '0.1.0' },
});

/** A fake shell that records what the page sends, and lets the test choose from the menu. */
function fakeShell(appInfo: AppInfo) {
  const sent: MenuModel[] = [];
  let choose: ((id: string) => void) | null = null;
  let listening = 0;
  const shell: MenuShell = {
    getAppInfo: async () => appInfo,
    setMenu: async (model): Promise<SetMenuResponse> => {
      sent.push(model);
      return { status: 'set' };
    },
    onMenuCommand: (handler) => {
      choose = handler;
      listening++;
      return () => {
        choose = null;
        listening--;
      };
    },
  };
  return {
    shell,
    sent,
    choose: (id: string) => choose?.(id),
    get listening() {
      return listening;
    },
  };
}

const ran: string[] = [];
let nextTurnReason: string | null = 'No encounter is open.';
const commands: Command[] = [
  {
    id: 'tracker.undo',
    label: 'Undo',
    group: 'Encounter',
    shortcut: 'CommandOrControl+Z',
    menu: { section: 'Edit', order: 10 },
    run: () => ran.push('tracker.undo'),
  },
  {
    id: 'tracker.next-turn',
    label: 'Next turn',
    group: 'Encounter',
    menu: { section: 'Edit', order: 20 },
    disabledReason: () => nextTurnReason,
    run: () => ran.push('tracker.next-turn'),
  },
];

/** Runs planned sends only when the test says. */
const planned: (() => void)[] = [];
const schedule: MenuSchedule = (work) => void planned.push(work);
const flushSends = () => {
  for (const work of planned.splice(0)) work();
};

async function mountWith(shell: MenuShell) {
  ran.length = 0;
  planned.length = 0;
  harness.mount(
    defineComponent({
      setup() {
        useCommands(commands);
        useApplicationMenu(shell, schedule);
        return () => h('input', { 'data-testid': 'field' });
      },
    }),
  );
  // getAppInfo answers, then the sync starts.
  await nextTick();
  await Promise.resolve();
  await nextTick();
}

describe('useApplicationMenu', () => {
  it('in the desktop app sends the menu from the registry at the start, and again only when it changes', async () => {
    const fake = fakeShell(info('electron', 'linux'));
    await mountWith(fake.shell);
    flushSends();
    expect(fake.sent).toEqual([
      {
        sections: [
          {
            name: 'Edit',
            items: [
              { kind: 'command', id: 'tracker.undo', label: 'Undo', accelerator: 'CommandOrControl+Z', enabled: true },
              { kind: 'command', id: 'tracker.next-turn', label: 'Next turn', enabled: false },
            ],
          },
        ],
      },
    ]);
    // Off macOS the page's key handler keeps every shortcut.
    expect(useCommandsStore().menuOwnsAccelerators).toBe(false);
    useCommandsStore().announce('something else');
    flushSends();
    expect(fake.sent).toHaveLength(1);
  });

  it('runs a menu choice as a key would, saying on the status line why it could not run', async () => {
    const fake = fakeShell(info('electron', 'win32'));
    await mountWith(fake.shell);
    fake.choose('tracker.next-turn');
    await Promise.resolve();
    expect(ran).toEqual([]);
    expect(useCommandsStore().announcement).toBe('Next turn: No encounter is open.');
    nextTurnReason = null;
    fake.choose('tracker.next-turn');
    await Promise.resolve();
    await Promise.resolve();
    expect(ran).toEqual(['tracker.next-turn']);
    expect(useCommandsStore().announcement).toBeNull();
    nextTurnReason = 'No encounter is open.';
  });

  it('leaves the menu keys to the menu on macOS, where its key equivalents come first', async () => {
    const fake = fakeShell(info('electron', 'darwin'));
    await mountWith(fake.shell);
    expect(useCommandsStore().menuOwnsAccelerators).toBe(true);
  });

  it('sends nothing and listens to nothing in a browser, which has no application menu', async () => {
    const fake = fakeShell(info('browser', 'Linux x86_64'));
    await mountWith(fake.shell);
    flushSends();
    expect(fake.sent).toEqual([]);
    expect(fake.listening).toBe(0);
    expect(planned).toHaveLength(0);
  });

  it('sends nothing when the shell cannot say what it is', async () => {
    const fake = fakeShell(info('electron', 'linux'));
    await mountWith({ ...fake.shell, getAppInfo: () => Promise.reject(new Error('The bridge did not answer.')) });
    flushSends();
    expect(fake.sent).toEqual([]);
    expect(fake.listening).toBe(0);
  });

  it('stops sending and listening when the app goes', async () => {
    const fake = fakeShell(info('electron', 'linux'));
    await mountWith(fake.shell);
    expect(fake.listening).toBe(1);
    harness.unmount();
    expect(fake.listening).toBe(0);
    flushSends();
    expect(fake.sent).toEqual([]);
  });
});
