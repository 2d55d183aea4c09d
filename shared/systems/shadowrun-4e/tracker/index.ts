import type {
  CheckRequest,
  CombatantKind,
  DerivedValue,
  EncounterMoment,
  HealthState,
  RulesCombatant,
  Stats,
  TrackerRules,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import { derivedStats } from '../derived';
import { MAX_ATTRIBUTE } from '../attributes';
import { shadowrunWeapons } from '../sheet-weapons';
import { SKILL_FIELDS } from '../skills';
import type { ShadowrunRules } from '../toggles';
import { isVehicle, readVehicle, VEHICLE_STAT_FIELDS, vehicleDerived, vehicleStatProblems } from '../vehicles';
import { readStat, requireCombatant, requireStats, resolveRules } from './checked-reads';
import { TERRAIN } from '../chase';
import { CONDITIONS } from './conditions';
import { economy } from './economy';
import { HARM_KINDS, applyHarm, healthView, readHealth, turnOrderFacts } from './health';
import {
  currentInitiative,
  initiativeDice,
  initiativeParticipants,
  orderInitiative,
  scoreInitiative,
} from './initiative';
import { buildRound } from './round';
import { STAT_FIELDS } from './stat-block';

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

function requireMoment(moment: EncounterMoment): ShadowrunRules {
  if (typeof moment !== 'object' || moment === null) {
    throw new RulesError('invalid-input', `The encounter moment must be an object, got ${describe(moment)}.`);
  }
  return resolveRules(moment.toggles);
}

/** The book's terrain table: the Vehicle Test threshold of each kind of terrain. */
const chaseTerrainThresholds = {
  open: TERRAIN.open.threshold,
  light: TERRAIN.light.threshold,
  restricted: TERRAIN.restricted.threshold,
  tight: TERRAIN.tight.threshold,
};

export const shadowrun4eTracker: TrackerRules = {
  systemId: 'shadowrun-4e',
  statFields: [...STAT_FIELDS, ...SKILL_FIELDS, ...VEHICLE_STAT_FIELDS],
  weapons: shadowrunWeapons,

  derive(stats: Stats): readonly DerivedValue[] {
    const block = requireStats(stats);
    if (isVehicle(block)) return vehicleDerived(readVehicle(block));
    const derived = derivedStats({
      body: readStat(block, 'body'),
      willpower: readStat(block, 'willpower'),
      reaction: readStat(block, 'reaction'),
      intuition: readStat(block, 'intuition'),
    });
    return [
      {
        id: 'physicalMonitor',
        label: 'Physical monitor',
        value: derived.physicalMonitor,
        help: 'Boxes: 8 + ⌈Body/2⌉.',
      },
      { id: 'stunMonitor', label: 'Stun monitor', value: derived.stunMonitor, help: 'Boxes: 8 + ⌈Willpower/2⌉.' },
      {
        id: 'initiative',
        label: 'Initiative',
        value: derived.initiative,
        help: 'Reaction + Intuition: the Initiative Test pool and the base of the score.',
      },
    ];
  },

  validateStats(stats: Stats): string[] {
    if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
      return [`The stat block must be an object of stats, got ${describe(stats)}.`];
    }
    const problems: string[] = [];
    for (const field of shadowrun4eTracker.statFields) {
      const value = stats[field.id];
      if (value === undefined) continue; // takes the default
      if (field.type === 'flag') continue; // vehicleStatProblems checks the flags
      try {
        requireInteger(field.label, value, field.min ?? 0, field.max ?? MAX_ATTRIBUTE);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        problems.push(error.message);
      }
    }
    for (const key of Object.keys(stats)) {
      if (!shadowrun4eTracker.statFields.some((field) => field.id === key))
        problems.push(`"${key}" is not a Shadowrun 4e stat.`);
    }
    problems.push(...vehicleStatProblems(stats));
    return problems;
  },

  initialHealth(stats: Stats, kind: CombatantKind): HealthState {
    if (kind !== 'pc' && kind !== 'npc') {
      throw new RulesError('invalid-input', `Combatant kind must be "pc" or "npc", got ${describe(kind)}.`);
    }
    // Checked so a bad stat block fails here rather than at the first hit.
    const block = requireStats(stats);
    readStat(block, 'body');
    readStat(block, 'willpower');
    return { physical: 0, stun: 0 };
  },

  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,
  turnOrderFacts,
  woundTracks: {
    tracks: ['physical', 'stun'],
    why: 'Both condition monitors fill with damage boxes (a vehicle has only its Physical monitor).',
  },

  // Neither the seed nor RULES-NOTES §3 calls for a roll on anyone's behalf.
  checksDue(combatant: RulesCombatant, moment: EncounterMoment): readonly CheckRequest[] {
    requireMoment(moment);
    readHealth(requireCombatant(combatant));
    return [];
  },

  resolveCheck(_combatant: RulesCombatant, checkId: string): never {
    throw new RulesError(
      'unknown-entry',
      `Shadowrun 4e asks for no checks, so there is no check ${describe(checkId)} to resolve.`,
    );
  },

  conditions: CONDITIONS,

  initiative: {
    scope: 'combatant',
    rerollEachRound: true,
    participants: initiativeParticipants,
    dice: initiativeDice,
    score: scoreInitiative,
    order: orderInitiative,
    current: currentInitiative,
  },

  buildRound,
  economy,
  chase: { terrainThresholds: chaseTerrainThresholds },

  // Shadowrun has no encounter-wide prompts (no morale rule in the seed).
  encounterPrompts() {
    return [];
  },
};
