// The Hardware tracker adapter, assembled from its concerns: the stat block, the health record,
// harm and the health view, checks and morale, conditions, initiative and the round, the economy.
import type { TrackerRules } from '../../../system-kit/tracker-rules';
import { SAVE_DIE } from '../saves';
import { hardwareWeapons } from '../sheet-weapons';
import { checksDue, resolveCheck } from './checks';
import { conditions } from './conditions';
import { economy } from './economy';
import { HARM_KINDS, applyHarm, healthView } from './health';
import { initialHealth } from './health-record';
import { buildRound, laterRoundEntries, order, participants, pcOf, rollsSave, score } from './initiative';
import { encounterPrompts } from './morale';
import { derive, statFields, validateStats } from './stat-block';

export { readHardwareStats, type HardwareStats } from './stat-block';
export {
  readHardwareHealth,
  type HardwareHealth,
  type PendingCheck,
  type PendingCriticalSave,
  type PendingMorale,
} from './health-record';
export { moraleGroupOf, moralePromptId, type MoraleGroup } from './morale';

export const hardwareTracker: TrackerRules = {
  systemId: 'hardware',
  statFields,
  weapons: hardwareWeapons,
  derive,
  validateStats,
  initialHealth,
  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,
  woundTracks: {
    tracks: ['stamina', 'BOD'],
    why: 'Damage comes off Stamina, then off BOD (BOD 0 is death); AGL and CTR fall to stress and attribute loss, not wounds.',
  },
  checksDue,
  resolveCheck,
  conditions,
  initiative: {
    scope: 'combatant',
    // Each round has its own order: saved for at the start of the fight, then made without a
    // roll (laterRoundEntries), unless the aglSave toggle asks for a save every round.
    rerollEachRound: true,
    dice(participant) {
      const { s, h, status } = pcOf(participant);
      // Zero dice: this PC makes no save this round (ability, AGL 0, or cannot act).
      return { count: rollsSave(s, h, status) ? 1 : 0, sides: SAVE_DIE };
    },
    participants,
    score,
    order,
    laterRoundEntries,
  },
  buildRound,
  economy,
  encounterPrompts,
};
