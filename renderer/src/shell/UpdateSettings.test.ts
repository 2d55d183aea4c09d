import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { UpdateActionResponse, UpdateStatus } from '../../../shared/ipc/update-status';
import { BROWSER_UPDATE_STATUS } from '../../../shared/ipc/browser-updates';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { componentHarness } from '../../test/component-harness.test-support';
import UpdateSettings from './UpdateSettings.vue';

const shell = vi.hoisted(() => ({
  getUpdateStatus: vi.fn<() => Promise<unknown>>(),
  checkForUpdates: vi.fn<() => Promise<unknown>>(),
  downloadUpdate: vi.fn<() => Promise<unknown>>(),
  installUpdate: vi.fn<(request: { encounterOpen: boolean }) => Promise<unknown>>(),
  setUpdateChecks: vi.fn<(request: { enabled: boolean }) => Promise<unknown>>(),
  onUpdateStatus: vi.fn<(handler: (status: unknown) => void) => () => void>(),
}));
vi.mock('../platform/gm', () => ({ gm: shell }));

const harness = componentHarness('update-settings');

const CHECKED = '2026-12-02T14:02:00.000Z';
const status = (state: UpdateStatus['state'], summary: string, checksEnabled = true): UpdateStatus => ({ state, lastCheckedAt: CHECKED, checksEnabled, summary });
const upToDate = status({ kind: 'idle' }, 'Up to date · checked 14:02');
const available = status({ kind: 'available', version: '0.2.0' }, 'GM Screen 0.2.0 is available');
const downloading = status({ kind: 'downloading', version: '0.2.0', percent: 42 }, 'Downloading 0.2.0 · 42 %');
const ready = status({ kind: 'ready', version: '0.2.0' }, '0.2.0 is ready: install when no encounter is open');
const INSTALL_REFUSED = 'Installing restarts GM Screen: close the open encounter first, then install.';

let pushed: ((status: unknown) => void) | null;
let stopped: number;
beforeEach(() => {
  pushed = null;
  stopped = 0;
  for (const method of Object.values(shell)) method.mockReset();
  shell.onUpdateStatus.mockImplementation((handler) => {
    pushed = handler;
    return () => {
      stopped += 1;
    };
  });
});

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

async function mountWith(initial: UpdateStatus): Promise<void> {
  shell.getUpdateStatus.mockResolvedValue(initial);
  harness.mount(UpdateSettings);
  await settle();
}

const text = (testid: string): string | null => harness.host.querySelector(`[data-testid="${testid}"]`)?.textContent?.trim() ?? null;
const button = (testid: string) => harness.host.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]`);
const checkbox = () => harness.host.querySelector<HTMLInputElement>('[data-testid="update-auto-check"]');
/** The buttons shown, by label, each with whether it can be pressed. */
const buttons = () => [...harness.host.querySelectorAll('button')].map((each) => [each.textContent?.trim(), !each.disabled]);

describe('UpdateSettings: each state’s line, buttons and checkbox', () => {
  it.each<[string, UpdateStatus, (string | boolean | undefined)[][], boolean | null]>([
    ['idle', upToDate, [['Check now', true]], true],
    ['idle before any check', { ...upToDate, lastCheckedAt: null, summary: 'Not checked yet' }, [['Check now', true]], true],
    ['checking', status({ kind: 'checking' }, 'Checking for updates…'), [['Check now', false]], true],
    ['available', available, [['Download', true]], true],
    ['downloading', downloading, [], true],
    ['ready', ready, [['Install and restart', true]], true],
    ['error', status({ kind: 'error', message: 'The update server answered HTTP 500.' }, 'The update server answered HTTP 500.'), [['Check now', true]], true],
    ['offline', status({ kind: 'offline' }, 'Offline · updates can be checked when the laptop is online'), [['Check now', true]], true],
    ['disabled', status({ kind: 'disabled' }, 'Update checks are off', false), [], false],
    ['unavailable (the browser)', BROWSER_UPDATE_STATUS, [], null],
  ])('%s', async (_name, initial, expectedButtons, checked) => {
    await mountWith(initial);
    expect(text('update-summary')).toBe(initial.summary);
    expect(buttons()).toEqual(expectedButtons);
    expect(checkbox()?.checked ?? null).toBe(checked);
    expect(text('update-note')).toBeNull();
  });

  it('shows the browser sentence with no button and no checkbox', async () => {
    await mountWith(BROWSER_UPDATE_STATUS);
    expect(text('update-summary')).toBe('Updates come with the desktop app; this browser version updates with the project (git pull, npm start).');
    expect(harness.host.querySelectorAll('button, input')).toHaveLength(0);
  });
});

describe('UpdateSettings: the GM’s actions', () => {
  it('Check now asks main and shows the state it answers', async () => {
    await mountWith(upToDate);
    shell.checkForUpdates.mockResolvedValue({ status: 'done', update: available } satisfies UpdateActionResponse);
    button('update-check')!.click();
    await settle();
    expect(shell.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(text('update-summary')).toBe('GM Screen 0.2.0 is available');
    expect(buttons()).toEqual([['Download', true]]);
  });

  it('Download starts the download; progress pushed by main shows live', async () => {
    await mountWith(available);
    shell.downloadUpdate.mockResolvedValue({ status: 'done', update: downloading } satisfies UpdateActionResponse);
    button('update-download')!.click();
    await settle();
    expect(shell.downloadUpdate).toHaveBeenCalledTimes(1);
    expect(text('update-summary')).toBe('Downloading 0.2.0 · 42 %');
    pushed!(status({ kind: 'downloading', version: '0.2.0', percent: 87 }, 'Downloading 0.2.0 · 87 %'));
    await nextTick();
    expect(text('update-summary')).toBe('Downloading 0.2.0 · 87 %');
    pushed!(ready);
    await nextTick();
    expect(buttons()).toEqual([['Install and restart', true]]);
  });

  it('Install and restart during an open encounter: main is told, and its refusal is the sentence under the line', async () => {
    const id = await useEncountersStore().create('Docks', 'shadowrun-4e');
    expect(await useEncounterStore().open(id!)).toBe(true);
    await mountWith(ready);
    shell.installUpdate.mockResolvedValue({ status: 'refused', message: INSTALL_REFUSED, update: ready } satisfies UpdateActionResponse);
    button('update-install')!.click();
    await settle();
    expect(shell.installUpdate).toHaveBeenCalledWith({ encounterOpen: true });
    expect(text('update-note')).toBe(INSTALL_REFUSED);
    expect(text('update-summary')).toBe('0.2.0 is ready: install when no encounter is open');
  });

  it('Install and restart with no encounter open tells main so', async () => {
    await mountWith(ready);
    shell.installUpdate.mockResolvedValue({ status: 'done', update: ready } satisfies UpdateActionResponse);
    button('update-install')!.click();
    await settle();
    expect(shell.installUpdate).toHaveBeenCalledWith({ encounterOpen: false });
    expect(text('update-note')).toBeNull();
  });

  it('the checkbox turns automatic checks off and on', async () => {
    await mountWith(upToDate);
    shell.setUpdateChecks.mockResolvedValue({ status: 'done', update: status({ kind: 'disabled' }, 'Update checks are off', false) } satisfies UpdateActionResponse);
    checkbox()!.click();
    await settle();
    expect(shell.setUpdateChecks).toHaveBeenLastCalledWith({ enabled: false });
    expect(text('update-summary')).toBe('Update checks are off');
    expect([checkbox()!.checked, buttons()]).toEqual([false, []]);
    shell.setUpdateChecks.mockResolvedValue({ status: 'done', update: { ...upToDate, summary: 'Not checked yet', lastCheckedAt: null } } satisfies UpdateActionResponse);
    checkbox()!.click();
    await settle();
    expect(shell.setUpdateChecks).toHaveBeenLastCalledWith({ enabled: true });
    expect([checkbox()!.checked, text('update-summary')]).toEqual([true, 'Not checked yet']);
  });

  it('a refused action clears at the next one that is done', async () => {
    await mountWith(upToDate);
    shell.checkForUpdates.mockResolvedValueOnce({ status: 'refused', message: 'A check for updates is already running.', update: upToDate });
    button('update-check')!.click();
    await settle();
    expect(text('update-note')).toBe('A check for updates is already running.');
    shell.checkForUpdates.mockResolvedValueOnce({ status: 'done', update: upToDate });
    button('update-check')!.click();
    await settle();
    expect(text('update-note')).toBeNull();
  });

  it('says so in a sentence when main does not answer', async () => {
    await mountWith(upToDate);
    shell.checkForUpdates.mockRejectedValue(new Error('The GM Screen server did not answer.'));
    button('update-check')!.click();
    await settle();
    expect(text('update-note')).toBe('The update service did not answer: The GM Screen server did not answer.');
    expect(buttons()).toEqual([['Check now', true]]);
  });

  it('says so when the status cannot be read, with no buttons', async () => {
    shell.getUpdateStatus.mockRejectedValue(new Error('The GM Screen server did not answer.'));
    harness.mount(UpdateSettings);
    await settle();
    expect(text('update-summary')).toBe('Reading the update status…');
    expect(text('update-note')).toBe('The update status could not be read: The GM Screen server did not answer.');
    expect(buttons()).toEqual([]);
  });

  it('stops following main’s statuses when it goes', async () => {
    await mountWith(upToDate);
    expect(stopped).toBe(0);
    harness.unmount();
    expect(stopped).toBe(1);
  });
});
