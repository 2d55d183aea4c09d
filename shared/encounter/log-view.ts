import type { RollRecord } from '../dice/record';
import { combatTerms, type ToggleValue } from '../system-kit/rule-system';
import type { EncounterEvent, EncounterEventType } from './events';
import { reduce, type RulesLookup } from './reducer';
import {
  presentCombatants,
  toRulesCombatant,
  type Combatant,
  type EncounterState,
  type EncounterStatus,
} from './state';
import { trackText } from './track-text';
import { chaseChangeText, chaseLogText } from './chase';
import type { ActionDef, Harm, HealthView, InitiativeEntry, StatValue, TrackerRules } from '../system-kit/tracker-rules';

/**
 * The encounter log as the GM reads it: one entry per event, in order, saying where the
 * fight was (round, turn, whose turn), who did what to whom, the dice, and the outcome in
 * plain words. Names are the ones in use at the time (removed combatants stay in the state).
 *
 * Built incrementally (`EncounterLogBuilder.push` folds one event with `reduce` and writes
 * one entry), so a long session costs one step per new event, never a rebuild.
 */

/** What an entry is about, for filtering; an entry can be several (a roll that deals damage). */
export type LogKind = 'turns' | 'harm' | 'rolls' | 'conditions' | 'roster' | 'notes' | 'encounter';

export const LOG_KINDS: readonly { readonly id: LogKind; readonly label: string }[] = [
  { id: 'turns', label: 'Turns & initiative' },
  { id: 'harm', label: 'Damage & healing' },
  { id: 'rolls', label: 'Rolls & checks' },
  { id: 'conditions', label: 'Conditions' },
  { id: 'roster', label: 'Roster' },
  { id: 'notes', label: 'Notes' },
  { id: 'encounter', label: 'Encounter & rules' },
];

export interface LogName {
  readonly id: string;
  readonly name: string;
}

/** Where the encounter was when the event happened (the state before it). */
export interface LogPosition {
  readonly status: EncounterStatus;
  /** 0 before the start. */
  readonly round: number;
  /** 1-based turn within the round (turns already taken + 1); null when it is nobody's turn. */
  readonly turn: number | null;
  /** Initiative pass of the turn (Shadowrun); null when it is nobody's turn. */
  readonly pass: number | null;
  readonly turnOf: LogName | null;
  /** Short form for the column: "Setup", "R2·T3", "R2·P2·T5", "R2", "Ended". */
  readonly label: string;
  /** The same in words, for screen readers and tooltips. */
  readonly description: string;
}

export interface LogDice {
  /** Whose or what dice ("Ghost", "soak"); empty when the roll says nothing more. */
  readonly label: string;
  /** Die size; null when the event kept only the faces. */
  readonly sides: number | null;
  readonly faces: readonly number[];
}

export interface LogEntry {
  /** Absolute position in the encounter's log (0 = the creation event). */
  readonly index: number;
  readonly eventId: string;
  readonly type: EncounterEventType;
  readonly at: string;
  readonly kinds: readonly LogKind[];
  readonly position: LogPosition;
  readonly actor: LogName | null;
  readonly targets: readonly LogName[];
  readonly dice: readonly LogDice[];
  /** The outcome in plain words. */
  readonly text: string;
  /** Everyone the entry concerns (actor, targets, initiative members), for the combatant filter. */
  readonly combatantIds: readonly string[];
}

/** A builder starts either from nothing or from a saved state after `count` events. */
export interface LogStart {
  readonly count: number;
  readonly state: EncounterState;
}

export interface LogCombatant extends LogName {
  readonly removed: boolean;
}

/** States are kept every CHECKPOINT_INTERVAL events so that dropping a redo branch replays at most that many. */
const CHECKPOINT_INTERVAL = 100;

export class EncounterLogBuilder {
  private entryList: LogEntry[] = [];
  private eventList: EncounterEvent[] = [];
  private current: EncounterState | null;
  private firstIndex: number;
  /** State before the event at each absolute index that is a checkpoint (and at the start). */
  private checkpoints = new Map<number, EncounterState | null>();
  /** Combatant id → index in `state.combatants`: combatants are only ever appended, so indexes hold. */
  private combatantIndex = new Map<string, number>();
  /** The last combatants() answer and the state array it was made from. */
  private listed: { source: readonly Combatant[]; list: readonly LogCombatant[] } | null = null;
  /** Who made each roll, by event id, so harm from a resolved roll names its actor. */
  private rollActors = new Map<string, string>();
  private names = new Map<string, LogName>();
  private singles = new Map<LogName, readonly LogName[]>();
  /** [id] and [actor, target] id lists, shared by the entries that concern the same people. */
  private idLists = new Map<string, readonly string[]>();
  /** The last health view worked out per combatant id, with the combatant object and toggles it was for. */
  private healthViews = new Map<
    string,
    { readonly combatant: Combatant; readonly toggles: EncounterState['toggles']; readonly view: HealthView }
  >();
  /** The last position made, reused while the encounter stays at the same turn. */
  private lastPosition: {
    readonly key: unknown;
    readonly acted: number;
    readonly status: EncounterStatus;
    readonly round: number;
    readonly position: LogPosition;
  } | null = null;

  constructor(
    private readonly lookup: RulesLookup,
    start?: LogStart,
  ) {
    this.firstIndex = start?.count ?? 0;
    this.current = start?.state ?? null;
    this.checkpoints.set(this.firstIndex, this.current);
    this.indexCombatants(this.current);
  }

  /** How many events at the start of the log this builder has no entries for. */
  get offset(): number {
    return this.firstIndex;
  }

  /** Absolute count of events folded in (offset + entries). */
  get length(): number {
    return this.firstIndex + this.entryList.length;
  }

  get entries(): readonly LogEntry[] {
    return this.entryList;
  }

  /** The events the entries were built from, in order. */
  get events(): readonly EncounterEvent[] {
    return this.eventList;
  }

  /** State after every event folded in (the redo branch included). */
  get state(): EncounterState | null {
    return this.current;
  }

  /** Folds one event in and returns its entry. */
  push(event: EncounterEvent): LogEntry {
    const index = this.length;
    if (index % CHECKPOINT_INTERVAL === 0) this.checkpoints.set(index, this.current);
    const before = this.current;
    let after: EncounterState | null;
    let failure: string | null = null;
    try {
      after = reduce(before, event, this.lookup);
    } catch (error) {
      // A history only holds events that replay; should one not, say so on its line and go on.
      after = before;
      failure = error instanceof Error ? error.message : String(error);
    }
    this.indexCombatants(after);
    const entry = this.describe(index, event, before, after ?? before, failure);
    this.current = after;
    this.entryList.push(entry);
    this.eventList.push(event);
    return entry;
  }

  /** Drops the entries from absolute position `count` on (a redo branch replaced by a new event). */
  truncate(count: number): void {
    if (count >= this.length) return;
    const target = Math.max(this.firstIndex, count);
    let from = target - (target % CHECKPOINT_INTERVAL);
    while (from > this.firstIndex && !this.checkpoints.has(from)) from -= CHECKPOINT_INTERVAL;
    if (from < this.firstIndex) from = this.firstIndex;
    let state = this.checkpoints.get(from) ?? null;
    for (let i = from; i < target; i++) {
      try {
        state = reduce(state, this.eventList[i - this.firstIndex]!, this.lookup);
      } catch {
        // Same as push: an event that did not replay left the state as it was.
      }
    }
    for (const key of [...this.checkpoints.keys()]) if (key > target) this.checkpoints.delete(key);
    this.entryList.length = target - this.firstIndex;
    this.eventList.length = target - this.firstIndex;
    this.current = state;
    // Combatants added in the dropped branch are gone; a new branch may add others at their places.
    this.combatantIndex.clear();
    this.indexCombatants(state);
  }

  /**
   * Adds the entries for the events before the start state, once they are loaded. Only those
   * are built: the later entries were made from the same state and stay as they are.
   */
  prependEarlier(earlier: readonly EncounterEvent[]): void {
    if (earlier.length !== this.firstIndex) {
      throw new Error(`Expected the ${this.firstIndex} earlier events, got ${earlier.length}.`);
    }
    if (earlier.length === 0) return;
    const head = new EncounterLogBuilder(this.lookup);
    for (const event of earlier) head.push(event);
    this.entryList = [...head.entryList, ...this.entryList];
    this.eventList = [...head.eventList, ...this.eventList];
    for (const [key, state] of head.checkpoints) if (!this.checkpoints.has(key)) this.checkpoints.set(key, state);
    for (const [id, actor] of head.rollActors) this.rollActors.set(id, actor);
    this.firstIndex = 0;
  }

  /** Everyone who has been in the encounter (removed ones included), in the order they joined. */
  /**
   * Everyone who has been in the encounter, removed ones included. The same array comes back
   * while no one has arrived, left or been renamed, so a list of them (the log's filter) does
   * not redraw on every hit.
   */
  combatants(): readonly LogCombatant[] {
    const source = this.current?.combatants ?? [];
    const cached = this.listed;
    if (cached?.source === source) return cached.list;
    const unchanged =
      cached !== null &&
      cached.list.length === source.length &&
      source.every((c, i) => {
        const listed = cached.list[i]!;
        return listed.id === c.id && listed.name === c.name && listed.removed === c.removed;
      });
    const list = unchanged ? cached.list : source.map((c) => ({ id: c.id, name: c.name, removed: c.removed }));
    this.listed = { source, list };
    return list;
  }

  private indexCombatants(state: EncounterState | null): void {
    if (!state) return;
    // Combatants are appended at the end, so only the new tail needs indexing.
    for (let i = this.combatantIndex.size; i < state.combatants.length; i++) {
      const combatant = state.combatants[i]!;
      if (!this.combatantIndex.has(combatant.id)) this.combatantIndex.set(combatant.id, i);
    }
  }

  /** An action of the combatant's economy before the event ("Simple action", "Evade"), or undefined when it has none of that id. */
  private actionOf(
    before: EncounterState | null,
    combatantId: string,
    actionId: string,
    rules: TrackerRules,
  ): ActionDef | undefined {
    const combatant = this.find(before, combatantId);
    if (!combatant) return undefined;
    const own = before!.current?.combatantId === combatantId ? (before!.current ?? undefined) : undefined;
    return rules.economy(toRulesCombatant(combatant), before!.toggles, own).actions.find((a) => a.id === actionId);
  }

  private find(state: EncounterState | null, id: string): Combatant | undefined {
    if (!state) return undefined;
    const index = this.combatantIndex.get(id);
    const combatant = index === undefined ? undefined : state.combatants[index];
    return combatant?.id === id ? combatant : state.combatants.find((c) => c.id === id);
  }

  private nameOf(state: EncounterState | null, id: string): LogName {
    const name = this.find(state, id)?.name ?? id;
    // One object per combatant and name, shared by all the entries that name them.
    const kept = this.names.get(id);
    if (kept?.name === name) return kept;
    const made = { id, name };
    this.names.set(id, made);
    return made;
  }

  private concernedIds(parts: Outcome): readonly string[] {
    if (!parts.actor && parts.targets.length === 0) return parts.extraIds ?? NONE;
    if (!parts.extraIds && parts.targets.length <= 1) {
      const key = `${parts.actor?.id ?? ''}\u0000${parts.targets[0]?.id ?? ''}`;
      let ids = this.idLists.get(key);
      if (!ids) {
        const list = parts.actor ? [parts.actor.id] : [];
        if (parts.targets[0] && parts.targets[0].id !== parts.actor?.id) list.push(parts.targets[0].id);
        this.idLists.set(key, (ids = list));
      }
      return ids;
    }
    const ids: string[] = parts.extraIds ? parts.extraIds.slice() : [];
    if (parts.actor && !ids.includes(parts.actor.id)) ids.push(parts.actor.id);
    for (const target of parts.targets) if (!ids.includes(target.id)) ids.push(target.id);
    return ids;
  }

  /** [the combatant's name], one shared array per name: most entries concern exactly one combatant. */
  private only(state: EncounterState | null, id: string): readonly LogName[] {
    const name = this.nameOf(state, id);
    let list = this.singles.get(name);
    if (!list) this.singles.set(name, (list = [name]));
    return list;
  }

  private describe(
    index: number,
    event: EncounterEvent,
    before: EncounterState | null,
    after: EncounterState | null,
    failure: string | null,
  ): LogEntry {
    const position = this.position(before);
    if (failure !== null || !after) {
      const text = `Could not be replayed: ${failure ?? 'no encounter'}`;
      return {
        index,
        eventId: event.id,
        type: event.type,
        at: event.at,
        kinds: NONE_KINDS,
        position,
        actor: null,
        targets: NO_NAMES,
        dice: NO_DICE,
        text,
        combatantIds: NONE,
      };
    }
    const parts = this.outcome(event, before, after);
    const consequences =
      before && event.type !== 'condition-added' && event.type !== 'condition-removed'
        ? this.conditionChanges(before, after)
        : NONE;
    const kinds = consequences.length ? withConditions(parts.kinds) : parts.kinds;
    const text = consequences.length ? `${parts.text} · ${consequences.join('; ')}` : parts.text;
    return {
      index,
      eventId: event.id,
      type: event.type,
      at: event.at,
      kinds,
      position,
      actor: parts.actor,
      targets: parts.targets,
      dice: parts.dice,
      text,
      combatantIds: this.concernedIds(parts),
    };
  }

  private position(state: EncounterState | null): LogPosition {
    // Most events happen within a turn: the same position object serves them all.
    const last = this.lastPosition;
    if (
      state &&
      last &&
      last.key === state.current &&
      last.acted === state.acted.length &&
      last.status === state.status &&
      last.round === state.round &&
      (!state.current || this.find(state, state.current.combatantId)?.name === last.position.turnOf?.name)
    ) {
      return last.position;
    }
    const position = this.newPosition(state);
    this.lastPosition = state
      ? { key: state.current, acted: state.acted.length, status: state.status, round: state.round, position }
      : null;
    return position;
  }

  private newPosition(state: EncounterState | null): LogPosition {
    if (!state || state.status === 'setup') {
      return {
        status: 'setup',
        round: 0,
        turn: null,
        pass: null,
        turnOf: null,
        label: 'Setup',
        description: 'Before the start',
      };
    }
    if (state.status === 'ended') {
      return {
        status: 'ended',
        round: state.round,
        turn: null,
        pass: null,
        turnOf: null,
        label: 'Ended',
        description: `After the end (round ${state.round})`,
      };
    }
    if (!state.current) {
      return {
        status: 'running',
        round: state.round,
        turn: null,
        pass: null,
        turnOf: null,
        label: `R${state.round}`,
        description: `Round ${state.round}, between turns`,
      };
    }
    const { pass, combatantId } = state.current;
    const turn = state.acted.length + 1;
    const turnOf = this.nameOf(state, combatantId);
    return {
      status: 'running',
      round: state.round,
      turn,
      pass,
      turnOf,
      label: pass > 1 ? `R${state.round}·P${pass}·T${turn}` : `R${state.round}·T${turn}`,
      description: `Round ${state.round}${pass > 1 ? `, pass ${pass}` : ''}, turn ${turn}: ${turnOf.name}'s turn`,
    };
  }

  private outcome(event: EncounterEvent, before: EncounterState | null, after: EncounterState): Outcome {
    const rules = this.lookup.tracker(after.systemId);
    const at = before ?? after;
    switch (event.type) {
      case 'encounter-created': {
        const system = this.lookup.system(event.systemId);
        return plain(K.encounter, `Encounter "${after.name}" created · ${system.label}`);
      }
      case 'encounter-renamed':
        return plain(K.encounter, `Encounter renamed from "${before?.name ?? ''}" to "${after.name}"`);
      case 'toggle-changed': {
        const toggle = this.lookup.system(after.systemId).toggles.find((t) => t.id === event.toggleId);
        const value = toggle?.values.find((v) => v.value === event.value)?.label ?? toggleValueText(event.value);
        return plain(K.encounter, `Rule changed: ${toggle?.label ?? event.toggleId} → ${value}`);
      }
      case 'side-added':
        return plain(K.roster, `Side added: ${event.name.trim()}`);
      case 'combatant-added': {
        const added = event.combatant;
        const side = after.sides.find((s) => s.id === added.side)?.name ?? added.side;
        const group = added.groupId ? after.groups.find((g) => g.id === added.groupId)?.name : undefined;
        const tags = [
          added.kind === 'pc' ? 'PC' : 'NPC',
          ...(group ? [`group ${group}`] : []),
          ...(added.hidden ? ['hidden'] : []),
        ];
        return {
          kinds: K.roster,
          actor: null,
          targets: [this.nameOf(after, added.id)],
          dice: NO_DICE,
          text: `Joins ${side} (${tags.join(', ')})`,
        };
      }
      case 'combatant-edited':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: this.editText(event, before, after, rules),
        };
      case 'combatant-removed':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: `Leaves the encounter${this.turnChangeSuffix(before, after)}`,
        };
      case 'combatant-revealed':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: 'Revealed to the players',
        };
      case 'group-formed':
        return {
          kinds: K.roster,
          actor: null,
          targets: event.combatantIds.map((id) => this.nameOf(at, id)),
          dice: NO_DICE,
          text: `Grouped as ${event.name.trim()}`,
        };
      case 'group-dissolved': {
        const group = before?.groups.find((g) => g.id === event.groupId);
        const members = (before?.combatants ?? [])
          .filter((c) => c.groupId === event.groupId)
          .map((c) => ({ id: c.id, name: c.name }));
        return {
          kinds: K.roster,
          actor: null,
          targets: members,
          dice: NO_DICE,
          text: `Group ${group?.name ?? event.groupId} dissolved`,
        };
      }
      case 'group-initiative-set': {
        const group = after.groups.find((g) => g.id === event.groupId);
        const name = group?.name ?? event.groupId;
        return plain(
          K.turns,
          event.eachRolls ? `Each member of ${name} rolls its own initiative` : `${name} rolls initiative as one group`,
        );
      }
      case 'initiative-rolled':
        return this.initiativeOutcome(event, before, after);
      case 'encounter-started':
        return {
          ...plain(K.turns, `Encounter starts · Round ${after.round}${this.whoActs(after, ' · roll initiative')}`),
          extraIds: after.current ? [after.current.combatantId] : [],
        };
      case 'turn-advanced':
        return this.turnOutcome(before, after);
      case 'turn-rewound':
        return {
          ...plain(
            K.turns,
            `Back to ${after.current ? `${this.nameOf(after, after.current.combatantId).name}'s turn` : 'the previous turn'}`,
          ),
          extraIds: after.current ? [after.current.combatantId] : [],
        };
      case 'action-taken': {
        const action = this.actionOf(before, event.combatantId, event.actionId, rules);
        const label = action?.label ?? event.actionId;
        return {
          kinds: K.turns,
          actor: this.nameOf(at, event.combatantId),
          targets: NO_NAMES,
          dice: NO_DICE,
          text: `${action?.reaction ? 'Reacts' : 'Takes'}: ${label}`,
        };
      }
      case 'harm-applied': {
        const actorId = event.sourceEventId ? this.rollActors.get(event.sourceEventId) : undefined;
        const health = this.healthChange(before, after, event.combatantId, rules);
        const standing = this.initiativeChange(before, after, event.combatantId, rules);
        return {
          kinds: K.harm,
          actor: actorId ? this.nameOf(at, actorId) : null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: `${harmText(event.harm, rules)}${health ? ` → ${health}` : ''}${standing ? `; ${standing}` : ''}`,
        };
      }
      case 'check-resolved': {
        const label = this.checkLabel(before, event.combatantId, event.checkId, rules);
        const dice = event.roll ? rollDice(event.roll, label) : [{ label, sides: null, faces: event.faces }];
        const health = this.healthChange(before, after, event.combatantId, rules);
        const standing = this.initiativeChange(before, after, event.combatantId, rules);
        return {
          kinds: health ? K.rollsHarm : K.rolls,
          actor: this.nameOf(at, event.combatantId),
          targets: NO_NAMES,
          dice,
          text: `${label}${health ? ` → ${health}` : ''}${standing ? `; ${standing}` : ''}`,
        };
      }
      case 'prompt-dismissed': {
        const prompt = before
          ? rules
              .encounterPrompts(presentCombatants(before).map(toRulesCombatant), before.promptsDone)
              .find((p) => p.id === event.promptId)
          : undefined;
        return plain(K.rolls, `${prompt?.label ?? humanize(event.promptId)} dismissed`);
      }
      case 'condition-added': {
        const rounds = event.condition.rounds;
        const note = event.condition.note ? ` — ${event.condition.note}` : '';
        return {
          kinds: K.conditions,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: `Gains ${event.condition.label.trim()}${rounds ? ` (${rounds} ${event.condition.expires === 'pass-end' ? (rounds === 1 ? 'pass' : 'passes') : rounds === 1 ? 'round' : 'rounds'})` : ''}${note}`,
        };
      }
      case 'condition-removed': {
        const condition = this.find(before, event.combatantId)?.conditions.find(
          (c) => c.instanceId === event.instanceId,
        );
        return {
          kinds: K.conditions,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: `Loses ${condition?.label ?? 'a condition'}`,
        };
      }
      case 'condition-visibility-set': {
        const condition = this.find(after, event.combatantId)?.conditions.find((c) => c.instanceId === event.instanceId);
        return {
          kinds: K.conditions,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: `${condition?.label ?? 'A condition'} ${event.visible ? 'shown to' : 'hidden from'} the players`,
        };
      }
      case 'combatant-numbers-shown':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.only(at, event.combatantId),
          dice: NO_DICE,
          text: event.shown ? 'Health numbers shown to the players' : 'Health shown to the players as a word again',
        };
      case 'roll-shown':
        return plain(K.rolls, `Roll shown to the players: ${event.roll.summary}`);
      case 'roll-unshown': {
        const roll = before?.shownRolls?.find((r) => r.rollId === event.rollId);
        return plain(K.rolls, `Roll taken off the player view${roll ? `: ${roll.summary}` : ''}`);
      }
      case 'roll-applied': {
        if (event.actorId) this.rollActors.set(event.id, event.actorId);
        // Conditions the roll imposes are told by the condition diff, which skips ones already there.
        const effects = event.effects.flatMap((effect) => {
          if (!effect.harm) return [];
          const health = this.healthChange(before, after, effect.combatantId, rules);
          const standing = this.initiativeChange(before, after, effect.combatantId, rules);
          return [
            `${this.nameOf(at, effect.combatantId).name}: ${harmText(effect.harm, rules)}${health ? ` → ${health}` : ''}${standing ? `; ${standing}` : ''}`,
          ];
        });
        const harmed = event.effects.some((e) => e.harm);
        const conditioned = event.effects.some((e) => e.conditions?.length);
        const rollKinds = harmed ? K.rollsHarm : K.rolls;
        const kinds = conditioned ? withConditions(rollKinds) : rollKinds;
        // Under a GM ruling the spends the rules refused were left unspent: name only those that changed someone.
        const took = (combatantId: string) => {
          const was = this.find(before, combatantId);
          const is = this.find(after, combatantId);
          return !event.ruling || was?.spent !== is?.spent || was?.forfeitNextTurn !== is?.forfeitNextTurn;
        };
        const spent = (event.spends ?? [])
          .filter((spend) => took(spend.combatantId))
          .map(
            (spend) =>
              `${this.nameOf(at, spend.combatantId).name}: ${this.actionOf(before, spend.combatantId, spend.actionId, rules)?.label ?? spend.actionId}`,
          );
        return {
          kinds,
          actor: event.actorId ? this.nameOf(at, event.actorId) : null,
          targets: event.effects.map((e) => this.nameOf(at, e.combatantId)),
          dice: rollDice(event.roll, event.roll.roller),
          text: [
            event.summary.trim(),
            ...effects,
            spent.length ? `used ${spent.join(', ')}` : '',
            event.chase ? chaseChangeText(event.chase, (id) => this.nameOf(at, id).name) : '',
            event.ruling ? `GM ruling: allowed although “${event.ruling.refused}”` : '',
          ]
            .filter(Boolean)
            .join(' · '),
        };
      }
      case 'roll-resolved':
        if (event.actorId) this.rollActors.set(event.id, event.actorId);
        return {
          kinds: K.rolls,
          actor: event.actorId ? this.nameOf(at, event.actorId) : null,
          targets: (event.targetIds ?? []).map((id) => this.nameOf(at, id)),
          dice: rollDice(event.roll, event.roll.roller),
          text: event.summary.trim(),
        };
      case 'chase-started':
      case 'chase-range-changed':
      case 'chase-turn-advanced':
      case 'chase-ended':
        return plain(K.turns, chaseLogText(event, before, after, (id) => this.nameOf(at, id).name));
      case 'note-added':
        return plain(K.notes, `Note: ${event.text}`);
      case 'encounter-ended':
        return plain(K.turns, `Encounter ended in round ${after.round}`);
    }
  }

  private initiativeOutcome(
    event: Extract<EncounterEvent, { type: 'initiative-rolled' }>,
    before: EncounterState | null,
    after: EncounterState,
  ): Outcome {
    const state = before ?? after;
    const participantName = (id: string) =>
      this.find(state, id)?.name ??
      state.groups.find((g) => g.id === id)?.name ??
      state.sides.find((s) => s.id === id)?.name ??
      id;
    const scores = event.entries.map((e) => `${participantName(e.participantId)} ${e.display}`).join(' · ');
    const dice = event.rolls.length
      ? // Each participant's roll is named by who rolled it: "initiative" on every group says nothing.
        event.rolls.flatMap((roll) =>
          roll.groups.map((group) => ({ label: roll.roller, sides: group.sides, faces: group.faces })),
        )
      : event.entries
          .filter((e) => e.faces.length)
          .map((e) => ({ label: participantName(e.participantId), sides: null, faces: e.faces }));
    const order = after.initiative.order;
    const notes: string[] = [];
    if (order?.tieToReroll?.length)
      notes.push(`tie: ${order.tieToReroll.map(participantName).join(' and ')} roll again`);
    if (order?.losesTurn.length)
      notes.push(
        `${order.losesTurn.map(participantName).join(', ')} ${order.losesTurn.length === 1 ? 'loses' : 'lose'} the turn`,
      );
    const started = !before?.current && after.current ? this.whoActs(after, '') : '';
    const ids = event.entries.flatMap((e) => e.memberIds);
    return {
      kinds: K.turnsRolls,
      actor: null,
      targets: NO_NAMES,
      dice,
      text: `Initiative: ${scores}${notes.length ? ` · ${notes.join(' · ')}` : ''}${started}`,
      extraIds: ids,
    };
  }

  private turnOutcome(before: EncounterState | null, after: EncounterState): Outcome {
    const skipped = before && after.round === before.round ? after.skipped.slice(before.skipped.length) : after.skipped;
    const skippedText = skipped.length ? skipped.map((s) => s.reason).join(' ') : '';
    const ids: string[] = [];
    if (before?.current) ids.push(before.current.combatantId);
    if (after.current && after.current.combatantId !== before?.current?.combatantId)
      ids.push(after.current.combatantId);
    let text: string;
    if (before && after.round > before.round)
      text = `Round ${after.round} begins${this.whoActs(after, ' · roll initiative')}`;
    else if (after.current)
      text = `${this.nameOf(after, after.current.combatantId).name} acts${after.current.pass > 1 ? ` (pass ${after.current.pass})` : ''}`;
    else text = 'Nobody else can act this round';
    return {
      kinds: K.turns,
      actor: null,
      targets: NO_NAMES,
      dice: NO_DICE,
      text: skippedText ? `${text} · ${skippedText}` : text,
      extraIds: ids,
    };
  }

  /** " · Ghost acts" (with the pass when past the first), or `otherwise` when nobody's turn has begun. */
  private whoActs(state: EncounterState, otherwise: string): string {
    if (!state.current) return otherwise;
    const pass = state.current.pass > 1 ? ` (pass ${state.current.pass})` : '';
    return ` · ${this.nameOf(state, state.current.combatantId).name} acts${pass}`;
  }

  private turnChangeSuffix(before: EncounterState | null, after: EncounterState): string {
    if (!before?.current || before.current.combatantId === after.current?.combatantId) return '';
    return after.round > before.round
      ? ` · Round ${after.round} begins${this.whoActs(after, '')}`
      : this.whoActs(after, '');
  }

  private editText(
    event: Extract<EncounterEvent, { type: 'combatant-edited' }>,
    before: EncounterState | null,
    after: EncounterState,
    rules: TrackerRules,
  ): string {
    const was = this.find(before, event.combatantId);
    const now = this.find(after, event.combatantId);
    const changes: string[] = [];
    if (event.name !== undefined && was && now && was.name !== now.name) changes.push(`renamed to ${now.name}`);
    if (event.side !== undefined && was?.side !== event.side)
      changes.push(`moves to ${after.sides.find((s) => s.id === event.side)?.name ?? event.side}`);
    if (event.stats) {
      const stats = Object.entries(event.stats).map(
        ([id, value]) => `${rules.statFields.find((f) => f.id === id)?.label ?? id} ${statText(value)}`,
      );
      if (stats.length) changes.push(`stats: ${stats.join(', ')}`);
    }
    if (event.weapons !== undefined)
      changes.push(event.weapons.length ? `weapons: ${event.weapons.map((w) => w.name.trim()).join(', ')}` : 'no weapons');
    if (event.notes !== undefined) changes.push('notes edited');
    return changes.length ? `Edited: ${changes.join('; ')}` : 'Edited (no change)';
  }

  private checkLabel(before: EncounterState | null, combatantId: string, checkId: string, rules: TrackerRules): string {
    const combatant = this.find(before, combatantId);
    if (before && combatant) {
      const moment = {
        round: before.round,
        activeCombatantId: before.current?.combatantId ?? null,
        toggles: before.toggles,
      };
      const due = rules.checksDue(toRulesCombatant(combatant), moment).find((c) => c.id === checkId);
      if (due) return due.label;
      const prompt = rules
        .encounterPrompts(presentCombatants(before).map(toRulesCombatant), before.promptsDone)
        .find((p) => p.id === checkId);
      if (prompt) return prompt.label;
    }
    return humanize(checkId);
  }

  /** "Physical 6/10 marked, Unconscious": the tracks that moved and the state word when it changed. */
  private healthChange(
    before: EncounterState | null,
    after: EncounterState,
    combatantId: string,
    rules: TrackerRules,
  ): string {
    const was = this.find(before, combatantId);
    const now = this.find(after, combatantId);
    if (!was || !now || was.health === now.health) return '';
    const viewBefore = this.healthView(rules, was, before!);
    const viewAfter = this.healthView(rules, now, after);
    const tracks = viewAfter.tracks
      .filter((track) => {
        const old = viewBefore.tracks.find((t) => t.id === track.id);
        return !old || old.current !== track.current || old.max !== track.max;
      })
      .map(trackText);
    if (viewAfter.stateLabel !== viewBefore.stateLabel) tracks.push(viewAfter.stateLabel);
    return tracks.join(', ');
  }

  /**
   * "Initiative Score 9 → 7": where the combatant now stands in the order, when the event moved it
   * (Shadowrun wounds lower the score at once). Said only of someone still in the fight: a
   * combatant who went down has left the order, and the health text says so.
   */
  private initiativeChange(
    before: EncounterState | null,
    after: EncounterState,
    combatantId: string,
    rules: TrackerRules,
  ): string {
    const standing = rules.initiative.current;
    if (!standing || !before) return '';
    const was = this.find(before, combatantId);
    const now = this.find(after, combatantId);
    if (!was || !now || was === now) return '';
    const entryBefore = entryOf(before, combatantId);
    const entryAfter = entryOf(after, combatantId);
    if (!entryBefore || !entryAfter || !this.healthView(rules, now, after).canAct) return '';
    const from = standing(toRulesCombatant(was), entryBefore, before.toggles).score;
    const to = standing(toRulesCombatant(now), entryAfter, after.toggles).score;
    if (from === to) return '';
    return `${combatTerms(this.lookup.system(after.systemId)).initiative} ${from} → ${to}`;
  }

  /** The "after" view of one harm is usually the "before" of the next on the same combatant: kept by identity. */
  private healthView(rules: TrackerRules, combatant: Combatant, state: EncounterState): HealthView {
    const kept = this.healthViews.get(combatant.id);
    if (kept && kept.combatant === combatant && kept.toggles === state.toggles) return kept.view;
    const view = rules.healthView(toRulesCombatant(combatant), state.toggles);
    this.healthViews.set(combatant.id, { combatant, toggles: state.toggles, view });
    return view;
  }

  /** Conditions that came or went as a side effect ("Ganger 2 gains Down", "Prone ends for Ghost"). */
  private conditionChanges(before: EncounterState, after: EncounterState): readonly string[] {
    if (before.combatants === after.combatants) return NONE;
    let out: string[] | null = null;
    for (let i = 0; i < after.combatants.length; i++) {
      const now = after.combatants[i]!;
      const was = before.combatants[i];
      if (was === now || !was || was.conditions === now.conditions) continue;
      const had = new Set(was.conditions.map((c) => c.instanceId));
      const has = new Set(now.conditions.map((c) => c.instanceId));
      for (const c of now.conditions) if (!had.has(c.instanceId)) (out ??= []).push(`${now.name} gains ${c.label}`);
      for (const c of was.conditions) if (!has.has(c.instanceId)) (out ??= []).push(`${c.label} ends for ${now.name}`);
    }
    return out ?? NONE;
  }
}

interface Outcome {
  readonly kinds: readonly LogKind[];
  readonly actor: LogName | null;
  readonly targets: readonly LogName[];
  readonly dice: readonly LogDice[];
  readonly text: string;
  /** Combatants the entry concerns beyond its actor and targets. */
  readonly extraIds?: readonly string[];
}

// Shared constants: 10,000 entries should not each carry their own copy of the same small arrays.
const NONE: readonly string[] = [];
const NO_NAMES: readonly LogName[] = [];
const NO_DICE: readonly LogDice[] = [];
const NONE_KINDS: readonly LogKind[] = [];
const K = {
  turns: ['turns'],
  harm: ['harm'],
  rolls: ['rolls'],
  conditions: ['conditions'],
  roster: ['roster'],
  notes: ['notes'],
  encounter: ['encounter'],
  rollsHarm: ['rolls', 'harm'],
  turnsRolls: ['turns', 'rolls'],
} as const satisfies Record<string, readonly LogKind[]>;
const withConditionsCache = new Map<readonly LogKind[], readonly LogKind[]>();

/** The kinds plus "conditions", one shared array per kinds array. */
function withConditions(kinds: readonly LogKind[]): readonly LogKind[] {
  if (kinds.includes('conditions')) return kinds;
  let out = withConditionsCache.get(kinds);
  if (!out) withConditionsCache.set(kinds, (out = [...kinds, 'conditions']));
  return out;
}

const plain = (kinds: readonly LogKind[], text: string): Outcome => ({
  kinds,
  actor: null,
  targets: NO_NAMES,
  dice: NO_DICE,
  text,
});

/** The Initiative entry that orders a combatant (its own, its group's or its side's), if rolled. */
function entryOf(state: EncounterState, combatantId: string): InitiativeEntry | undefined {
  return state.initiative.entries.find((entry) => entry.memberIds.includes(combatantId));
}

function rollDice(roll: RollRecord, fallbackLabel: string): LogDice[] {
  return roll.groups.map((group) => ({ label: group.label ?? fallbackLabel, sides: group.sides, faces: group.faces }));
}

/** The system's label without its parenthesised help: "Damage (after cover and armour)" → "Damage". */
function shortLabel(label: string): string {
  let short = shortLabels.get(label);
  if (short === undefined) shortLabels.set(label, (short = label.replace(/\s*\([^)]*\)\s*$/, '')));
  return short;
}

const shortLabels = new Map<string, string>();

function harmText(harm: Harm, rules: TrackerRules): string {
  const kind = rules.harmKinds.find((k) => k.id === harm.kind);
  const location = harm.location ? (kind?.locations?.find((l) => l.id === harm.location)?.label ?? harm.location) : '';
  return `${kind ? shortLabel(kind.label) : harm.kind} ${harm.amount}${location ? ` (${location})` : ''}`;
}

function statText(value: StatValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function toggleValueText(value: ToggleValue): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : value;
}

/** "critical-damage:abc" → "Critical damage", for checks the rules no longer list. */
function humanize(id: string): string {
  const words = (id.split(':')[0] ?? id).replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}

/** Entries for a whole list of events (from nothing, or from a saved state after `start.count` events). */
export function buildLogEntries(
  events: readonly EncounterEvent[],
  lookup: RulesLookup,
  start?: LogStart,
): readonly LogEntry[] {
  const builder = new EncounterLogBuilder(lookup, start);
  for (const event of events) builder.push(event);
  return builder.entries;
}

/** True when the entry passes the combatant and kind filters (null = any). */
export function matchesLogFilter(entry: LogEntry, combatantId: string | null, kind: LogKind | null): boolean {
  return (
    (combatantId === null || entry.combatantIds.includes(combatantId)) && (kind === null || entry.kinds.includes(kind))
  );
}
