import type {
  CurrentInitiative,
  InitiativeEntry,
  InitiativeOrder,
  InitiativeParticipant,
  RulesCombatant,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireFaces, requireInteger } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import { passOrder, rollInitiative } from '../initiative';
import type { InitiativeEntry as PassEntry } from '../initiative';
import { plural, SECTION, signed, step } from '../sections';
import { MAX_POOL } from '../tests';
import { DEFAULT_RULES } from '../toggles';
import { isAutonomous, isVehicle, readVehicle, rollDroneInitiative } from '../vehicles';
import { conditionIdsOf, readStat, requireCombatant, requireStats, resolveRules, statMemo } from './checked-reads';
import { canAct, currentCondition } from './health';

// ---------------------------------------------------------------------------------------------
// Initiative
// ---------------------------------------------------------------------------------------------

/**
 * Each combatant who can act rolls; an NPC group rolls once and its members share the score
 * (each member's own wounds and passes still apply in buildRound). Those down at the start of
 * the Combat Turn do not roll and so do not act in it.
 */
export function initiativeParticipants(
  combatants: readonly RulesCombatant[],
  _sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!Array.isArray(combatants)) {
    throw new RulesError('invalid-input', `Combatants must be a list, got ${describe(combatants)}.`);
  }
  // Built as they will be returned (the reducer asks after every event); only groups get their label at the end.
  const participants: { id: string; label: string; members: RulesCombatant[] }[] = [];
  let groups: Map<string, { id: string; label: string; members: RulesCombatant[] }> | undefined;
  for (const input of combatants) {
    const combatant = requireCombatant(input);
    if (!canAct(combatant, DEFAULT_RULES)) continue;
    if (crewedVehicle(combatant)) continue;
    const groupId = combatant.groupId;
    if (!groupId) {
      participants.push({ id: combatant.id, label: labelOf([combatant]), members: [combatant] });
      continue;
    }
    groups ??= new Map();
    const group = groups.get(groupId);
    if (group) {
      group.members.push(combatant);
    } else {
      // The group takes the place of its first member in encounter order.
      const created = { id: groupId, label: '', members: [combatant] };
      groups.set(groupId, created);
      participants.push(created);
    }
  }
  // The contract gives no group names, so a group is labelled by its members.
  if (groups) for (const group of groups.values()) group.label = labelOf(group.members);
  return participants;
}

/** A vehicle that is not autonomous: the seed gives it its controller's Initiative, so it rolls none. */
function crewedVehicle(combatant: RulesCombatant): boolean {
  const stats = requireStats(combatant.stats, combatant.name);
  return isVehicle(stats) && !isAutonomous(stats);
}

function labelOf(members: readonly RulesCombatant[]): string {
  return members.length === 1 && typeof members[0]!.name === 'string'
    ? members[0]!.name
    : members.map((m) => m.name).join(', ');
}

/** The member whose Reaction + Intuition a participant rolls: itself, or a group's first member. */
function roller(participant: InitiativeParticipant): RulesCombatant {
  if (typeof participant !== 'object' || participant === null || !Array.isArray(participant.members)) {
    throw new RulesError('invalid-input', 'An Initiative participant needs a list of members.');
  }
  // Each member looked at is checked first, so a bad one is named in a sentence, not a TypeError.
  const leader = participant.members.find((m) => requireCombatant(m).id === participant.id) ?? participant.members[0];
  if (!leader) {
    throw new RulesError(
      'invalid-input',
      `${participant.label || participant.id} has no members to roll Initiative for.`,
    );
  }
  return requireCombatant(leader);
}

export function initiativeDice(
  participant: InitiativeParticipant,
  toggles: ToggleValues,
): { count: number; sides: number } {
  resolveRules(toggles);
  const leader = roller(participant);
  const stats = requireStats(leader.stats, leader.name);
  if (isVehicle(stats)) {
    const drone = readVehicle(stats, leader.name);
    return { count: drone.pilot + drone.response, sides: 6 };
  }
  // Wounds lower the score, not the pool (the package's rollInitiative applies them there).
  return {
    count: readStat(stats, 'reaction', leader.name) + readStat(stats, 'intuition', leader.name),
    sides: 6,
  };
}

function passesOf(combatant: RulesCombatant): number {
  return readStat(requireStats(combatant.stats, combatant.name), 'passes', combatant.name);
}

export function scoreInitiative(
  participant: InitiativeParticipant,
  faces: readonly number[],
  toggles: ToggleValues,
): InitiativeEntry {
  const rules = resolveRules(toggles);
  const leader = roller(participant);
  const stats = requireStats(leader.stats, leader.name);
  const drone = isVehicle(stats) ? readVehicle(stats, leader.name) : null;
  const reaction = drone ? drone.pilot : readStat(stats, 'reaction', leader.name);
  const intuition = drone ? drone.response : readStat(stats, 'intuition', leader.name);
  const label = participant.label || leader.name;
  requireFaces(`${label}'s Initiative dice`, faces, 6, MAX_POOL);
  if (faces.length !== reaction + intuition) {
    throw new RulesError(
      'invalid-input',
      drone
        ? `${label} rolls ${reaction + intuition} Initiative dice (Pilot ${reaction} + Response ${intuition}), but ${plural(faces.length, 'face was', 'faces were')} given.`
        : `${label} rolls ${reaction + intuition} Initiative dice (Reaction ${reaction} + Intuition ${intuition}), but ${plural(faces.length, 'face was', 'faces were')} given.`,
      { expected: reaction + intuition, got: faces.length },
    );
  }
  const wound = currentCondition(leader, rules).woundModifier;
  const roll = drone
    ? rollDroneInitiative(reaction, intuition, faces, rules)
    : rollInitiative({ reaction, intuition, dice: faces, woundModifier: wound }, rules);
  const members = participant.members.map(requireCombatant);
  const passSteps: ExplainStep[] =
    members.length === 1
      ? [
          step(
            `${label}: ${plural(passesOf(leader), 'Initiative Pass', 'Initiative Passes')} this Combat Turn.`,
            SECTION.combatTurn,
          ),
        ]
      : [
          step(
            `The group rolls once with ${leader.name}'s Reaction + Intuition; every member acts on this score, lowered by their own wounds, in their own Initiative Passes (${members.map((m) => `${m.name} ${passesOf(m)}`).join(', ')}).`,
            SECTION.combatTurn,
            'default',
          ),
        ];
  return {
    participantId: participant.id,
    memberIds: members.map((m) => m.id),
    score: roll.score,
    display: scoreDisplay(roll.score, roll),
    faces: [...faces],
    // Only what the roll decided; attributes and passes are read from the combatants when needed.
    detail: {
      hits: roll.hits,
      // buildRound re-applies wounds as the difference from this one (damage lowers the score at once).
      woundAtRoll: wound,
      glitch: roll.glitch,
      criticalGlitch: roll.criticalGlitch,
      simpleActionsLost: roll.simpleActionsLost,
      actionPhasesLost: roll.actionPhasesLost,
    },
    steps: [...roll.steps, ...passSteps],
  };
}

export interface RollFacts {
  readonly id: string;
  readonly memberIds: readonly string[];
  readonly score: number;
  readonly woundAtRoll: number;
  readonly glitch: boolean;
  readonly criticalGlitch: boolean;
}

const entryCache = new WeakMap<object, RollFacts>();

export function readEntry(entry: InitiativeEntry): RollFacts {
  if (typeof entry !== 'object' || entry === null) {
    throw new RulesError('invalid-input', `An Initiative entry must be an object, got ${describe(entry)}.`);
  }
  const known = entryCache.get(entry);
  if (known !== undefined) return known;
  const facts = readEntryFacts(entry);
  entryCache.set(entry, facts);
  return facts;
}

function readEntryFacts(entry: InitiativeEntry): RollFacts {
  if (typeof entry.participantId !== 'string' || entry.participantId.length === 0) {
    throw new RulesError('invalid-input', 'Every Initiative entry needs a participant id.');
  }
  const id = entry.participantId;
  const memberIds: unknown = entry.memberIds;
  if (
    !Array.isArray(memberIds) ||
    memberIds.length === 0 ||
    !memberIds.every((m: unknown) => typeof m === 'string' && m.length > 0)
  ) {
    throw new RulesError('invalid-input', `Initiative entry ${id}: memberIds must be a list of combatant ids.`);
  }
  const detail: Readonly<Record<string, unknown>> =
    typeof entry.detail === 'object' && entry.detail !== null ? entry.detail : {};
  const flag = (key: string): boolean => {
    const value = detail[key] ?? false;
    if (typeof value !== 'boolean') {
      throw new RulesError(
        'invalid-input',
        `Initiative entry ${id}: ${key} must be true or false, got ${describe(value)}.`,
      );
    }
    return value;
  };
  return {
    id,
    memberIds: memberIds as string[],
    score: requireInteger(`Initiative entry ${id}: score`, entry.score, -100, 200),
    woundAtRoll: requireInteger(`Initiative entry ${id}: wound modifier at the roll`, detail.woundAtRoll ?? 0, -100, 0),
    glitch: flag('glitch'),
    criticalGlitch: flag('criticalGlitch'),
  };
}

/** The score as the GM screen shows it: the number, and a glitch that puts the character last in ties. */
function scoreDisplay(score: number, facts: Pick<RollFacts, 'glitch' | 'criticalGlitch'>): string {
  return facts.criticalGlitch ? `${score} · critical glitch` : facts.glitch ? `${score} · glitch` : `${score}`;
}

/**
 * A member's Initiative Score now: the rolled score moved by the change in its own wound modifier
 * since the roll, as buildRound orders it (seed: wounds lower the score at once; an NPC group's
 * members each carry their own wounds).
 */
export function currentInitiative(
  combatant: RulesCombatant,
  entry: InitiativeEntry,
  toggles: ToggleValues,
): CurrentInitiative {
  const rules = resolveRules(toggles);
  const facts = readEntry(entry);
  const wound = currentCondition(requireCombatant(combatant), rules).woundModifier;
  const score = facts.score + (wound - facts.woundAtRoll);
  let explanation: string;
  if (wound === facts.woundAtRoll) {
    explanation =
      wound === 0
        ? `Rolled ${facts.score}`
        : `Rolled ${facts.score}, wound modifier ${signed(wound)} counted at the roll`;
  } else if (facts.woundAtRoll === 0) {
    explanation = `Rolled ${facts.score}, wound modifier ${signed(wound)}`;
  } else {
    explanation = `Rolled ${facts.score} with wound modifier ${signed(facts.woundAtRoll)}; wound modifier now ${signed(wound)}`;
  }
  return { score, display: scoreDisplay(score, facts), explanation };
}

/** The package's ordering record for one combatant: the roll's facts with the combatant's own attributes. */
/** The attributes ordering reads from a stat block, read together once per block. */
interface PassStats {
  readonly reaction: number;
  readonly passes: number;
  readonly edge: number;
  readonly initiative: number;
}
const passStatsCache = new WeakMap<object, PassStats>();

function passStatsOf(combatant: RulesCombatant): PassStats {
  const known =
    typeof combatant.stats === 'object' && combatant.stats !== null ? passStatsCache.get(combatant.stats) : undefined;
  if (known !== undefined) return known;
  const name = combatant.name;
  const stats = requireStats(combatant.stats, name);
  const memo = statMemo(stats);
  const drone = isVehicle(stats) ? readVehicle(stats, name) : null;
  const reaction = drone ? drone.response : readStat(stats, 'reaction', name, memo);
  const read: PassStats = {
    reaction,
    passes: readStat(stats, 'passes', name, memo),
    edge: readStat(stats, 'edge', name, memo),
    initiative: drone ? drone.pilot + drone.response : reaction + readStat(stats, 'intuition', name, memo),
  };
  passStatsCache.set(stats, read);
  return read;
}

/** Every pass of the Combat Turn: Edge spent to act first lasts the turn (condition 'edge-first'). */
const ALL_PASSES: readonly number[] = [1, 2, 3, 4];

export function passEntry(id: string, score: number, facts: RollFacts, combatant: RulesCombatant): PassEntry {
  const stats = passStatsOf(combatant);
  const entry: PassEntry = {
    id,
    score,
    passes: stats.passes,
    edge: stats.edge,
    initiative: stats.initiative,
    reaction: stats.reaction,
    glitch: facts.glitch,
    criticalGlitch: facts.criticalGlitch,
  };
  return conditionIdsOf(combatant).includes('edge-first') ? { ...entry, edgeFirstPasses: ALL_PASSES } : entry;
}

export function orderInitiative(
  entries: readonly InitiativeEntry[],
  participants: readonly InitiativeParticipant[],
  toggles: ToggleValues,
): InitiativeOrder {
  const rules = resolveRules(toggles);
  if (!Array.isArray(entries) || !Array.isArray(participants)) {
    throw new RulesError('invalid-input', 'Initiative entries and participants must be lists.');
  }
  // Looked up by id once, not searched per entry (the first participant with an id wins, as find did).
  const byId = new Map<string, InitiativeParticipant>();
  for (let i = participants.length - 1; i >= 0; i--) byId.set(participants[i]!.id, participants[i]!);
  const label = (id: string): string => byId.get(id)?.label || id;
  const read = entries.map(readEntry);
  const ordering = read.map((facts) => {
    const participant: InitiativeParticipant | undefined = byId.get(facts.id);
    if (!participant) {
      throw new RulesError(
        'unknown-entry',
        `Initiative entry ${facts.id} belongs to no participant in this encounter.`,
      );
    }
    // Ties between participants break on the roller's Edge, Initiative and Reaction.
    return { facts, participant, entry: passEntry(facts.id, facts.score, facts, roller(participant)) };
  });
  // Pass 1 under "simple-action" drops nobody, so this is the full score order with the package's tie-breaks.
  const first = passOrder(
    ordering.map((o) => o.entry),
    1,
    'simple-action',
  );
  const steps: ExplainStep[] = [
    step(
      first.order.length
        ? `Initiative order: ${first.order.map((slot) => `${label(slot.id)} ${slot.score}`).join(', ')}.`
        : 'Nobody has rolled Initiative.',
      SECTION.combatTurn,
    ),
  ];
  for (const tie of first.ties) {
    steps.push(
      step(
        `${tie.map(label).join(', ')} tie: they act at the same time unless it matters; then a glitch goes last and Edge, Initiative, Reaction break the tie in that order.`,
        SECTION.combatTurn,
      ),
    );
  }
  // Losing the first Action Phase costs the whole Combat Turn only to those with a single pass.
  const losesTurn: string[] = [];
  if (rules.initiativeCriticalGlitch === 'action-phase') {
    for (const { facts, participant } of ordering) {
      if (facts.criticalGlitch && participant.members.every((m) => passesOf(requireCombatant(m)) <= 1)) {
        losesTurn.push(facts.id);
        steps.push(
          step(
            `${label(facts.id)} ${participant.members.length > 1 ? 'have' : 'has'} one Initiative Pass and ${participant.members.length > 1 ? 'lose' : 'loses'} it to the critical glitch: no action this Combat Turn.`,
            SECTION.combatTurn,
            'default',
          ),
        );
      }
    }
  }
  return { order: first.order.map((slot) => slot.id), losesTurn, steps };
}
