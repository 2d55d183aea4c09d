import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, nextTick, ref } from 'vue';
import { useCommandsStore, type Command } from './commands-store';
import { orderCommands, useCommandList, useCommands } from './useCommand';
import { searchCommands } from './search-commands';

const command = (id: string, label: string, group: string, extra: Partial<Command> = {}): Command => ({
  id,
  label,
  group,
  run: () => undefined,
  ...extra,
});

const all: Command[] = [
  command('appearance.theme', 'Light theme', 'Appearance', { keywords: 'theme colours dark light' }),
  command('tracker.next-turn', 'Next turn', 'Encounter', { key: 'n' }),
  command('layout.maximise.reference', 'Maximise Reference', 'Layout'),
  command('tracker.previous-turn', 'Previous turn', 'Encounter', { key: 'p' }),
  command('reference.search', 'Search tables', 'Reference'),
  command('tracker.add-from-bestiary', 'Add from bestiary…', 'Encounter'),
];

const ids = (found: Command[]) => found.map((c) => c.id);

describe('searchCommands', () => {
  it('lists everything grouped, Encounter first, when nothing is typed', () => {
    expect(ids(searchCommands(all, '  '))).toEqual([
      'tracker.next-turn',
      'tracker.previous-turn',
      'tracker.add-from-bestiary',
      'reference.search',
      'layout.maximise.reference',
      'appearance.theme',
    ]);
  });

  it('finds by prefix and forgives typos', () => {
    expect(ids(searchCommands(all, 'next'))[0]).toBe('tracker.next-turn');
    expect(ids(searchCommands(all, 'nxt turn'))[0]).toBe('tracker.next-turn');
    expect(ids(searchCommands(all, 'maximze ref'))).toEqual(['layout.maximise.reference']);
    expect(ids(searchCommands(all, 'bestairy'))).toEqual(['tracker.add-from-bestiary']);
    expect(ids(searchCommands(all, 'dark'))).toEqual(['appearance.theme']);
  });

  it('needs every word to match, and finds nothing for nonsense', () => {
    expect(ids(searchCommands(all, 'turn previous'))).toEqual(['tracker.previous-turn']);
    expect(searchCommands(all, 'zzzz qqq')).toEqual([]);
  });

  it('keeps unknown groups after the known ones, in the order they first appear', () => {
    const mixed = [command('b', 'B', 'Zeta'), command('a', 'A', 'Alpha'), command('c', 'C', 'Encounter')];
    expect(ids(orderCommands(mixed))).toEqual(['c', 'b', 'a']);
  });
});

describe('commands store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('runs a command only when it can, and says why not', async () => {
    const store = useCommandsStore();
    let runs = 0;
    const blocked = ref<string | null>('No encounter is open.');
    store.register(command('x', 'X', 'Encounter', { disabledReason: () => blocked.value, run: () => runs++ }));
    expect(await store.run('x')).toBe('No encounter is open.');
    blocked.value = null;
    expect(await store.run('x')).toBeNull();
    expect(runs).toBe(1);
    expect(await store.run('missing')).toMatch(/no command "missing"/);
  });

  it('gives a key to the first command that asks for it and lists the others as conflicts', () => {
    const store = useCommandsStore();
    const first = command('one', 'One', 'Encounter', { key: 'r' });
    const second = command('two', 'Two', 'Resolve', { key: 'r' });
    store.register(first);
    const remove = store.register(second);
    expect(store.byKey('r')).toBe(first);
    expect(store.keyConflicts).toEqual([second]);
    remove();
    expect(store.keyConflicts).toEqual([]);
  });

  it('keeps a replacement registered when the replaced one is removed late', () => {
    const store = useCommandsStore();
    const removeOld = store.register(command('x', 'Old', 'Layout'));
    store.register(command('x', 'New', 'Layout'));
    removeOld();
    expect(store.commands.map((c) => c.label)).toEqual(['New']);
  });
});

describe('registering from components', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('registers while mounted, follows a changing list, and unregisters on unmount', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    const names = ref(['Big fight']);
    const Host = defineComponent({
      setup() {
        useCommands([command('fixed', 'Fixed', 'Layout')]);
        useCommandList(() => names.value.map((name) => command(`switch.${name}`, `Switch to ${name}`, 'Layout')));
        return () => h('div');
      },
    });
    const app = createApp(Host).use(pinia);
    const store = useCommandsStore();
    app.mount(document.createElement('div'));
    expect(store.commands.map((c) => c.id)).toEqual(['fixed', 'switch.Big fight']);
    names.value = ['Chase', 'Siege'];
    await nextTick();
    expect(store.commands.map((c) => c.id)).toEqual(['fixed', 'switch.Chase', 'switch.Siege']);
    app.unmount();
    expect(store.commands).toEqual([]);
  });
});
