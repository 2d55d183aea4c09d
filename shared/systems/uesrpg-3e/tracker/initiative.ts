import type {
  InitiativeEntry,
  InitiativeOrder,
  InitiativeParticipant,
  RoundContext,
  RulesCombatant,
  TurnSlot,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireFaces, requireInteger } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import { initiativeRanking, orderInitiative, type InitiativeCombatant } from '../initiative';
import { RULES } from '../sections';
import { isList, possessive } from './checked-input';
import { isWounded, conditionIds, isDown } from './health';
import { readToggles } from './read-once';
import { derivedOf } from './stat-block';

// ---------------------------------------------------------------------------------------------
// Initiative: one 1d6 per ungrouped combatant and per NPC group, once per encounter
// ---------------------------------------------------------------------------------------------

function groupLabel(members: readonly RulesCombatant[]): string {
  const names = members.map((m) => m.name || m.id);
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

export function participants(
  combatants: readonly RulesCombatant[],
  _sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!isList(combatants)) throw new RulesError('invalid-input', 'Initiative needs a list of combatants.');
  const ids = new Set<string>();
  for (const c of combatants) {
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || c.id.length === 0) {
      throw new RulesError('invalid-input', 'Every combatant needs an id.');
    }
    if (ids.has(c.id)) throw new RulesError('invalid-input', `Two combatants share the id "${c.id}".`);
    ids.add(c.id);
  }
  const slots: { id: string; members: RulesCombatant[] }[] = [];
  const groups = new Map<string, RulesCombatant[]>();
  for (const c of combatants) {
    // Only similar NPCs roll as a group (seed); a PC always rolls for itself.
    const groupId = c.kind === 'npc' && typeof c.groupId === 'string' && c.groupId.length > 0 ? c.groupId : null;
    if (groupId === null) {
      slots.push({ id: c.id, members: [c] });
      continue;
    }
    if (ids.has(groupId)) {
      throw new RulesError(
        'invalid-input',
        `The group id "${groupId}" is also a combatant's id; give the group another id.`,
      );
    }
    const members = groups.get(groupId);
    if (members) {
      members.push(c);
    } else {
      const fresh = [c];
      groups.set(groupId, fresh);
      slots.push({ id: groupId, members: fresh });
    }
  }
  return slots.map((slot) => ({
    id: slot.id,
    label: slot.members.length === 1 ? slot.members[0]!.name || slot.members[0]!.id : groupLabel(slot.members),
    members: slot.members,
  }));
}

/** The member whose stats a participant rolls with: the first in encounter order (similar NPCs share them). */
function leader(participant: InitiativeParticipant): RulesCombatant {
  if (typeof participant !== 'object' || participant === null || !isList(participant.members)) {
    throw new RulesError('invalid-input', 'An initiative participant needs a list of members.');
  }
  const first = participant.members[0];
  if (!first) {
    throw new RulesError(
      'invalid-input',
      `${participant.label || participant.id} has no members to roll initiative for.`,
    );
  }
  return first;
}

function labelOf(participant: InitiativeParticipant): string {
  return participant.label || leader(participant).name || participant.id;
}

export function initiativeDice(
  participant: InitiativeParticipant,
  toggles: ToggleValues,
): { count: number; sides: number } {
  readToggles(toggles);
  leader(participant);
  return { count: 1, sides: 6 };
}

/** What the package's orderInitiative needs of a participant, from its leader as it stands now. */
function initiativeInput(participant: InitiativeParticipant, roll: number, id: string): InitiativeCombatant {
  const lead = leader(participant);
  const d = derivedOf(lead.stats, lead.name);
  return { id, ir: d.ir, roll, luckBonus: d.luckBonus, pc: lead.kind === 'pc', wounded: isWounded(lead) };
}

export function scoreInitiative(
  participant: InitiativeParticipant,
  faces: readonly number[],
  toggles: ToggleValues,
): InitiativeEntry {
  readToggles(toggles);
  const lead = leader(participant);
  const label = labelOf(participant);
  requireFaces(`${label}'s initiative die`, faces, 6, 1);
  const roll = faces[0];
  if (roll === undefined)
    throw new RulesError('invalid-input', `${label} rolls 1d6 for initiative, but no face was given.`);
  const input = initiativeInput(participant, roll, participant.id);
  const total = orderInitiative([input]).entries[0]!.total;
  const steps: ExplainStep[] = [
    {
      text: `${label}: 1d6 (${roll}) + IR ${input.ir}${input.wounded ? ' − 2 (wounded)' : ''} = ${total}.`,
      rule: input.wounded ? RULES.woundEffects : RULES.initiative,
    },
  ];
  if (participant.members.length > 1) {
    steps.push({
      text: `Similar NPCs roll once; the group uses ${possessive(lead.name)}IR and Luck Bonus and acts together.`,
      rule: RULES.initiative,
    });
  }
  return {
    participantId: participant.id,
    memberIds: participant.members.map((m) => m.id),
    score: total,
    display: String(total),
    faces: [roll],
    detail: { roll, ir: input.ir, luckBonus: input.luckBonus, pc: input.pc, wounded: input.wounded === true },
    steps,
  };
}

function entryRoll(entry: InitiativeEntry, label: string): number {
  if (!isList(entry.faces) || entry.faces.length !== 1) {
    throw new RulesError('invalid-input', `${label}'s initiative entry must hold the one d6 rolled.`);
  }
  // A good face is taken as it is; only a bad one needs the named check (and its message).
  const face: unknown = entry.faces[0];
  if (typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= 6) return face;
  return requireFaces(`${label}'s initiative die`, entry.faces, 6, 1)[0]!;
}

/**
 * Orders the participants that have an entry with the package's tie-breaks (IR, Luck Bonus, PC
 * before NPC, then participant order), using each leader's wounds as they are now: the −2 lasts
 * while wounded, so a wound taken mid-fight moves the combatant back. `strict` rejects stray entries.
 */
function rank(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[],
  strict: boolean,
): { order: string[]; steps: ExplainStep[] } {
  if (!isList(entries) || !isList(list)) {
    throw new RulesError('invalid-input', 'Initiative entries and participants must be lists.');
  }
  const byId = strict ? entriesById(entries, list) : (entryMapCache.get(entries) ?? entriesById(entries, null));
  // The package's steps name combatants by id; unique readable names make them read well.
  const names = new Map<string, string>();
  const used = new Set<string>();
  const input: InitiativeCombatant[] = [];
  for (const participant of list) {
    const entry = byId.get(participant.id);
    if (!entry || participant.members.length === 0) continue;
    let name = labelOf(participant);
    for (let n = 2; used.has(name); n++) name = `${labelOf(participant)} (${n})`;
    used.add(name);
    names.set(name, participant.id);
    input.push(initiativeInput(participant, entryRoll(entry, name), name));
  }
  if (input.length === 0) return { order: [], steps: [] };
  const result = orderInitiative(input);
  return { order: result.order.map((name) => names.get(name)!), steps: result.steps };
}

// Entries lists are immutable state, kept for a whole encounter (initiative is rolled once): checked once.
const entryMapCache = new WeakMap<readonly InitiativeEntry[], ReadonlyMap<string, InitiativeEntry>>();

/** The entries by participant, checked; with `list`, an entry of no participant is an error. */
function entriesById(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[] | null,
): ReadonlyMap<string, InitiativeEntry> {
  const byId = new Map<string, InitiativeEntry>();
  let known: Set<string> | undefined;
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || typeof entry.participantId !== 'string') {
      throw new RulesError('invalid-input', `An initiative entry must name its participant, got ${describe(entry)}.`);
    }
    if (byId.has(entry.participantId)) {
      throw new RulesError('invalid-input', `${entry.participantId} has two initiative entries; roll once.`);
    }
    // The participants' ids as a set, made at the first entry, so each entry is not a search.
    if (list) known ??= new Set(list.map((p) => p.id));
    if (known && !known.has(entry.participantId)) {
      throw new RulesError('unknown-entry', `The initiative entry ${entry.participantId} belongs to no participant.`);
    }
    byId.set(entry.participantId, entry);
  }
  if (!list) entryMapCache.set(entries, byId);
  return byId;
}

/** The one d6 of an entry, or null when it is not one good face (the named path then says why). */
function singleD6(entry: InitiativeEntry): number | null {
  if (!isList(entry.faces) || entry.faces.length !== 1) return null;
  const face: unknown = entry.faces[0];
  return typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= 6 ? face : null;
}

/**
 * rank (not strict) for a round rebuild: the same order without the explanation, so without the
 * readable names it needs either (the package gets positions as ids). Returns positions in
 * `list`, first to act first. A bad roll goes to the explaining path, which fails with its message.
 */
function roundRanking(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[],
  memo: RoundMemo,
): readonly number[] {
  if (!isList(entries) || !isList(list)) {
    throw new RulesError('invalid-input', 'Initiative entries and participants must be lists.');
  }
  const byId = entryMapCache.get(entries) ?? entriesById(entries, null);
  const positions: number[] = [];
  const input: InitiativeCombatant[] = [];
  // What the ranking depends on, as numbers: the same as last time gives the same ranking.
  const key: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const participant = list[i]!;
    const entry = byId.get(participant.id);
    if (!entry || participant.members.length === 0) continue;
    // The explaining path reads the leader for the label first when there is no label: keep that order of checks.
    if (!participant.label) leader(participant);
    const roll = singleD6(entry);
    if (roll === null) {
      const { order } = rank(entries, list, false); // throws: the roll is bad
      return order.map((id) => list.findIndex((p) => p.id === id));
    }
    const one = initiativeInput(participant, roll, String(input.length));
    input.push(one);
    positions.push(i);
    key.push(i, one.roll, one.ir, one.luckBonus, one.pc ? 1 : 0, one.wounded ? 1 : 0);
  }
  if (input.length === 0) return [];
  if (memo.rankingKey !== undefined && sameNumbers(memo.rankingKey, key)) return memo.ranking;
  const ranking = initiativeRanking(input).map((k) => positions[Number(k)]!);
  memo.rankingKey = key;
  memo.ranking = ranking;
  return ranking;
}

/**
 * What the last round rebuild from one entries list worked out. Between rebuilds the combatants,
 * the participants and most rolls stay the same, so checking that (ids compared by identity,
 * numbers compared) is cheaper than hashing every id again and re-sorting.
 */
interface RoundMemo {
  combatantIds?: readonly unknown[];
  position?: ReadonlyMap<string, number>;
  participantIds?: readonly unknown[];
  firstWithId?: ReadonlyMap<string, number>;
  rankingKey?: readonly number[];
  ranking: readonly number[];
}
const roundMemoCache = new WeakMap<readonly InitiativeEntry[], RoundMemo>();

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameIds(ids: readonly unknown[], items: readonly { readonly id: unknown }[]): boolean {
  if (ids.length !== items.length) return false;
  for (let i = 0; i < ids.length; i++) if (ids[i] !== items[i]!.id) return false;
  return true;
}

/** Each combatant id's position, the later of two with one id winning (as new Map(pairs) does). */
function positionsOf(combatants: readonly RulesCombatant[], memo: RoundMemo): ReadonlyMap<string, number> {
  if (memo.position !== undefined && memo.combatantIds !== undefined && sameIds(memo.combatantIds, combatants)) {
    return memo.position;
  }
  const position = new Map<string, number>();
  for (let i = 0; i < combatants.length; i++) position.set(combatants[i]!.id, i);
  memo.combatantIds = combatants.map((c) => c.id);
  memo.position = position;
  return position;
}

/** Each participant id's first position (find gives the first participant with an id). */
function firstPositionsOf(
  participants: readonly InitiativeParticipant[],
  memo: RoundMemo,
): ReadonlyMap<string, number> {
  if (
    memo.firstWithId !== undefined &&
    memo.participantIds !== undefined &&
    sameIds(memo.participantIds, participants)
  ) {
    return memo.firstWithId;
  }
  const firstWithId = new Map<string, number>();
  for (let i = participants.length - 1; i >= 0; i--) firstWithId.set(participants[i]!.id, i);
  memo.participantIds = participants.map((p) => p.id);
  memo.firstWithId = firstWithId;
  return firstWithId;
}

export function orderEntries(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[],
  toggles: ToggleValues,
): InitiativeOrder {
  readToggles(toggles);
  const { order, steps } = rank(entries, list, true);
  return { order, losesTurn: [], steps };
}

/**
 * One turn per combatant: participants by initiative (anyone who joined after the roll goes
 * last), a group's members together in encounter order. Down combatants get no turn, nor do
 * surprised ones in round 1; stunned ones keep theirs (with no actions) so the stun runs out.
 */
export function buildRound(context: RoundContext): readonly TurnSlot[] {
  readToggles(context.toggles);
  const round = requireInteger('The round', context.round, 0, 100000);
  if (!isList(context.combatants) || !isList(context.participants)) {
    throw new RulesError('invalid-input', 'A round needs the combatants and the initiative participants.');
  }
  if (!isList(context.entries) || context.entries.length === 0) return [];
  const { combatants, participants, entries } = context;
  let memo = roundMemoCache.get(entries);
  if (memo === undefined) {
    memo = { ranking: [] };
    roundMemoCache.set(entries, memo);
  }
  const ranked = roundRanking(entries, participants, memo);
  // Lookups by id, not searches (this runs on every rebuild). Everything below works on positions
  // in the two lists; with no id listed twice (the case the tracker gives) position and id agree.
  const position = positionsOf(combatants, memo);
  const firstWithId = firstPositionsOf(participants, memo);
  const turnOrder = participantTurnOrder(ranked, participants, firstWithId);
  // A combatant's turn is placed once, by the last position of its id.
  const placed = new Uint8Array(combatants.length);
  const slots: TurnSlot[] = [];
  for (const p of turnOrder) {
    const members = participants[p]!.members;
    if (isList(members) && members.length === 1) {
      // One member: no list to build or sort.
      const at = position.get(members[0]!.id) ?? -1;
      const c = combatants[at];
      if (c !== undefined) takeTurn(c, at, round, placed, slots);
      continue;
    }
    // A group's members in encounter order.
    const at = members
      .map((m) => position.get(m.id) ?? -1)
      .filter((i) => combatants[i] !== undefined)
      .sort((a, b) => a - b);
    for (const i of at) takeTurn(combatants[i]!, i, round, placed, slots);
  }
  // Anyone the participants missed still gets a turn, last.
  const unique = position.size === combatants.length;
  for (let i = 0; i < combatants.length; i++) {
    const c = combatants[i]!;
    takeTurn(c, unique ? i : position.get(c.id)!, round, placed, slots);
  }
  return slots;
}

/**
 * The participants in turn order, as positions: those ranked, then the rest (joined after the
 * roll) in list order. A participant is looked up by id, so with an id listed twice the first
 * participant with it stands for both, and an id that was ranked is not listed again.
 */
function participantTurnOrder(
  ranked: readonly number[],
  participants: readonly InitiativeParticipant[],
  firstWithId: ReadonlyMap<string, number>,
): number[] {
  if (firstWithId.size === participants.length) {
    // Every id once: positions are the participants themselves.
    const rolled = new Uint8Array(participants.length);
    for (const p of ranked) rolled[p] = 1;
    const order = [...ranked];
    for (let i = 0; i < participants.length; i++) if (!rolled[i]) order.push(i);
    return order;
  }
  const rolledIds = new Set(ranked.map((p) => participants[p]!.id));
  const ids = ranked.map((p) => participants[p]!.id);
  for (const p of participants) if (!rolledIds.has(p.id)) ids.push(p.id);
  return ids.map((id) => firstWithId.get(id)!);
}

/** One combatant's turn, once (by its position): none while down, nor when surprised in round 1. */
function takeTurn(c: RulesCombatant, at: number, round: number, placed: Uint8Array, slots: TurnSlot[]): void {
  if (placed[at]) return;
  placed[at] = 1;
  if (isDown(c)) return;
  if (round === 1 && conditionIds(c).includes('surprised')) return;
  slots.push({ combatantId: c.id, pass: 1 });
}
