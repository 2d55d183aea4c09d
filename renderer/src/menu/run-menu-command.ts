import { isTypingTarget } from '../palette';
import { REDO_COMMAND, UNDO_COMMAND } from '../tracker';
import type { useCommandsStore } from '../palette/commands-store';

/** The field edits a menu command stands for while a text field has focus. */
const FIELD_EDITS: Readonly<Record<string, 'undo' | 'redo'>> = { [UNDO_COMMAND]: 'undo', [REDO_COMMAND]: 'redo' };

/**
 * Runs the command the GM chose in the application menu, as a key would: a refusal is said on the
 * status line. Edit → Undo or Redo while a text field has focus acts on the field instead: that
 * is what Undo in an Edit menu means in every desktop program, and on macOS it is also how ⌘Z
 * reaches a field at all (there the menu's key equivalents take the key before the page does), so
 * without this ⌘Z would undo the encounter while the GM is fixing a typo. `document.execCommand` is deprecated but still the only way to ask a
 * field for its own undo history; the encounter's undo stays one command away in the palette.
 */
export async function runMenuCommand(
  id: string,
  commands: Pick<ReturnType<typeof useCommandsStore>, 'runAnnounced'>,
  doc: Document = document,
): Promise<void> {
  const fieldEdit = FIELD_EDITS[id];
  if (fieldEdit && isTypingTarget(doc.activeElement)) {
    doc.execCommand(fieldEdit);
    return;
  }
  await commands.runAnnounced(id);
}
