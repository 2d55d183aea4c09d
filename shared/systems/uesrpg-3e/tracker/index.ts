import type { TrackerRules } from '../../../system-kit/tracker-rules';
import { UESRPG_WEAPONS } from '../sheet-weapons';
import { checksDue, encounterPrompts, resolveCheck } from './checks';
import { CONDITIONS } from './conditions';
import { economy } from './economy';
import { initialHealth, HARM_KINDS, applyHarm, healthView } from './health';
import { participants, initiativeDice, scoreInitiative, orderEntries, buildRound } from './initiative';
import { STAT_FIELDS, validateStats, derive } from './stat-block';

// The UESRPG 3e tracker adapter, assembled from one file per concern: the stat block, health,
// conditions, initiative and the round, the action economy, and checks.
export type { UesrpgHealth } from './health';
export { readUesrpgHealth } from './health';

export const uesrpg3eTracker: TrackerRules = {
  systemId: 'uesrpg-3e',
  statFields: STAT_FIELDS,
  derive,
  validateStats,
  weapons: UESRPG_WEAPONS,
  initialHealth,
  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,
  woundTracks: {
    tracks: ['hp'],
    why: 'HP is the one track damage lowers; a wound past the Wound Threshold also lowers HP.',
  },
  checksDue,
  resolveCheck,
  conditions: CONDITIONS,

  initiative: {
    scope: 'combatant',
    rerollEachRound: false,
    participants,
    dice: initiativeDice,
    score: scoreInitiative,
    order: orderEntries,
  },

  buildRound,
  economy,
  encounterPrompts,
};
