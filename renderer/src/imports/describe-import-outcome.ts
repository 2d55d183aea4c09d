import { formatCount } from '../ui/formatting';
import type { ImportOutcome } from './useImportFile';

/**
 * What an import did, in one sentence: the same words under "Import…" and in the notice for a
 * file opened with the app. A refusal's message is its own sentence (shown as an alert).
 */
export function describeImportOutcome(outcome: ImportOutcome): string {
  switch (outcome.kind) {
    case 'encounter':
      return (
        `Imported “${outcome.name}” as a copy: ${formatCount(outcome.entries)} ${outcome.entries === 1 ? 'entry' : 'entries'}, ` +
        `${outcome.combatants} ${outcome.combatants === 1 ? 'combatant' : 'combatants'}, round ${outcome.round}.`
      );
    case 'bestiary':
      return `Imported ${outcome.count} ${outcome.count === 1 ? 'template' : 'templates'} from “${outcome.fileName}” (${outcome.bySystem}).`;
    case 'cancelled':
      return 'Import cancelled: nothing was changed.';
    case 'refused':
      return outcome.message;
  }
}
