import type { CheckOutcome, CheckRequest, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import { readUesrpgHealth } from './health';

// ---------------------------------------------------------------------------------------------
// Checks and prompts: UESRPG asks for none
// ---------------------------------------------------------------------------------------------

// Neither the seed nor RULES-NOTES §2 asks for a roll on someone's behalf.
export function checksDue(combatant: RulesCombatant): readonly CheckRequest[] {
  readUesrpgHealth(combatant);
  return [];
}

export function resolveCheck(_combatant: RulesCombatant, checkId: string): CheckOutcome {
  throw new RulesError(
    'unknown-entry',
    `UESRPG asks for no checks, so there is no check ${describe(checkId)} to resolve.`,
  );
}

// No encounter-wide rolls (no morale rule in the seed).
export function encounterPrompts(): readonly CheckRequest[] {
  return [];
}
