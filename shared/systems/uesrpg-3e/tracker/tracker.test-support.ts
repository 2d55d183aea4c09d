import type { Stats } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { resolveToggles } from '../../../system-kit/toggles';
import { uesrpgToggleDefs } from '../toggles';

// What the tracker adapter's test files share: the default toggles, one fighter's stat block,
// and the code and message of the RulesError a call throws.

export const toggles = resolveToggles(uesrpgToggleDefs, {});

/** Str 40 End 45 Ag 42 Int 30 Wp 35 Prc 38 Lck 50: HP 23, WT 4+4+3 = 11, IR 4+3+3 = 10, Stamina 4, LB 5. */
export const FIGHTER: Stats = {
  strength: 40,
  endurance: 45,
  agility: 42,
  intelligence: 30,
  willpower: 35,
  perception: 38,
  luck: 50,
};

export function rulesErrorOf(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a RulesError, but the call returned');
}
