import type { RollRecord } from '../dice/record';
import type { SystemId, ToggleValue } from '../system-kit/rule-system';
import type { ShownRoll } from './state';
import type { ChaseChange, ChaseTerrain, ChaseVehicle, EngagementRange } from '../system-kit/chase-model';
import type { CombatantKind, ConditionInit, Harm, InitiativeEntry, SheetWeapon, Stats } from '../system-kit/tracker-rules';

/**
 * The encounter log: an append-only list of these events is the source of truth; state
 * is `reduce` over them. Every event carries everything needed to replay it (rolled
 * faces included), so replay never rolls dice.
 */
interface EventBase {
  /** Unique id (also the roll-record id when the event carries one roll). */
  readonly id: string;
  /** ISO time the GM did it. */
  readonly at: string;
}

export interface NewCombatant {
  readonly id: string;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly side: string;
  readonly stats: Stats;
  readonly weapons?: readonly SheetWeapon[];
  readonly groupId?: string;
  readonly templateId?: string;
  readonly hidden?: boolean;
  readonly notes?: string;
}

/** One action a resolved roll uses. */
export interface ActionSpend {
  readonly combatantId: string;
  /** An action of the combatant's economy now (`TrackerRules.economy`). */
  readonly actionId: string;
  /**
   * Joins another's action out of turn (Hardware: attackers on one foe roll together): it uses the
   * assister's turn still to come this round instead of refusing "not their turn".
   */
  readonly assist?: boolean;
}

export type EncounterEvent =
  | (EventBase & {
      readonly type: 'encounter-created';
      readonly encounterId: string;
      readonly name: string;
      readonly systemId: SystemId;
      readonly toggles?: Readonly<Record<string, ToggleValue>>;
    })
  | (EventBase & { readonly type: 'encounter-renamed'; readonly name: string })
  | (EventBase & { readonly type: 'toggle-changed'; readonly toggleId: string; readonly value: ToggleValue })
  | (EventBase & { readonly type: 'side-added'; readonly sideId: string; readonly name: string })
  | (EventBase & { readonly type: 'combatant-added'; readonly combatant: NewCombatant })
  | (EventBase & {
      readonly type: 'combatant-edited';
      readonly combatantId: string;
      readonly name?: string;
      readonly side?: string;
      readonly notes?: string;
      /** Changed stat values only. */
      readonly stats?: Stats;
      /** The sheet's whole new weapon list. */
      readonly weapons?: readonly SheetWeapon[];
    })
  | (EventBase & { readonly type: 'combatant-removed'; readonly combatantId: string })
  | (EventBase & { readonly type: 'combatant-revealed'; readonly combatantId: string })
  | (EventBase & {
      readonly type: 'group-formed';
      readonly groupId: string;
      readonly name: string;
      readonly combatantIds: readonly string[];
    })
  | (EventBase & { readonly type: 'group-dissolved'; readonly groupId: string })
  | (EventBase & {
      /** Each member rolls its own initiative (true) or the group rolls once (false). */
      readonly type: 'group-initiative-set';
      readonly groupId: string;
      readonly eachRolls: boolean;
    })
  | (EventBase & {
      readonly type: 'initiative-rolled';
      /** Scored by the system's rules from the faces in `rolls`; merged by participant. */
      readonly entries: readonly InitiativeEntry[];
      readonly rolls: readonly RollRecord[];
    })
  | (EventBase & { readonly type: 'encounter-started' })
  | (EventBase & { readonly type: 'turn-advanced' })
  | (EventBase & { readonly type: 'turn-rewound' })
  | (EventBase & { readonly type: 'action-taken'; readonly combatantId: string; readonly actionId: string })
  | (EventBase & {
      readonly type: 'harm-applied';
      readonly combatantId: string;
      readonly harm: Harm;
      /** The resolved roll that caused it, when it came from the roll panel. */
      readonly sourceEventId?: string;
    })
  | (EventBase & {
      readonly type: 'check-resolved';
      readonly combatantId: string;
      readonly checkId: string;
      readonly faces: readonly number[];
      readonly roll?: RollRecord;
    })
  | (EventBase & { readonly type: 'prompt-dismissed'; readonly promptId: string })
  | (EventBase & {
      readonly type: 'condition-added';
      readonly combatantId: string;
      readonly instanceId: string;
      readonly condition: ConditionInit;
      /** Shown on the player view from the start. */
      readonly visible?: boolean;
    })
  | (EventBase & {
      readonly type: 'condition-visibility-set';
      readonly combatantId: string;
      readonly instanceId: string;
      readonly visible: boolean;
    })
  | (EventBase & { readonly type: 'combatant-numbers-shown'; readonly combatantId: string; readonly shown: boolean })
  | (EventBase & { readonly type: 'roll-shown'; readonly roll: ShownRoll })
  | (EventBase & { readonly type: 'roll-unshown'; readonly rollId: string })
  | (EventBase & { readonly type: 'condition-removed'; readonly combatantId: string; readonly instanceId: string })
  | (EventBase & {
      /**
       * A resolved roll applied to its target(s) at once: armour, cover and resistance already
       * accounted for by the rules. All of it applies or none of it does.
       */
      readonly type: 'roll-applied';
      readonly roll: RollRecord;
      readonly summary: string;
      readonly actorId?: string;
      readonly effects: readonly {
        readonly combatantId: string;
        readonly harm?: Harm;
        readonly conditions?: readonly ConditionInit[];
        /** Condition ids the roll ends on this combatant. */
        readonly removeConditions?: readonly string[];
      }[];
      readonly operation?: string;
      readonly result?: Readonly<Record<string, unknown>>;
      /** Actions the roll uses: the attacker's, each assister's, the defender's reaction; spent with the rest, or nothing is. */
      readonly spends?: readonly ActionSpend[];
      /** What a chase stunt changes (an Engagement Range, a pair's chase ended, a Maneuver's dice). */
      readonly chase?: ChaseChange;
      /**
       * The GM allowed what the rules refused (`refused`: the tracker's sentence, kept for the log).
       * Spends the rules refuse are then left unspent instead of refusing the roll.
       */
      readonly ruling?: { readonly refused: string };
    })
  | (EventBase & {
      readonly type: 'roll-resolved';
      readonly roll: RollRecord;
      /** One line for the log ("Ghost shot Ganger 2: 4 hits vs 1 → 8P"). */
      readonly summary: string;
      readonly actorId?: string;
      readonly targetIds?: readonly string[];
      /** The rules operation and its result, kept for the export. */
      readonly operation?: string;
      readonly result?: Readonly<Record<string, unknown>>;
    })
  | (EventBase & {
      readonly type: 'chase-started';
      readonly terrain: ChaseTerrain;
      readonly vehicles: readonly ChaseVehicle[];
      readonly pairs: readonly { readonly pursuerId: string; readonly quarryId: string; readonly range: EngagementRange }[];
    })
  | (EventBase & {
      readonly type: 'chase-range-changed';
      readonly pursuerId: string;
      readonly quarryId: string;
      readonly range: EngagementRange;
    })
  | (EventBase & { readonly type: 'chase-turn-advanced'; readonly terrain?: ChaseTerrain })
  | (EventBase & { readonly type: 'chase-ended' })
  | (EventBase & { readonly type: 'note-added'; readonly text: string })
  | (EventBase & { readonly type: 'encounter-ended' });

export type EncounterEventType = EncounterEvent['type'];

/** Distributive Omit, so a caller can build an event without id and time. */
export type EventInput = EncounterEvent extends infer E ? (E extends EncounterEvent ? Omit<E, 'id' | 'at'> : never) : never;
