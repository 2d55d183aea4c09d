import type { Stats } from '../../../system-kit/tracker-rules';
import { weaponProblems } from '../../../system-kit/sheet-weapons';
import { RulesError } from '../../../errors';
import { HIT_LOCATIONS, type HitLocation } from '../combat';
import { type CritProfile } from '../d100';
import { UESRPG_WEAPONS } from '../sheet-weapons';
import { readUesrpgHealth, uesrpg3eTracker } from '../tracker';
import type { Participant } from '../../../system-kit/workflow';

/**
 * What the workflows read from a participant: the tracker's stat block (characteristics, Combat
 * Style and Evade TNs, AR per location, lucky numbers), its health (HP, wounds) and conditions.
 * A missing stat takes its field's default, as the tracker promises.
 */

const FIELD_DEFAULTS: ReadonlyMap<string, unknown> = new Map(
  uesrpg3eTracker.statFields.map((f) => [f.id, f.defaultValue]),
);

export function statNumber(participant: Participant, id: string): number {
  const value = participant.stats[id] ?? FIELD_DEFAULTS.get(id);
  return typeof value === 'number' ? value : 0;
}

function statList(stats: Stats, id: string): readonly number[] {
  const value = stats[id];
  return Array.isArray(value) ? value : [];
}

/** The tracker's AR stat id of one location ("arRightArm"). */
export function arStatId(location: HitLocation): string {
  return `ar${location
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

/** AR at each location, in HIT_LOCATIONS order. */
export function armourByLocation(participant: Participant): readonly number[] {
  return HIT_LOCATIONS.map((location) => statNumber(participant, arStatId(location)));
}

export function armourAt(participant: Participant, location: HitLocation): number {
  return statNumber(participant, arStatId(location));
}

function derivedValue(participant: Participant, id: string): number {
  const found = uesrpg3eTracker.derive(participant.stats).find((d) => d.id === id);
  if (!found) throw new RulesError('invalid-input', `The UESRPG stat block derives no "${id}".`);
  return found.value;
}

export function woundThreshold(participant: Participant): number {
  return derivedValue(participant, 'wt');
}

/** Criticals: an NPC crits on 01–03 and fumbles on 98–100; a PC on their lucky and unlucky numbers. */
export function critProfile(participant: Participant): CritProfile {
  if (participant.kind === 'npc') return { npc: true };
  return { lucky: statList(participant.stats, 'lucky'), unlucky: statList(participant.stats, 'unlucky') };
}

/** HP now: the tracker's health when in an encounter, else full HP from the stat block. */
export function currentHp(participant: Participant): number {
  return participant.health === undefined ? derivedValue(participant, 'hp') : healthOf(participant).hp;
}

function healthOf(participant: Participant): { hp: number; wounds: readonly HitLocation[] } {
  return readUesrpgHealth({
    id: participant.combatantId ?? '',
    name: participant.name,
    kind: participant.kind,
    side: '',
    stats: participant.stats,
    health: participant.health ?? {},
    conditionIds: participant.conditionIds ?? [],
  });
}

function hasCondition(participant: Participant, id: string): boolean {
  return (participant.conditionIds ?? []).includes(id);
}

/** Wounded per the tracker's health record or a GM-applied Wounded condition (the tracker's own reading). */
export function isWounded(participant: Participant): boolean {
  if (hasCondition(participant, 'wounded')) return true;
  return participant.health !== undefined && healthOf(participant).wounds.length > 0;
}

export function isDown(participant: Participant): boolean {
  return participant.health !== undefined && healthOf(participant).hp <= 0;
}

export function isStunned(participant: Participant): boolean {
  return hasCondition(participant, 'stunned');
}

export function isSurprised(participant: Participant): boolean {
  return hasCondition(participant, 'surprised');
}

/** Wounded, read safely for a default: a bad health record is reported by problems(), the default stays plain. */
export function safelyWounded(participant: Participant | undefined): boolean {
  try {
    return participant !== undefined && isWounded(participant);
  } catch {
    return false;
  }
}

/** Down or stunned (no reactions), read safely for a default as `safelyWounded` is. */
export function safelyCannotReact(participant: Participant | undefined): boolean {
  try {
    return participant !== undefined && (isStunned(participant) || isDown(participant));
  } catch {
    return false;
  }
}

/** Problems with one participant's stat block and health, each prefixed with their name. */
export function participantProblems(participant: Participant): string[] {
  const problems = uesrpg3eTracker.validateStats(participant.stats).map((p) => `${participant.name}: ${p}`);
  if (participant.weapons !== undefined) {
    problems.push(...weaponProblems(participant.weapons, UESRPG_WEAPONS).map((p) => `${participant.name}: ${p}`));
  }
  if (problems.length > 0) return problems;
  if (participant.health !== undefined) {
    try {
      healthOf(participant);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}
