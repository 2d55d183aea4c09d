import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCommandsStore } from './commands-store';

beforeEach(() => setActivePinia(createPinia()));

describe('runAnnounced (keys and the menu)', () => {
  it('says on the status line why a command did not run, with its label', async () => {
    const store = useCommandsStore();
    let ran = 0;
    store.register({
      id: 'tracker.next-turn',
      label: 'Next turn',
      group: 'Encounter',
      disabledReason: () => 'No encounter is open.',
      run: () => ran++,
    });
    await store.runAnnounced('tracker.next-turn');
    expect(store.announcement).toBe('Next turn: No encounter is open.');
    expect(ran).toBe(0);
    await store.runAnnounced('tracker.gone');
    expect(store.announcement).toBe('That command: There is no command "tracker.gone" on screen now.');
  });

  it('clears an earlier message when the command runs, but keeps what the command itself said', async () => {
    const store = useCommandsStore();
    store.register({ id: 'quiet', label: 'Quiet', group: 'Test', run: () => undefined });
    store.register({
      id: 'files.import-bestiary',
      label: 'Import templates into the bestiary…',
      group: 'Files',
      run: () => store.announce('Imported 3 templates (Shadowrun 4e).'),
    });
    store.announce('Next turn: No encounter is open.');
    await store.runAnnounced('quiet');
    expect(store.announcement).toBeNull();
    store.announce('Next turn: No encounter is open.');
    await store.runAnnounced('files.import-bestiary');
    expect(store.announcement).toBe('Imported 3 templates (Shadowrun 4e).');
  });
});
