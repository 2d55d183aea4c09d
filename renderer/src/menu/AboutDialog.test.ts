import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import type { AppInfo } from '../../../shared/ipc/contract';
import { componentHarness } from '../../test/component-harness.test-support';
import { aboutLines } from './about-lines';
import AboutDialog from './AboutDialog.vue';

const shell = vi.hoisted(() => ({ answer: null as AppInfo | null, failure: null as Error | null }));
vi.mock('../platform/gm', () => ({
  gm: {
    getAppInfo: async () => {
      if (shell.failure) throw shell.failure;
      return shell.answer;
    },
  },
}));

const desktop: AppInfo = {
  name: 'GM Screen',
  version: '0.3.1',
  shell: 'electron',
  platform: 'darwin',
  dataDirectory: '/Users/gm/Library/Application Support/gm-screen',
  versions: { app: '0.3.1', electron: '45.5.0', chrome: '142.0.7444.52', node: '22.20.0' },
};
const browserFallback: AppInfo = {
  name: 'GM Screen',
  version: '0.3.1',
  shell: 'browser',
  platform: 'linux',
  dataDirectory: '/home/gm/.local/share/gm-screen',
  versions: { app: '0.3.1', node: '20.19.2' },
};
const pageAlone: AppInfo = {
  name: 'GM Screen',
  version: '0.3.1',
  shell: 'browser',
  platform: 'Win32',
  dataDirectory: null,
  versions: { app: '0.3.1' },
};

describe('aboutLines', () => {
  it('in the desktop app: version, shell, platform by its name, data folder, Electron, Chrome and Node', () => {
    expect(aboutLines(desktop).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Version: 0.3.1',
      'Runs as: Desktop app',
      'Platform: macOS',
      'Data folder: /Users/gm/Library/Application Support/gm-screen',
      'Electron: 45.5.0',
      'Chrome: 142.0.7444.52',
      'Node.js: 22.20.0',
    ]);
  });

  it("in the browser fallback: the server's Node only, and no Electron or Chrome line", () => {
    expect(aboutLines(browserFallback).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Version: 0.3.1',
      'Runs as: Browser page (no desktop window)',
      'Platform: Linux',
      'Data folder: /home/gm/.local/share/gm-screen',
      'Node.js: 20.19.2',
    ]);
  });

  it("in a page with no server: says there is no data folder, keeps the browser's platform string", () => {
    expect(aboutLines(pageAlone).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Version: 0.3.1',
      'Runs as: Browser page (no desktop window)',
      'Platform: Win32',
      'Data folder: None: this page has no file services, its data stays in the browser',
    ]);
  });
});

const harness = componentHarness('about-dialog');

beforeEach(() => {
  shell.answer = desktop;
  shell.failure = null;
  // happy-dom's <dialog> has no showModal; the component only needs it to exist.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

async function mountOpen() {
  harness.mount({ render: () => h(AboutDialog, { open: true }) });
  for (let i = 0; i < 3; i++) await nextTick();
}

const text = (id: string) =>
  harness.host.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

describe('AboutDialog', () => {
  it('shows the name in its title and each line of the app info', async () => {
    await mountOpen();
    expect(harness.host.querySelector('#about-title')!.textContent).toBe('About GM Screen');
    expect(text('about-version')).toBe('0.3.1');
    expect(text('about-electron')).toBe('45.5.0');
    expect(text('about-chrome')).toBe('142.0.7444.52');
    expect(text('about-node')).toBe('22.20.0');
    expect(text('about-data')).toBe('/Users/gm/Library/Application Support/gm-screen');
  });

  it('says so in a sentence when the shell cannot answer', async () => {
    shell.failure = new Error('the bridge is gone');
    await mountOpen();
    expect(text('about-problem')).toBe("The app's details could not be read: the bridge is gone");
    expect(text('about-version')).toBeNull();
  });
});
