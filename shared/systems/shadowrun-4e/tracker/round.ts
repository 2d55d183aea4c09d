import type { InitiativeEntry, RoundContext, RulesCombatant, TurnSlot } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { applyWoundToInitiative, turnSlots } from '../initiative';
import type { InitiativeEntry as PassEntry } from '../initiative';
import type { ShadowrunRules } from '../toggles';
import { requireCombatant, resolveRules } from './checked-reads';
import { currentCondition, stoppedByCondition } from './health';
import { type RollFacts, passEntry, readEntry } from './initiative';

// ---------------------------------------------------------------------------------------------
// The round: every Action Phase of the Combat Turn, from the Initiative order
// ---------------------------------------------------------------------------------------------

/** A slot as buildRound makes it: pass 1 after a critical glitch says what it costs, for `economy`. */
export type SrTurnSlot = TurnSlot & { readonly simpleActionsLost?: number };

/**
 * Every Action Phase of the Combat Turn: pass 1 with everyone in score order, pass 2 with those
 * who have 2+ passes, and so on. Scores use each combatant's wound modifier now against the one
 * at the roll, so a rebuild after damage reorders the rest of the turn. Characters who cannot act
 * get no slots. Slots already taken are left in: the tracker drops those in `acted`.
 */
/** One member's place in the rolled order, with its participant's roll. */
interface MemberTurn {
  readonly memberId: string;
  readonly facts: RollFacts;
}

/** What one list of Initiative entries gives, per order it is walked in. */
interface EntryList {
  readonly byParticipant: ReadonlyMap<string, RollFacts>;
  readonly ids: readonly string[];
  readonly walks: WeakMap<object, readonly MemberTurn[]>;
  unordered?: readonly MemberTurn[];
  /**
   * The last round rebuild's lookups and schedule. Between rebuilds the combatants and most
   * scores stay the same, so checking that (ids by identity, numbers) is cheaper than hashing
   * every id again and re-sorting.
   */
  combatantIds?: readonly unknown[];
  firstIndex?: ReadonlyMap<string, number>;
  schedule?: ScheduleMemo;
}

/** A schedule and everything turnSlots made it from. */
interface ScheduleMemo {
  readonly rule: string;
  readonly ids: readonly string[];
  readonly numbers: readonly number[];
  readonly slots: readonly SrTurnSlot[];
}

/** Each combatant id's first position (a search from the front finds the first). */
function firstIndexOf(combatants: readonly RulesCombatant[], list: EntryList): ReadonlyMap<string, number> {
  const ids = list.combatantIds;
  if (list.firstIndex !== undefined && ids !== undefined && ids.length === combatants.length) {
    let same = true;
    for (let i = 0; i < ids.length && same; i++) same = ids[i] === combatants[i]!.id;
    if (same) return list.firstIndex;
  }
  const firstIndex = new Map<string, number>();
  for (let i = combatants.length - 1; i >= 0; i--) firstIndex.set(combatants[i]!.id, i);
  list.combatantIds = combatants.map((c) => c.id);
  list.firstIndex = firstIndex;
  return firstIndex;
}

/** What turnSlots orders by, as numbers in entry order. */
function scheduleNumbers(entries: readonly PassEntry[]): number[] {
  const numbers: number[] = [];
  for (const e of entries) {
    numbers.push(
      e.score,
      e.passes,
      e.edge,
      e.initiative,
      e.reaction,
      e.glitch ? 1 : 0,
      e.criticalGlitch ? 1 : 0,
      e.edgeFirstPasses ? 1 : 0,
    );
  }
  return numbers;
}

/** turnSlots, or the last schedule when nothing it depends on has changed. */
function scheduleOf(entries: readonly PassEntry[], rule: ShadowrunRules['initiativeCriticalGlitch'], list: EntryList) {
  const numbers = scheduleNumbers(entries);
  const last = list.schedule;
  if (
    last !== undefined &&
    last.rule === rule &&
    last.ids.length === entries.length &&
    last.numbers.length === numbers.length &&
    entries.every((e, i) => e.id === last.ids[i]) &&
    numbers.every((n, i) => n === last.numbers[i])
  ) {
    return [...last.slots];
  }
  // turnSlots is turnSchedule without the explanation nobody reads here.
  const slots = turnSlots(entries, rule, (entry, pass, simpleActionsLost): SrTurnSlot =>
    simpleActionsLost ? { combatantId: entry.id, pass, simpleActionsLost } : { combatantId: entry.id, pass },
  );
  list.schedule = { rule, ids: entries.map((e) => e.id), numbers, slots };
  return [...slots];
}
const entryListCache = new WeakMap<object, EntryList>();

/** Every entry read (and checked) once per entries list; a later entry for a participant wins. */
function entryList(entries: readonly InitiativeEntry[]): EntryList {
  const known = entryListCache.get(entries);
  if (known !== undefined) return known;
  const read = entries.map(readEntry);
  const list: EntryList = {
    byParticipant: new Map(read.map((entry) => [entry.id, entry])),
    ids: read.map((entry) => entry.id),
    walks: new WeakMap(),
  };
  entryListCache.set(entries, list);
  return list;
}

/**
 * The members in the rolled order, each once (the first participant naming it wins), with the
 * roll they act on. It depends only on the entries and the order, which stay the same for a whole
 * Combat Turn while the round is rebuilt after every change, so it is kept per pair.
 */
function memberTurns(list: EntryList, order: readonly string[] | undefined): readonly MemberTurn[] {
  const cacheable = Array.isArray(order);
  const known = cacheable ? list.walks.get(order) : order === undefined ? list.unordered : undefined;
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const turns: MemberTurn[] = [];
  for (const participantId of order ?? list.ids) {
    const facts = list.byParticipant.get(participantId);
    if (!facts) continue;
    for (const memberId of facts.memberIds) {
      if (seen.has(memberId)) continue;
      seen.add(memberId);
      turns.push({ memberId, facts });
    }
  }
  if (cacheable) list.walks.set(order, turns);
  else if (order === undefined) list.unordered = turns;
  return turns;
}

export function buildRound(context: RoundContext): readonly SrTurnSlot[] {
  const rules = resolveRules(context.toggles);
  if (!Array.isArray(context.entries) || !Array.isArray(context.combatants)) {
    throw new RulesError('invalid-input', 'A round needs lists of combatants and Initiative entries.');
  }
  const list = entryList(context.entries);
  // Order by the rolled order so full ties keep it (passOrder's sort is stable).
  const turns = memberTurns(list, context.initiative?.order);
  // A lookup by id instead of a search per member.
  const firstIndex = firstIndexOf(context.combatants, list);
  const passEntries: PassEntry[] = [];
  for (const { memberId, facts } of turns) {
    const at = firstIndex.get(memberId);
    if (at === undefined) continue; // left the encounter since the roll
    const input = context.combatants[at]!;
    const combatant = requireCombatant(input);
    // canAct, with the monitors read once for the wound modifier too.
    const condition = currentCondition(combatant, rules);
    if (condition.state !== 'ok' || stoppedByCondition(combatant)) continue;
    passEntries.push(
      applyWoundToInitiative(
        passEntry(memberId, facts.score, facts, combatant),
        facts.woundAtRoll,
        condition.woundModifier,
      ),
    );
  }
  return scheduleOf(passEntries, rules.initiativeCriticalGlitch, list);
}
