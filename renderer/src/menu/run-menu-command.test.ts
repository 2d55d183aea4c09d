import { afterEach, describe, expect, it } from 'vitest';
import { runMenuCommand } from './run-menu-command';

function commandsSpy() {
  const ran: string[] = [];
  return { ran, runAnnounced: async (id: string) => void ran.push(id) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** happy-dom has no editing commands: record what the page asked the field for. */
function spyOnExecCommand() {
  const asked: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    value: (command: string) => asked.push(command) > 0,
    configurable: true,
  });
  return asked;
}

describe('runMenuCommand', () => {
  it("hands Undo and Redo to a focused text field: the field's typing is undone, not the encounter", async () => {
    const asked = spyOnExecCommand();
    const commands = commandsSpy();
    document.body.innerHTML = '<input type="text">';
    document.querySelector('input')!.focus();
    await runMenuCommand('tracker.undo', commands);
    await runMenuCommand('tracker.redo', commands);
    expect(asked).toEqual(['undo', 'redo']);
    expect(commands.ran).toEqual([]);
  });

  it('runs the encounter undo when focus is not in a text field (a button, a checkbox, nothing)', async () => {
    const asked = spyOnExecCommand();
    const commands = commandsSpy();
    document.body.innerHTML = '<button>Next</button><input type="checkbox">';
    await runMenuCommand('tracker.undo', commands);
    document.querySelector('button')!.focus();
    await runMenuCommand('tracker.redo', commands);
    document.querySelector<HTMLInputElement>('input')!.focus();
    await runMenuCommand('tracker.undo', commands);
    expect(commands.ran).toEqual(['tracker.undo', 'tracker.redo', 'tracker.undo']);
    expect(asked).toEqual([]);
  });

  it('runs any other command through the registry even from a text field', async () => {
    const asked = spyOnExecCommand();
    const commands = commandsSpy();
    document.body.innerHTML = '<textarea></textarea>';
    document.querySelector('textarea')!.focus();
    await runMenuCommand('help.about', commands);
    expect(commands.ran).toEqual(['help.about']);
    expect(asked).toEqual([]);
  });
});
