// The parts of entries that compare the states around an event: edits, health and initiative changes, side-effect conditions, labels.
import { combatTerms } from '../system-kit/rule-system';
import type { ActionDef, HealthView, TrackerRules } from '../system-kit/tracker-rules';
import type { EncounterEvent } from './events';
import type { LogNames } from './log-view-names';
import { NONE } from './log-view-parts';
import { entryOf, humanize, statText } from './log-view-text';
import type { RulesLookup } from '../system-kit/rules-lookup';
import { presentCombatants, toRulesCombatant, type Combatant, type EncounterState } from './state';
import { trackText } from './track-text';

export class LogDetails {
  /** The last health view worked out per combatant id, with the combatant object and toggles it was for. */
  private healthViews = new Map<
    string,
    { readonly combatant: Combatant; readonly toggles: EncounterState['toggles']; readonly view: HealthView }
  >();

  constructor(
    private readonly lookup: RulesLookup,
    private readonly names: LogNames,
  ) {}

  /** An action of the combatant's economy before the event ("Simple action", "Evade"), or undefined when it has none of that id. */
  actionOf(
    before: EncounterState | null,
    combatantId: string,
    actionId: string,
    rules: TrackerRules,
  ): ActionDef | undefined {
    const combatant = this.names.find(before, combatantId);
    if (!combatant) return undefined;
    const own = before!.current?.combatantId === combatantId ? (before!.current ?? undefined) : undefined;
    return rules.economy(toRulesCombatant(combatant), before!.toggles, own).actions.find((a) => a.id === actionId);
  }

  editText(
    event: Extract<EncounterEvent, { type: 'combatant-edited' }>,
    before: EncounterState | null,
    after: EncounterState,
    rules: TrackerRules,
  ): string {
    const was = this.names.find(before, event.combatantId);
    const now = this.names.find(after, event.combatantId);
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
      changes.push(
        event.weapons.length ? `weapons: ${event.weapons.map((w) => w.name.trim()).join(', ')}` : 'no weapons',
      );
    if (event.notes !== undefined) changes.push('notes edited');
    return changes.length ? `Edited: ${changes.join('; ')}` : 'Edited (no change)';
  }

  checkLabel(before: EncounterState | null, combatantId: string, checkId: string, rules: TrackerRules): string {
    const combatant = this.names.find(before, combatantId);
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
  healthChange(before: EncounterState | null, after: EncounterState, combatantId: string, rules: TrackerRules): string {
    const was = this.names.find(before, combatantId);
    const now = this.names.find(after, combatantId);
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
  initiativeChange(
    before: EncounterState | null,
    after: EncounterState,
    combatantId: string,
    rules: TrackerRules,
  ): string {
    const standing = rules.initiative.current;
    if (!standing || !before) return '';
    const was = this.names.find(before, combatantId);
    const now = this.names.find(after, combatantId);
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
  conditionChanges(before: EncounterState, after: EncounterState): readonly string[] {
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
