import { RulesError } from '../errors';
import type { RuleSystem, SystemId } from '../system-kit/rule-system';
import type { EncounterEvent, EventInput } from './events';
import type { RulesLookup } from './reducer';
import type { Economy, InitiativeEntry, RulesCombatant, SheetWeapon, TrackerRules, WeaponRules } from '../system-kit/tracker-rules';

/**
 * A deliberately small rule system for testing the generic tracker: HP, d6 + INIT
 * initiative per combatant (groups roll once), one action per turn, a reaction that
 * forfeits the next turn, and a "last stand" roll due on the turn of anyone at 0 HP.
 */
export const FAKE_SYSTEM_ID = 'fake' as SystemId;

const hp = (c: RulesCombatant) => c.health.hp as number;

export interface FakeOptions {
  readonly rerollEachRound?: boolean;
  /** Adds "parry": a reaction that costs the round's reaction but no turn. */
  readonly parry?: boolean;
  /** With the "mode" toggle at "b", the lowest initiative acts first (an order that depends on a toggle). */
  readonly modeBReversesOrder?: boolean;
  /** Equal scores must be rolled again before anyone acts (as Electric State sides). */
  readonly tiesReroll?: boolean;
  /** Participants the order says lose their turn (as Hardware's failed AGL saves), shown as "Loses turn". */
  readonly losesTurn?: readonly string[];
  /** Adds "move", which must come before the action (as Electric State), and cites the economy's rule. */
  readonly moveFirst?: boolean;
}

/** The rule the fake's economy cites when it has one. */
export const FAKE_ECONOMY_RULE = { section: 'Fake actions', source: 'seed' } as const;

/** One number per weapon and a one-row table, enough to see the reducer check sheets with the system's rules. */
export const FAKE_WEAPONS = {
  fields: [{ id: 'damage', kind: 'number', label: 'Damage', group: 'attack', min: 1, max: 6 }],
  catalogue: [{ id: 'club', name: 'Club', row: { tableId: 'fake-weapons', rowIndex: 0 }, values: { damage: 2 } }],
  describe: (weapon: SheetWeapon) => `damage ${String(weapon.values.damage)}`,
} as const satisfies WeaponRules;

export function createFakeTracker(options: FakeOptions = {}): TrackerRules {
  return {
    systemId: FAKE_SYSTEM_ID,
    statFields: [
      { id: 'hp', label: 'Hit points', short: 'HP', type: 'number', min: 1, max: 100, defaultValue: 10, group: 'resource' },
      { id: 'init', label: 'Initiative', short: 'INI', type: 'number', min: 0, max: 10, defaultValue: 2, group: 'attribute' },
    ],
    derive: (stats) => [{ id: 'maxHp', label: 'Max HP', value: Number(stats.hp ?? 10) }],
    weapons: FAKE_WEAPONS,
    validateStats(stats) {
      const problems: string[] = [];
      for (const [key, value] of Object.entries(stats)) {
        if (key !== 'hp' && key !== 'init') problems.push(`"${key}" is not a stat.`);
        else if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) problems.push(`${key} must be 0–100.`);
      }
      return problems;
    },
    initialHealth: (stats) => ({ hp: Number(stats.hp ?? 10), lastStandRound: 0 }),
    harmKinds: [
      { id: 'damage', label: 'Damage', healing: false },
      { id: 'heal', label: 'Heal', healing: true },
    ],
    applyHarm(combatant, harm) {
      const max = Number(combatant.stats.hp ?? 10);
      const now = harm.kind === 'damage' ? Math.max(0, hp(combatant) - harm.amount) : Math.min(max, hp(combatant) + harm.amount);
      return {
        health: { ...combatant.health, hp: now },
        steps: [{ text: `${harm.kind} ${harm.amount}`, rule: { section: 'Fake', source: 'default' } }],
        conditions: now === 0 ? [{ conditionId: 'down', label: 'Down' }] : [],
        removeConditions: now > 0 ? ['down'] : [],
      };
    },
    woundTracks: { tracks: ['hp'], why: 'Damage comes off HP.' },
    healthView(combatant) {
      const max = Number(combatant.stats.hp ?? 10);
      const down = hp(combatant) === 0;
      return {
        tracks: [{ id: 'hp', label: 'HP', current: hp(combatant), max, style: 'bar' }],
        stateLabel: down ? 'Down' : 'Fine',
        severity: down ? 'down' : 'ok',
        modifiers: [],
        markers: [],
        canAct: !down,
      };
    },
    checksDue(combatant, moment) {
      // Like the real systems, the fake refuses a moment that is missing part of itself.
      if (!Number.isInteger(moment.round) || moment.activeCombatantId === undefined || typeof moment.toggles?.mode !== 'string') {
        throw new RulesError('invalid-input', 'A moment needs its round, whose turn it is and the toggles.');
      }
      const due =
        hp(combatant) === 0 && moment.activeCombatantId === combatant.id && combatant.health.lastStandRound !== moment.round;
      return due
        ? [{ id: 'last-stand', combatantId: combatant.id, label: 'Last stand', dice: { count: 1, sides: 6 }, reason: { text: 'At 0 HP on your turn', rule: { section: 'Fake', source: 'default' } } }]
        : [];
    },
    resolveCheck(combatant, checkId, faces, moment, everyone) {
      if (checkId === 'morale' && this.encounterPrompts(everyone, []).length) {
        const broken = (faces[0] ?? 20) > 10;
        const others = broken ? everyone.filter((c) => c.kind === 'npc').map((c) => ({ combatantId: c.id, conditions: [{ conditionId: 'broken', label: 'Broken' }] })) : [];
        return { health: combatant.health, steps: [], others };
      }
      if (checkId !== 'last-stand' || !this.checksDue(combatant, moment).length) {
        throw new RulesError('not-allowed', `${combatant.name} owes no "${checkId}" roll now.`);
      }
      const back = (faces[0] ?? 0) === 6 ? 1 : 0;
      return {
        health: { ...combatant.health, hp: back, lastStandRound: moment.round },
        steps: [],
        removeConditions: back ? ['down'] : [],
      };
    },
    conditions: [{ id: 'down', label: 'Down', description: 'At 0 HP' }],
    initiative: {
      scope: 'combatant',
      rerollEachRound: options.rerollEachRound ?? false,
      participants(combatants, sides, groups) {
        if (!Array.isArray(sides) || !Array.isArray(groups)) throw new RulesError('invalid-input', 'Participants need the sides and groups.');
        const seen = new Set<string>();
        const out = [];
        for (const c of combatants) {
          const id = c.groupId ?? c.id;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({ id, label: c.groupId ?? c.name, members: combatants.filter((m) => (m.groupId ?? m.id) === id) });
        }
        return out;
      },
      dice: () => ({ count: 1, sides: 6 }),
      score(participant, faces): InitiativeEntry {
        if (faces.length !== 1) throw new RulesError('invalid-input', 'Initiative is one d6.');
        const score = faces[0]! + Number(participant.members[0]!.stats.init ?? 0);
        return { participantId: participant.id, memberIds: participant.members.map((m) => m.id), score, display: String(score), faces, detail: {}, steps: [] };
      },
      order(entries, _participants, toggles) {
        const lowestFirst = options.modeBReversesOrder && toggles.mode === 'b';
        const sorted = [...entries].sort((a, b) => (lowestFirst ? a.score - b.score : b.score - a.score));
        const tied = sorted.filter((e) => sorted.some((other) => other !== e && other.score === e.score)).map((e) => e.participantId);
        const tieToReroll = options.tiesReroll && tied.length ? { tieToReroll: tied } : {};
        const losesTurn = sorted.map((e) => e.participantId).filter((id) => options.losesTurn?.includes(id));
        return { order: sorted.map((e) => e.participantId), losesTurn, steps: [], ...tieToReroll };
      },
    },
    buildRound(context) {
      if (!Number.isInteger(context.round) || !Array.isArray(context.participants) || !Array.isArray(context.acted) || typeof context.toggles?.mode !== 'string') {
        throw new RulesError('invalid-input', 'A round needs its number, participants, turns taken and toggles.');
      }
      const slots = [];
      for (const participantId of context.initiative?.order ?? []) {
        if (context.initiative?.losesTurn.includes(participantId)) continue;
        const entry = context.entries.find((e) => e.participantId === participantId);
        for (const id of entry?.memberIds ?? []) {
          const combatant = context.combatants.find((c) => c.id === id);
          // Everyone gets a turn: a combatant at 0 HP still owes its last-stand roll.
          if (combatant) slots.push({ combatantId: id, pass: 1 });
        }
      }
      return slots;
    },
    economy: (): Economy => ({
      resources: [
        { id: 'action', label: 'action', max: 1, refresh: 'turn' },
        { id: 'reaction', label: 'reaction', max: 1, refresh: 'round' },
      ],
      actions: [
        { id: 'attack', label: 'Attack', costs: { action: 1 } },
        { id: 'dodge', label: 'Dodge', costs: { reaction: 1 }, reaction: true, forfeitsNextTurn: true },
        ...(options.parry ? [{ id: 'parry', label: 'Parry', costs: { reaction: 1 }, reaction: true }] : []),
        ...(options.moveFirst ? [{ id: 'move', label: 'Move', costs: {}, notAfter: { resource: 'action', reason: 'The move must come before the action.' } }] : []),
      ],
      summary: 'One action per turn.',
      ...(options.moveFirst ? { rule: FAKE_ECONOMY_RULE } : {}),
    }),
    encounterPrompts(combatants, alreadyPrompted) {
      const firstDown = combatants.some((c) => c.kind === 'npc' && hp(c) === 0);
      return firstDown && !alreadyPrompted.includes('morale')
        ? [{ id: 'morale', combatantId: combatants.find((c) => c.kind === 'npc' && hp(c) > 0)?.id ?? '', label: 'Morale', dice: { count: 1, sides: 20 }, reason: { text: 'First casualty', rule: { section: 'Fake', source: 'default' } } }]
        : [];
    },
  };
}

export function createFakeLookup(options: FakeOptions = {}): RulesLookup {
  const tracker = createFakeTracker(options);
  const system: RuleSystem = {
    id: FAKE_SYSTEM_ID,
    label: 'Fake',
    seedFile: '',
    primaryDie: 6,
    attributes: [],
    toggles: [{ id: 'mode', label: 'Mode', description: '', values: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], defaultValue: 'a', rule: { section: 'Fake', source: 'default' } }],
    tables: [],
    operations: {},
  };
  return {
    system(id) {
      if (id !== FAKE_SYSTEM_ID) throw new RulesError('unknown-system', `Unknown system ${id}`);
      return system;
    },
    tracker(id) {
      if (id !== FAKE_SYSTEM_ID) throw new RulesError('unknown-system', `Unknown system ${id}`);
      return tracker;
    },
  };
}

/** Makes events as the store does: a fresh id (prefix + counter) and a fixed time. */
export function eventMaker(prefix = 'e'): (input: EventInput) => EncounterEvent {
  let counter = 0;
  return (input) => ({ id: `${prefix}${++counter}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;
}

/** An initiative result as the fake's score() makes it (one face). */
export function initiativeEntry(participantId: string, memberIds: readonly string[], score: number): InitiativeEntry {
  return { participantId, memberIds, score, display: String(score), faces: [1], detail: {}, steps: [] };
}

/** The "Warehouse": Ghost (PC, 10 HP) against Ganger 1 and Ganger 2 (NPCs, 6 HP), not started. */
export function warehouseSetup(ev: (input: EventInput) => EncounterEvent): EncounterEvent[] {
  return [
    ev({ type: 'encounter-created', encounterId: 'enc', name: 'Warehouse', systemId: FAKE_SYSTEM_ID }),
    ev({ type: 'combatant-added', combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { hp: 10, init: 5 } } }),
    ev({ type: 'combatant-added', combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
    ev({ type: 'combatant-added', combatant: { id: 'g2', name: 'Ganger 2', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
  ];
}

/** The Warehouse started, initiative in: Ghost (9), then Ganger 2 (6), then Ganger 1 (4); Ghost's turn. */
export function warehouseRunning(ev: (input: EventInput) => EncounterEvent): EncounterEvent[] {
  return [
    ...warehouseSetup(ev),
    ev({ type: 'encounter-started' }),
    ev({
      type: 'initiative-rolled',
      entries: [initiativeEntry('ghost', ['ghost'], 9), initiativeEntry('g1', ['g1'], 4), initiativeEntry('g2', ['g2'], 6)],
      rolls: [],
    }),
  ];
}
