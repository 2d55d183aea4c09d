import { planOf, remainingSlots } from './reducer';
import { findCombatant, presentCombatants, toRulesCombatant, type Combatant, type EncounterState } from './state';
import type { ActionDef, InitiativeEntry, ResourceDef, TrackerRules, TurnSlot } from '../system-kit/tracker-rules';

/** Who acts now: the combatant whose turn it is, or null (setup, between rounds, ended). */
export function actingNow(state: EncounterState): Combatant | null {
  return state.current ? (findCombatant(state, state.current.combatantId) ?? null) : null;
}

/** The turns still to come this round, with their combatants. */
export function upcomingTurns(state: EncounterState, rules: TrackerRules): { slot: TurnSlot; combatant: Combatant }[] {
  return remainingSlots(state, rules).flatMap((slot) => {
    const combatant = findCombatant(state, slot.combatantId);
    return combatant ? [{ slot, combatant }] : [];
  });
}

export interface Budget {
  readonly resources: readonly (ResourceDef & { readonly left: number })[];
  /** Actions the combatant can still pay for now (reactions only, outside its own turn). */
  readonly available: readonly ActionDef[];
  readonly summary: string;
}

/** What a combatant can still do: resources left and the actions they can still afford. */
export function whatCanTheyDo(state: EncounterState, rules: TrackerRules, combatantId: string): Budget | null {
  const combatant = findCombatant(state, combatantId);
  if (!combatant || combatant.removed) return null;
  const ownTurn = state.current?.combatantId === combatantId;
  const economy = rules.economy(toRulesCombatant(combatant), state.toggles, ownTurn ? state.current! : undefined);
  const resources = economy.resources.map((r) => ({ ...r, left: Math.max(0, r.max - (combatant.spent[r.id] ?? 0)) }));
  const left = new Map(resources.map((r) => [r.id, r.left]));
  const available = economy.actions.filter(
    (a) => (ownTurn || a.reaction) && Object.entries(a.costs).every(([id, cost]) => (left.get(id) ?? 0) >= cost),
  );
  return { resources, available, summary: economy.summary };
}

/** Combatants who are down (incapacitated, dying, unconscious) or dead, with the rules' word for it. */
export function outOfTheFight(state: EncounterState, rules: TrackerRules): { combatant: Combatant; state: string; dead: boolean }[] {
  return presentCombatants(state).flatMap((combatant) => {
    const view = rules.healthView(toRulesCombatant(combatant), state.toggles);
    return view.severity === 'down' || view.severity === 'dead' ? [{ combatant, state: view.stateLabel, dead: view.severity === 'dead' }] : [];
  });
}

/** Where a combatant stands in the initiative, as the tracker row shows it. */
export interface Standing {
  /** The score or word the order uses now ("9", "7 · glitch", "Acts first"). */
  readonly display: string;
  /** The tooltip: the roll and what moved it since ("Rolled 9, wound modifier −2"). */
  readonly title: string;
  /** True when it is no longer the rolled score (wounds since the roll). */
  readonly moved: boolean;
}

/**
 * Standings worked out before, so a change to one combatant works out only that one's again: by
 * combatant object (with the entry and toggles it was worked out for) where the system moves scores
 * after the roll, else by entry. States are never changed in place, so an object seen again gives
 * the same standing, and the tracker's rows are handed the very same object.
 */
export interface StandingMemo {
  readonly byCombatant: WeakMap<Combatant, { entry: InitiativeEntry; toggles: EncounterState['toggles']; standing: Standing }>;
  readonly byEntry: WeakMap<InitiativeEntry, Standing>;
}

export function standingMemo(): StandingMemo {
  return { byCombatant: new WeakMap(), byEntry: new WeakMap() };
}

/**
 * Each rolled combatant's standing: the system's current score where it has one (Shadowrun),
 * else the rolled entry as it is.
 */
export function initiativeStandings(state: EncounterState, rules: TrackerRules, memo: StandingMemo = standingMemo()): Map<string, Standing> {
  const standings = new Map<string, Standing>();
  const now = rules.initiative.current;
  const byId = now ? new Map(presentCombatants(state).map((c) => [c.id, c])) : null;
  for (const entry of state.initiative.entries) {
    for (const id of entry.memberIds) {
      const combatant = byId?.get(id);
      if (now && combatant) {
        const known = memo.byCombatant.get(combatant);
        if (known && known.entry === entry && known.toggles === state.toggles) {
          standings.set(id, known.standing);
          continue;
        }
        const current = now(toRulesCombatant(combatant), entry, state.toggles);
        const standing = { display: current.display, title: current.explanation, moved: current.score !== entry.score };
        memo.byCombatant.set(combatant, { entry, toggles: state.toggles, standing });
        standings.set(id, standing);
      } else {
        let standing = memo.byEntry.get(entry);
        if (!standing) {
          standing = { display: entry.display, title: `Initiative: ${entry.display}`, moved: false };
          memo.byEntry.set(entry, standing);
        }
        standings.set(id, standing);
      }
    }
  }
  return standings;
}

/**
 * The tracker's rows: the initiative order first (sides and groups expanded), then everyone
 * without a place yet. Where scores move after the roll (Shadowrun wounds), the order is the one
 * the round runs in now: each combatant at its first turn in the system's plan, so a wounded
 * row moves at once; those out of the fight follow in rolled order.
 */
export function trackerOrder(state: EncounterState, rules: TrackerRules | null): Combatant[] {
  const present = presentCombatants(state);
  const byId = new Map(present.map((c) => [c.id, c]));
  const entries = new Map(state.initiative.entries.map((e) => [e.participantId, e]));
  const ordered: Combatant[] = [];
  const seen = new Set<string>();
  const place = (id: string) => {
    const combatant = byId.get(id);
    if (combatant && !seen.has(id)) {
      ordered.push(combatant);
      seen.add(id);
    }
  };
  const order = state.initiative.order;
  if (rules?.initiative.current && order && !order.tieToReroll?.length) {
    for (const slot of planOf(state, rules)) place(slot.combatantId);
  }
  for (const participantId of order?.order ?? []) for (const id of entries.get(participantId)?.memberIds ?? []) place(id);
  for (const combatant of present) place(combatant.id);
  return ordered;
}

