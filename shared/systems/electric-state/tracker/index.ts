// The Electric State tracker adapter, assembled from one file per concern.
import type { TrackerRules } from '../../../system-kit/tracker-rules';
import { DIE_SIDES } from '../dice';
import { electricStateWeapons } from '../sheet-weapons';
import { checksDue, encounterPrompts, resolveCheck } from './checks';
import { conditions } from './conditions';
import { economy } from './economy';
import { HARM_KINDS, applyHarm, initialHealth } from './harm';
import { healthView } from './health-view';
import { order, participants, requireParticipant, score } from './initiative';
import { buildRound } from './round';
import { derive, statFields, validateStats } from './stat-block';

export { ARMOR_LEVEL_MAX, readElectricStateStats, type ElectricStateStats } from './stat-block';
export { readElectricStateHealth, type ElectricStateHealth } from './health-record';
export { injuryConditionId } from './conditions';

export const electricStateTracker: TrackerRules = {
  systemId: 'electric-state',
  statFields,
  weapons: electricStateWeapons,
  derive,
  validateStats,
  initialHealth,
  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,
  woundTracks: {
    tracks: ['health'],
    why: 'Damage comes off Health; Hope is the will to go on (spent by pushing), not a wound.',
  },
  checksDue,
  resolveCheck,
  conditions,
  initiative: {
    scope: 'side',
    rerollEachRound: false,
    participants,
    dice(participant) {
      requireParticipant(participant);
      return { count: 1, sides: DIE_SIDES };
    },
    score,
    order,
  },
  buildRound,
  economy,
  encounterPrompts,
};
