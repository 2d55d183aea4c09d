import { createSeededSource, rollDice, rollDie, type RandomSource } from '../dice/random';
import type { RollRecord } from '../dice/record';
import { allPresets, rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterEvent, EventInput } from '../encounter/events';
import { initiativeParticipants, reduce } from '../encounter/reducer';
import { presentCombatants, toRulesCombatant, type EncounterState, type ShownRoll } from '../encounter/state';
import type { TrackerRules } from '../system-kit/tracker-rules';
import { isRulesError } from '../errors';
import type { SystemId } from '../system-kit/rule-system';
import type { EncounterRecord, LoggedEvent } from './encounter-record';

/**
 * Realistic encounters for the file-format tests, from a seed: preset combatants on both sides,
 * groups, hidden ambushers, initiative scored by each system's rules from rolled faces, turns,
 * actions, harm and healing, conditions, checks and prompts the rules ask for, resolved rolls with
 * their records, notes, renames, toggles, undo and redo, and undo-then-overwrite, which leaves
 * discarded entries in the log; what the GM shows the players (conditions marked visible, an NPC's
 * numbers, rolls shown and taken off). Events the rules refuse are not logged, as in the app.
 */
export interface GeneratedEncounter {
  readonly record: EncounterRecord;
  /** The state at the record's cursor, as the app computed it while the log was written. */
  readonly state: EncounterState;
}

const START = Date.parse('2026-11-29T19:00:00.000Z');

/** Names that exercise escaping in every format: quotes, markup, accents, emoji, a formula. */
const AWKWARD_NAMES = [
  'Ghost "Ace"',
  '<img src=x onerror=alert(1)>',
  'Zoë Ångström',
  'Drone 🤖 #2',
  '=SUM(A1)',
  'Back\\slash',
];

/** The actor's first action on its own turn, and a GM ruling when asked; nothing off-turn (no extra random draws). */
function spendsOf(
  session: Session,
  rules: TrackerRules,
  actor: EncounterState['combatants'][number] | undefined,
  ruled: boolean,
) {
  const state = session.state;
  if (!actor || state.status !== 'running' || state.current?.combatantId !== actor.id) return {};
  const action = rules.economy(toRulesCombatant(actor), state.toggles, state.current).actions[0];
  if (!action) return {};
  return {
    spends: [{ combatantId: actor.id, actionId: action.id }],
    ...(ruled ? { ruling: { refused: `${actor.name} has nothing left for ${action.label}.` } } : {}),
  };
}

class Session {
  private readonly log: { event: EncounterEvent; discarded: boolean }[] = [];
  /** Log positions of the active entries, in order. */
  private active: number[] = [];
  /** states[k] is the state after k active entries. */
  private states: (EncounterState | null)[] = [null];
  cursor = 0;
  private count = 0;
  /** Every roll made so far, as the GM could show it to the players. */
  readonly rolls: ShownRoll[] = [];

  constructor(
    readonly seed: number,
    readonly random: RandomSource,
  ) {}

  get state(): EncounterState {
    return this.states[this.cursor]!;
  }

  at(): string {
    return new Date(START + this.count * 7_000).toISOString();
  }

  nextId(): string {
    return `s${this.seed}-e${++this.count}`;
  }

  /** Logs the event if the rules accept it now; after an undo it drops the redo branch. */
  apply(input: EventInput, id = this.nextId()): boolean {
    const event = { id, at: this.at(), ...input } as EncounterEvent;
    let next: EncounterState;
    try {
      next = reduce(this.states[this.cursor] ?? null, event, rulesLookup);
    } catch (error) {
      if (isRulesError(error)) return false;
      throw error;
    }
    for (const position of this.active.slice(this.cursor)) this.log[position]!.discarded = true;
    this.active = this.active.slice(0, this.cursor);
    this.states = this.states.slice(0, this.cursor + 1);
    this.log.push({ event, discarded: false });
    this.active.push(this.log.length - 1);
    this.states.push(next);
    this.cursor++;
    return true;
  }

  undo(steps: number): void {
    this.cursor = Math.max(1, this.cursor - steps);
  }

  redo(steps: number): void {
    this.cursor = Math.min(this.active.length, this.cursor + steps);
  }

  get redoable(): number {
    return this.active.length - this.cursor;
  }

  entries(): LoggedEvent[] {
    return this.log.map((entry) => ({ event: entry.event, discarded: entry.discarded }));
  }

  get activeCount(): number {
    return this.active.length;
  }
}

const pick = <T>(random: RandomSource, items: readonly T[]): T => items[rollDie(random, items.length) - 1]!;
const chance = (random: RandomSource, percent: number) => rollDie(random, 100) <= percent;

function roll(
  session: Session,
  id: string,
  roller: string,
  reason: string,
  groups: readonly { sides: number; count: number; label: string }[],
): RollRecord {
  return {
    id,
    at: session.at(),
    roller,
    reason,
    source: `seeded:${session.seed}`,
    groups: groups.map((g) => ({ sides: g.sides, faces: rollDice(session.random, g.count, g.sides), label: g.label })),
  };
}

function setUp(session: Session, systemId: SystemId): void {
  const { random } = session;
  const profile = rulesLookup.system(systemId);
  const toggles = Object.fromEntries(
    profile.toggles.filter(() => chance(random, 50)).map((t) => [t.id, pick(random, t.values).value]),
  );
  session.apply({
    type: 'encounter-created',
    encounterId: `enc-${session.seed}`,
    name: `${pick(random, AWKWARD_NAMES)} at the depot`,
    systemId,
    ...(Object.keys(toggles).length ? { toggles } : {}),
  });
  if (chance(random, 30)) session.apply({ type: 'side-added', sideId: 'bystanders', name: 'Bystanders' });
  const presets = allPresets.filter((p) => p.systemId === systemId);
  const count = 2 + rollDie(random, 5);
  for (let i = 0; i < count; i++) {
    const preset = pick(random, presets);
    const side = preset.kind === 'pc' ? 'party' : chance(random, 85) ? 'opponents' : 'bystanders';
    session.apply({
      type: 'combatant-added',
      combatant: {
        id: `s${session.seed}-c${i}`,
        name: chance(random, 20) ? pick(random, AWKWARD_NAMES) : `${preset.name} ${i + 1}`,
        kind: preset.kind,
        side,
        stats: preset.stats,
        templateId: preset.id,
        ...(chance(random, 15) ? { hidden: true } : {}),
        ...(chance(random, 30) ? { notes: preset.notes } : {}),
      },
    });
  }
  const npcs = presentCombatants(session.state).filter((c) => c.kind === 'npc' && c.side === 'opponents');
  if (npcs.length >= 2 && chance(random, 40)) {
    session.apply({
      type: 'group-formed',
      groupId: `s${session.seed}-g1`,
      name: 'Ambushers',
      combatantIds: npcs.slice(0, 2).map((c) => c.id),
    });
  }
  const someone = pick(random, session.state.combatants);
  if (chance(random, 40))
    session.apply({
      type: 'combatant-edited',
      combatantId: someone.id,
      notes: 'Wounded before the fight; carries the keycard.',
    });
  session.apply({ type: 'encounter-started' });
}

function rollInitiative(session: Session, rules: TrackerRules): void {
  const state = session.state;
  const rolled = new Set(state.initiative.entries.map((e) => e.participantId));
  const participants = initiativeParticipants(state, rules).filter(
    (p) => !rolled.has(p.id) || state.initiative.order?.tieToReroll?.includes(p.id),
  );
  if (participants.length === 0) return;
  const rolls: RollRecord[] = [];
  const entries = participants.map((participant) => {
    const dice = rules.initiative.dice(participant, state.toggles);
    if (dice.count === 0) return rules.initiative.score(participant, [], state.toggles);
    const record = roll(session, `${session.nextId()}-init`, participant.label, 'Initiative', [
      { sides: dice.sides, count: dice.count, label: 'initiative' },
    ]);
    rolls.push(record);
    return rules.initiative.score(participant, record.groups[0]!.faces, state.toggles);
  });
  session.apply({ type: 'initiative-rolled', entries, rolls });
}

function resolveDueChecks(session: Session, rules: TrackerRules): void {
  const state = session.state;
  const moment = { round: state.round, activeCombatantId: state.current?.combatantId ?? null, toggles: state.toggles };
  for (const combatant of presentCombatants(state)) {
    for (const check of rules.checksDue(toRulesCombatant(combatant), moment)) {
      const id = session.nextId();
      const record = roll(session, id, combatant.name, check.label, [
        { sides: check.dice.sides, count: check.dice.count, label: check.label },
      ]);
      session.apply(
        {
          type: 'check-resolved',
          combatantId: combatant.id,
          checkId: check.id,
          faces: record.groups[0]!.faces,
          roll: record,
        },
        id,
      );
      return;
    }
  }
  const prompts = rules.encounterPrompts(
    presentCombatants(session.state).map(toRulesCombatant),
    session.state.promptsDone,
  );
  const prompt = prompts[0];
  if (!prompt) return;
  if (chance(session.random, 30)) {
    session.apply({ type: 'prompt-dismissed', promptId: prompt.id });
  } else {
    const faces = rollDice(session.random, prompt.dice.count, prompt.dice.sides);
    session.apply({ type: 'check-resolved', combatantId: prompt.combatantId, checkId: prompt.id, faces });
  }
}

function harmOf(session: Session, rules: TrackerRules) {
  const kind = pick(session.random, rules.harmKinds);
  const location =
    kind.locations?.length && chance(session.random, 60) ? pick(session.random, kind.locations).id : undefined;
  return {
    kind: kind.id,
    amount: rollDie(session.random, kind.healing ? 3 : 5) - 1,
    ...(location ? { location } : {}),
  };
}

function conditionOf(session: Session, rules: TrackerRules) {
  const condition = pick(session.random, rules.conditions);
  return {
    conditionId: condition.id,
    label: condition.label,
    ...(chance(session.random, 50) ? { rounds: rollDie(session.random, 3) } : {}),
    ...(chance(session.random, 30)
      ? { expires: pick(session.random, ['turn-start', 'turn-end', 'round-end'] as const) }
      : {}),
    ...(chance(session.random, 20) ? { note: 'from the blast' } : {}),
  };
}

function playStep(session: Session, rules: TrackerRules): void {
  const { random } = session;
  const state = session.state;
  if (state.status === 'running' && !state.current) rollInitiative(session, rules);
  resolveDueChecks(session, rules);
  const present = presentCombatants(session.state);
  if (present.length === 0) return;
  const target = pick(random, present);
  const actor = session.state.current ? present.find((c) => c.id === session.state.current!.combatantId) : undefined;
  const what = rollDie(random, 22);
  if (what <= 6) {
    session.apply({ type: 'turn-advanced' });
  } else if (what === 7) {
    session.apply({ type: 'harm-applied', combatantId: target.id, harm: harmOf(session, rules) });
  } else if (what === 8 || what === 9) {
    const id = session.nextId();
    const record = roll(session, id, actor?.name ?? 'GM', `Attack: ${actor?.name ?? 'GM'} → ${target.name}`, [
      { sides: 6, count: rollDie(random, 6), label: 'attack' },
      ...(chance(random, 40) ? [{ sides: 6, count: 2, label: 'soak' }] : []),
    ]);
    const hits = record.groups[0]!.faces.filter((f) => f >= 5).length;
    session.rolls.push(shownCopy(record, `${actor?.name ?? 'GM'} hit ${target.name}: ${hits} hits`, actor?.id, [target.id]));
    session.apply(
      {
        type: 'roll-applied',
        roll: record,
        summary: `${actor?.name ?? 'GM'} hit ${target.name}: ${hits} hits`,
        ...(actor ? { actorId: actor.id } : {}),
        effects: [
          {
            combatantId: target.id,
            harm: harmOf(session, rules),
            ...(chance(random, 30) ? { conditions: [conditionOf(session, rules)] } : {}),
          },
        ],
        operation: 'attack',
        result: {
          hits,
          margin: hits - 1,
          detail: { faces: record.groups[0]!.faces, label: 'Hit — "solid"' },
          'odd key': null,
        },
        // On the actor's own turn the roll uses its first action; with no hits the GM rules it through whatever the rules say.
        ...spendsOf(session, rules, actor, hits === 0),
      },
      id,
    );
  } else if (what === 10) {
    const id = session.nextId();
    const record = roll(session, id, actor?.name ?? 'GM', 'Perception', [
      { sides: pick(random, [6, 10, 20, 100]), count: 1, label: 'test' },
    ]);
    session.rolls.push(shownCopy(record, `Perception: ${record.groups[0]!.faces[0]}`, actor?.id, [target.id]));
    session.apply(
      {
        type: 'roll-resolved',
        roll: record,
        summary: `Perception: ${record.groups[0]!.faces[0]}`,
        targetIds: [target.id],
        operation: 'test',
        result: { success: chance(random, 50) },
      },
      id,
    );
  } else if (what === 11) {
    session.apply({
      type: 'condition-added',
      combatantId: target.id,
      instanceId: `${session.nextId()}-i`,
      condition: conditionOf(session, rules),
      ...(chance(random, 40) ? { visible: true } : {}),
    });
  } else if (what === 12 && target.conditions.length) {
    session.apply({
      type: 'condition-removed',
      combatantId: target.id,
      instanceId: pick(random, target.conditions).instanceId,
    });
  } else if (what === 13 && actor) {
    const economy = rules.economy(toRulesCombatant(actor), session.state.toggles, session.state.current ?? undefined);
    if (economy.actions.length)
      session.apply({ type: 'action-taken', combatantId: actor.id, actionId: pick(random, economy.actions).id });
  } else if (what === 14) {
    session.apply({
      type: 'note-added',
      text: pick(random, [
        'The lights go out.',
        'Reinforcements in 2 rounds — maybe.',
        'Line one\nline two',
        '<b>not bold</b> & "quoted"',
      ]),
    });
  } else if (what === 15) {
    session.undo(rollDie(random, 3));
  } else if (what === 16 && session.redoable) {
    session.redo(rollDie(random, session.redoable));
  } else if (what === 17) {
    const hidden = present.find((c) => c.hidden);
    if (hidden) session.apply({ type: 'combatant-revealed', combatantId: hidden.id });
    else session.apply({ type: 'turn-rewound' });
  } else if (what === 18) {
    const toggle = pick(random, rulesLookup.system(session.state.systemId).toggles);
    if (toggle)
      session.apply({ type: 'toggle-changed', toggleId: toggle.id, value: pick(random, toggle.values).value });
  } else if (what === 19 && chance(random, 30)) {
    session.apply({ type: 'combatant-removed', combatantId: target.id });
  } else if (what === 20) {
    const group = session.state.groups[0];
    if (group && chance(random, 50)) {
      if (chance(random, 50)) session.apply({ type: 'group-dissolved', groupId: group.id });
      else session.apply({ type: 'group-initiative-set', groupId: group.id, eachRolls: !group.eachRollsInitiative });
    }
    else
      session.apply({
        type: 'encounter-renamed',
        name: `${session.state.name} (round ${session.state.round})`.slice(0, 80),
      });
  } else if (what === 21) {
    showToPlayers(session, target);
  } else if (what === 22 && session.rolls.length) {
    session.apply({ type: 'roll-shown', roll: pick(random, session.rolls) });
  }
}

/** The GM changes what the players see: a condition, an NPC's numbers, or takes a roll off. */
function showToPlayers(session: Session, target: EncounterState['combatants'][number]): void {
  const { random } = session;
  const choice = rollDie(random, 3);
  if (choice === 1 && target.conditions.length) {
    const condition = pick(random, target.conditions);
    session.apply({
      type: 'condition-visibility-set',
      combatantId: target.id,
      instanceId: condition.instanceId,
      visible: !condition.visible,
    });
  } else if (choice === 2 && target.kind === 'npc') {
    session.apply({ type: 'combatant-numbers-shown', combatantId: target.id, shown: !target.numbersShown });
  } else if (choice === 3 && session.state.shownRolls?.length) {
    session.apply({ type: 'roll-unshown', rollId: pick(random, session.state.shownRolls).rollId });
  }
}

/** A roll as the GM shows it to the players: who, why, the one line, the dice, actor and targets. */
function shownCopy(record: RollRecord, summary: string, actorId: string | undefined, targetIds: readonly string[]): ShownRoll {
  return {
    rollId: record.id,
    who: record.roller,
    what: record.reason,
    summary,
    dice: record.groups.map((g) => ({ sides: g.sides, faces: g.faces })),
    ...(actorId ? { actorId } : {}),
    targetIds,
  };
}

/** One encounter of `systemId`, the same for the same seed. */
export function generateEncounter(systemId: SystemId, seed: number, steps = 20 + (seed % 60)): GeneratedEncounter {
  const random = createSeededSource(seed);
  const session = new Session(seed, random);
  const rules = rulesLookup.tracker(systemId);
  setUp(session, systemId);
  for (let step = 0; step < steps; step++) playStep(session, rules);
  if (chance(random, 30)) session.apply({ type: 'encounter-ended' });
  // Sometimes the GM leaves the encounter with entries undone: the cursor stays pinned.
  const pinned = chance(random, 30);
  if (pinned) session.undo(rollDie(random, 3));
  const log = session.entries();
  const cursor = pinned || session.cursor < session.activeCount ? session.cursor : null;
  const record: EncounterRecord = {
    name: session.state.name,
    systemId,
    createdAt: log[0]!.event.at,
    updatedAt: log[log.length - 1]!.event.at,
    archived: chance(random, 20),
    cursor,
    log,
  };
  return { record, state: session.state };
}
