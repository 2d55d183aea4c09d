import type { EncounterEvent } from '../encounter/events';
import type { RulesLookup } from '../encounter/reducer';
import { toRulesCombatant, type Combatant, type EncounterState } from '../encounter/state';
import type { Harm, HealthSeverity, TrackerRules } from '../system-kit/tracker-rules';
import { plural } from './line-format';
import type { ReplayStep } from './replayed-log';

/**
 * The closing summary of a session report, counted over the entries in effect only (undone ones
 * never count) and over the whole encounter whatever rounds the report shows:
 * - rounds fought: the round the encounter reached;
 * - who fell: combatants down or dead at the end, with the entry that took them from standing
 *   to down or dead (the last such entry, when they got up and fell again);
 * - damage dealt and taken per combatant and per harm kind, from `harm-applied` (dealt by the
 *   actor of the roll its `sourceEventId` names, else by no one) and `roll-applied` effects (dealt
 *   by the event's actor, except harm the roll does to its own roller — a push's Hope loss, a
 *   counter-attack — which is only taken). Healing kinds are counted apart, as healing received;
 * - rolls made: each roll record of `initiative-rolled` (or each entry with faces when it kept
 *   none), each `check-resolved`, `roll-resolved` and `roll-applied`. Per combatant: their own
 *   checks and resolved rolls, and initiative they rolled alone (not a side's or a group's).
 */

export interface Amount {
  readonly label: string;
  readonly amount: number;
}

export interface CombatantTally {
  readonly id: string;
  readonly name: string;
  readonly dealt: readonly Amount[];
  readonly taken: readonly Amount[];
  readonly healed: readonly Amount[];
  readonly rolls: number;
}

export interface FallenCombatant {
  readonly name: string;
  /** The health view's word at the end ("Dead", "Incapacitated"). */
  readonly state: string;
  /** The entry that dropped them, when the log tells. */
  readonly droppedBy: { readonly index: number; readonly label: string; readonly text: string } | null;
}

export interface ReportSummary {
  readonly roundsFought: number;
  /** "3 rounds fought; the encounter ended in round 3." */
  readonly roundsText: string;
  readonly fallen: readonly FallenCombatant[];
  readonly combatants: readonly CombatantTally[];
  readonly rolls: { readonly total: number; readonly initiative: number; readonly checks: number; readonly resolved: number };
}

interface Counts {
  readonly dealt: Map<string, number>;
  readonly taken: Map<string, number>;
  readonly healed: Map<string, number>;
  rolls: number;
}

const STANDING: ReadonlySet<HealthSeverity> = new Set(['ok', 'hurt']);

export class SummaryTally {
  private counts = new Map<string, Counts>();
  private rollActors = new Map<string, string>();
  private dropped = new Map<string, FallenCombatant['droppedBy']>();
  private rolls = { total: 0, initiative: 0, checks: 0, resolved: 0 };
  private rules: TrackerRules | null = null;
  private severities = new Map<
    string,
    { readonly combatant: Combatant; readonly toggles: EncounterState['toggles']; readonly severity: HealthSeverity }
  >();

  constructor(private readonly lookup: RulesLookup) {}

  /** Counts one entry in effect (call in log order; undone entries must not be passed). */
  add(step: ReplayStep): void {
    const { event, after } = step;
    if (!after) return;
    this.rules ??= this.lookup.tracker(after.systemId);
    this.countRolls(event);
    this.countHarm(event);
    if (step.before) this.noteFalls(step, step.before, after);
  }

  finish(state: EncounterState | null): ReportSummary {
    const roundsFought = state?.round ?? 0;
    const rules = state ? this.lookup.tracker(state.systemId) : null;
    const fallen: FallenCombatant[] = [];
    const combatants: CombatantTally[] = [];
    for (const combatant of state?.combatants ?? []) {
      const view = rules!.healthView(toRulesCombatant(combatant), state!.toggles);
      if (!STANDING.has(view.severity)) {
        fallen.push({ name: combatant.name, state: view.stateLabel, droppedBy: this.dropped.get(combatant.id) ?? null });
      }
      const counts = this.counts.get(combatant.id);
      combatants.push({
        id: combatant.id,
        name: combatant.name,
        dealt: amounts(counts?.dealt, rules!),
        taken: amounts(counts?.taken, rules!),
        healed: amounts(counts?.healed, rules!),
        rolls: counts?.rolls ?? 0,
      });
    }
    return { roundsFought, roundsText: roundsText(state), fallen, combatants, rolls: { ...this.rolls } };
  }

  private countsOf(id: string): Counts {
    let counts = this.counts.get(id);
    if (!counts) this.counts.set(id, (counts = { dealt: new Map(), taken: new Map(), healed: new Map(), rolls: 0 }));
    return counts;
  }

  private countRolls(event: EncounterEvent): void {
    switch (event.type) {
      case 'initiative-rolled': {
        const rolled = event.rolls.length || event.entries.filter((e) => e.faces.length).length;
        this.rolls.total += rolled;
        this.rolls.initiative += rolled;
        for (const entry of event.entries) {
          const alone = entry.memberIds.length === 1 && entry.memberIds[0] === entry.participantId;
          if (alone && entry.faces.length) this.countsOf(entry.participantId).rolls++;
        }
        return;
      }
      case 'check-resolved':
        this.rolls.total++;
        this.rolls.checks++;
        this.countsOf(event.combatantId).rolls++;
        return;
      case 'roll-applied':
      case 'roll-resolved':
        this.rolls.total++;
        this.rolls.resolved++;
        if (event.actorId) {
          this.countsOf(event.actorId).rolls++;
          this.rollActors.set(event.id, event.actorId);
        }
        return;
      default:
        return;
    }
  }

  private countHarm(event: EncounterEvent): void {
    if (event.type === 'harm-applied') {
      const dealer = event.sourceEventId ? this.rollActors.get(event.sourceEventId) : undefined;
      this.addHarm(event.harm, event.combatantId, dealer);
    } else if (event.type === 'roll-applied') {
      for (const effect of event.effects) {
        if (!effect.harm) continue;
        const dealer = event.actorId !== effect.combatantId ? event.actorId : undefined;
        this.addHarm(effect.harm, effect.combatantId, dealer);
      }
    }
  }

  private addHarm(harm: Harm, targetId: string, dealerId: string | undefined): void {
    const healing = this.rules!.harmKinds.find((k) => k.id === harm.kind)?.healing ?? false;
    if (healing) {
      add(this.countsOf(targetId).healed, harm.kind, harm.amount);
      return;
    }
    add(this.countsOf(targetId).taken, harm.kind, harm.amount);
    if (dealerId) add(this.countsOf(dealerId).dealt, harm.kind, harm.amount);
  }

  /** Remembers the entry that took someone from standing to down or dead. */
  private noteFalls(step: ReplayStep, before: EncounterState, after: EncounterState): void {
    if (before.combatants === after.combatants) return;
    for (let i = 0; i < after.combatants.length; i++) {
      const now = after.combatants[i]!;
      const was = before.combatants[i];
      if (!was || was.id !== now.id || (was.health === now.health && was.conditions === now.conditions)) continue;
      const fell = STANDING.has(this.severity(was, before)) && !STANDING.has(this.severity(now, after));
      if (fell) {
        this.dropped.set(now.id, { index: step.index, label: step.entry.position.label, text: step.entry.text });
      }
    }
  }

  /** The last one worked out per combatant is kept: the "after" of one entry is the "before" of the next. */
  private severity(combatant: Combatant, state: EncounterState): HealthSeverity {
    const kept = this.severities.get(combatant.id);
    if (kept?.combatant === combatant && kept.toggles === state.toggles) return kept.severity;
    const severity = this.rules!.healthView(toRulesCombatant(combatant), state.toggles).severity;
    this.severities.set(combatant.id, { combatant, toggles: state.toggles, severity });
    return severity;
  }
}

function add(map: Map<string, number>, kind: string, amount: number): void {
  map.set(kind, (map.get(kind) ?? 0) + amount);
}

/** Amounts in the order the system lists its harm kinds, each under its short label. */
function amounts(map: ReadonlyMap<string, number> | undefined, rules: TrackerRules): Amount[] {
  if (!map || map.size === 0) return [];
  const known = rules.harmKinds.filter((k) => map.has(k.id)).map((k) => ({ label: harmKindLabel(k.label), amount: map.get(k.id)! }));
  const unknown = [...map].filter(([id]) => !rules.harmKinds.some((k) => k.id === id)).map(([label, amount]) => ({ label, amount }));
  return [...known, ...unknown];
}

/** The label without its parenthesised help, as the log shows it: "Damage (after Cover and Armor)" → "Damage". */
export function harmKindLabel(label: string): string {
  return label.replace(/\s*\([^)]*\)\s*$/, '');
}

function roundsText(state: EncounterState | null): string {
  if (!state || state.status === 'setup') return 'Not started: no rounds fought.';
  const rounds = plural(state.round, 'round');
  return state.status === 'ended'
    ? `${rounds} fought; the encounter ended in round ${state.round}.`
    : `${rounds} fought so far; the encounter has not ended.`;
}

/** "Physical damage 6, Stun damage 3", or "—" when there is none. */
export function amountsText(list: readonly Amount[]): string {
  return list.length ? list.map((a) => `${a.label} ${a.amount}`).join(', ') : '—';
}
