import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCommandsStore } from './commands-store';
import { appCommands, logFolderMessage } from './useAppCommands';

beforeEach(() => setActivePinia(createPinia()));

describe('logFolderMessage', () => {
  it('says nothing when the shell opened the folder', () => {
    expect(logFolderMessage({ opened: true, path: '/home/gm/.config/gm-screen/logs' })).toBeNull();
  });

  it('gives the path in words when the shell cannot open a folder window (the browser fallback)', () => {
    expect(logFolderMessage({ opened: false, path: '/home/gm/.local/share/gm-screen/logs' })).toBe(
      'This shell cannot open a folder window: the log files are in /home/gm/.local/share/gm-screen/logs',
    );
  });

  it('says where logs are kept when the page has none (no server behind it)', () => {
    expect(logFolderMessage({ opened: false, path: '' })).toBe(
      "This page keeps no log files: the desktop app and GM Screen's own server (npm run web) do.",
    );
  });
});

describe('the app commands', () => {
  function setup(answer: { opened: boolean; path: string }) {
    const store = useCommandsStore();
    const calls = { palette: 0, about: 0, logFolder: 0 };
    for (const command of appCommands(
      {
        openPalette: () => calls.palette++,
        openAbout: () => calls.about++,
        openLogFolder: async () => {
          calls.logFolder++;
          return answer;
        },
      },
      store.announce,
    ))
      store.register(command);
    return { store, calls };
  }

  it('"Open the log folder" asks the shell, and says where the folder is when it could not open it', async () => {
    const { store, calls } = setup({ opened: false, path: '/srv/gm/logs' });
    await store.runAnnounced('help.log-folder');
    expect(calls.logFolder).toBe(1);
    expect(store.announcement).toBe('This shell cannot open a folder window: the log files are in /srv/gm/logs');
  });

  it('"Open the log folder" leaves the status line quiet when the folder window opened', async () => {
    const { store, calls } = setup({ opened: true, path: '/srv/gm/logs' });
    await store.runAnnounced('help.log-folder');
    expect(calls.logFolder).toBe(1);
    expect(store.announcement).toBeNull();
  });

  it('open the palette (Ctrl/Cmd+K, also from a text field) and About', async () => {
    const { store, calls } = setup({ opened: true, path: '' });
    const palette = store.commands.find((command) => command.id === 'palette.open')!;
    expect(palette.shortcut).toBe('CommandOrControl+K');
    expect(palette.shortcutAlso).toEqual({ whileTyping: true });
    expect(await store.run('palette.open')).toBeNull();
    expect(await store.run('help.about')).toBeNull();
    expect(calls).toEqual({ palette: 1, about: 1, logFolder: 0 });
  });
});
