import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
import type { MenuModel } from '../../../shared/menu/menu-model';
import type { Command } from '../palette/commands-store';
import { menuModelFromCommands } from './menu-model-from-commands';
import { createMenuSync } from './menu-sync';

/** A schedule the test runs by hand: each planned flush waits until `flush()`. */
function manualSchedule() {
  const planned: (() => void)[] = [];
  return {
    schedule: (work: () => void) => void planned.push(work),
    get pending() {
      return planned.length;
    },
    flush() {
      for (const work of planned.splice(0)) work();
    },
  };
}

function setup(send: (model: MenuModel) => Promise<unknown> = async () => ({ status: 'set' })) {
  const undoable = ref(false);
  const label = ref('Undo');
  const registry = ref<Command[]>([
    {
      id: 'tracker.undo',
      get label() {
        return label.value;
      },
      group: 'Encounter',
      shortcut: 'CommandOrControl+Z',
      menu: { section: 'Edit', order: 10 },
      disabledReason: () => (undoable.value ? null : 'There is nothing to undo.'),
      run: () => undefined,
    },
  ]);
  const sent: MenuModel[] = [];
  const clock = manualSchedule();
  let builds = 0;
  const sync = createMenuSync(
    () => {
      builds++;
      return menuModelFromCommands(registry.value);
    },
    (model) => {
      sent.push(model);
      return send(model);
    },
    clock.schedule,
  );
  return { undoable, label, registry, sent, clock, sync, builds: () => builds };
}

const undoItem = (model: MenuModel) => model.sections[0]!.items[0];

describe('createMenuSync', () => {
  it('sends the model once at the start, on the first flush', () => {
    const { sent, clock, builds } = setup();
    expect(sent).toHaveLength(0);
    expect(builds()).toBe(0);
    clock.flush();
    expect(sent).toEqual([
      {
        sections: [
          {
            name: 'Edit',
            items: [
              { kind: 'command', id: 'tracker.undo', label: 'Undo', accelerator: 'CommandOrControl+Z', enabled: false },
            ],
          },
        ],
      },
    ]);
  });

  it('coalesces a burst of changes into one send, building the model only when it flushes', () => {
    const { undoable, label, sent, clock, builds } = setup();
    clock.flush();
    undoable.value = true;
    label.value = 'Undo damage';
    undoable.value = false;
    undoable.value = true;
    expect(clock.pending).toBe(1);
    expect(builds()).toBe(1);
    clock.flush();
    expect(builds()).toBe(2);
    expect(sent).toHaveLength(2);
    expect(undoItem(sent[1]!)).toEqual({
      kind: 'command',
      id: 'tracker.undo',
      label: 'Undo damage',
      accelerator: 'CommandOrControl+Z',
      enabled: true,
    });
  });

  it('does not send a model equal to the last one sent', () => {
    const { undoable, sent, clock } = setup();
    clock.flush();
    undoable.value = true;
    undoable.value = false;
    clock.flush();
    expect(sent).toHaveLength(1);
    // A command registered later changes the model: sent.
    undoable.value = true;
    clock.flush();
    expect(sent).toHaveLength(2);
  });

  it('follows commands registered and removed after the start', () => {
    const { registry, sent, clock } = setup();
    clock.flush();
    registry.value = [
      ...registry.value,
      { id: 'help.about', label: 'About GM Screen', group: 'Help', menu: { section: 'Help', order: 10 }, run: () => 0 },
    ];
    clock.flush();
    expect(sent[1]!.sections.map((section) => section.name)).toEqual(['Edit', 'Help']);
    registry.value = registry.value.slice(1);
    clock.flush();
    expect(sent[2]!.sections.map((section) => section.name)).toEqual(['Help']);
  });

  it('sends again on the next change after a send failed, even when the model is the one that failed', async () => {
    const answers = [Promise.reject(new Error('no window')), Promise.resolve({ status: 'set' })];
    const { undoable, sent, clock } = setup(() => answers.shift()!);
    clock.flush();
    await Promise.resolve();
    await Promise.resolve();
    // A change and its undoing: the model equals the one whose send failed.
    undoable.value = true;
    undoable.value = false;
    clock.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('stops following the registry, dropping a planned send', () => {
    const { undoable, sent, clock, sync } = setup();
    clock.flush();
    undoable.value = true;
    sync.stop();
    clock.flush();
    undoable.value = false;
    expect(clock.pending).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
