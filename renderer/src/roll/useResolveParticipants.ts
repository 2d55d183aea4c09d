import type { Combatant, EncounterState } from '../../../shared/encounter/state';
import type { CombatantKind, Stats } from '../../../shared/system-kit/tracker-rules';
import type { Participant } from '../../../shared/system-kit/workflow';

/** Values the GM types for someone who is not in the encounter (a sniper off the map, a what-if). */
export interface AdhocDraft {
  readonly name: string;
  readonly kind: CombatantKind;
  readonly stats: Stats;
  /** The stat editor's problems: while non-empty the panel does not roll. */
  readonly problems: readonly string[];
}

/** The roll panel's view of an encounter combatant: what the workflow reads, nothing more. */
export function participantFromCombatant(
  combatant: Combatant,
  resourcesLeft?: Readonly<Record<string, number>>,
): Participant {
  const noted = combatant.conditions.filter((c) => c.note.trim() !== '');
  return {
    combatantId: combatant.id,
    name: combatant.name,
    kind: combatant.kind,
    stats: combatant.stats,
    ...(combatant.weapons.length ? { weapons: combatant.weapons } : {}),
    health: combatant.health,
    conditionIds: combatant.conditions.map((c) => c.conditionId),
    removed: combatant.removed,
    ...(noted.length ? { conditionNotes: Object.fromEntries(noted.map((c) => [c.conditionId, c.note])) } : {}),
    ...(resourcesLeft ? { resourcesLeft } : {}),
  };
}

/** An ad-hoc participant has no combatant id, so nothing can ever be applied to it. */
export function adhocParticipant(draft: AdhocDraft, fallbackName: string): Participant {
  return { name: draft.name.trim() || fallbackName, kind: draft.kind, stats: draft.stats };
}

/** How a combatant is named in the pickers: hidden and departed ones say so in words. */
export function participantLabel(combatant: Combatant): string {
  const marks = [
    combatant.kind === 'pc' ? 'PC' : null,
    combatant.hidden ? 'hidden' : null,
    combatant.removed ? 'left the encounter' : null,
  ].filter(Boolean);
  return marks.length ? `${combatant.name} (${marks.join(', ')})` : combatant.name;
}

export interface SideGroup {
  readonly id: string;
  readonly label: string;
  readonly combatants: readonly Combatant[];
}

/** Present combatants grouped by side, in the order they joined; the sides' own names as headings. */
export function combatantsBySide(state: EncounterState): SideGroup[] {
  const present = state.combatants.filter((c) => !c.removed);
  const names = new Map(state.sides.map((s) => [s.id, s.name]));
  const order = [...state.sides.map((s) => s.id), ...present.map((c) => c.side)];
  const seen = new Set<string>();
  const groups: SideGroup[] = [];
  for (const id of order) {
    if (seen.has(id)) continue;
    seen.add(id);
    const combatants = present.filter((c) => c.side === id);
    if (combatants.length) groups.push({ id, label: names.get(id) ?? id, combatants });
  }
  return groups;
}

/**
 * Who a roll targets when the GM has not said: the first visible combatant on another side than
 * the attacker (hidden ones are often not yet in play), else the first on another side at all.
 */
export function defaultTargetId(state: EncounterState, attackerId: string | null): string | null {
  const attacker = attackerId ? state.combatants.find((c) => c.id === attackerId) : undefined;
  const others = state.combatants.filter(
    (c) => !c.removed && c.id !== attackerId && (!attacker || c.side !== attacker.side),
  );
  return (others.find((c) => !c.hidden) ?? others[0])?.id ?? null;
}

/** Who attacks when the GM has not said and nobody is acting: the first PC, else the first present combatant. */
export function fallbackAttackerId(state: EncounterState): string | null {
  const present = state.combatants.filter((c) => !c.removed);
  return (present.find((c) => c.kind === 'pc') ?? present[0])?.id ?? null;
}
