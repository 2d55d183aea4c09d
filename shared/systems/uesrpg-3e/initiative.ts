import { RulesError, requireInteger } from '../../errors';
import { rollDie, type RandomSource } from '../../dice/random';
import type { ExplainStep } from '../../system-kit/rule-system';
import { RULES } from './sections';

export interface InitiativeCombatant {
  readonly id: string;
  /** Initiative Rating (AgB + IB + PrB). */
  readonly ir: number;
  /** The 1d6 rolled. */
  readonly roll: number;
  readonly luckBonus: number;
  readonly pc: boolean;
  /** Similar NPCs sharing one roll: every member of a group must carry the same roll. */
  readonly group?: string;
  /** Wounded characters take −2 initiative. */
  readonly wounded?: boolean;
}

export interface InitiativeEntry {
  readonly id: string;
  readonly total: number;
  readonly ir: number;
  readonly luckBonus: number;
  readonly pc: boolean;
}

export interface InitiativeResult {
  /** Ids from first to act to last. */
  readonly order: string[];
  readonly entries: InitiativeEntry[];
  readonly steps: ExplainStep[];
}

interface RankedEntry extends InitiativeEntry {
  readonly index: number;
}

/**
 * orderInitiative's checks and order without the explanation: the tracker re-ranks on every
 * round rebuild (wounds move combatants back), where only the order is needed.
 */
export function initiativeRanking(combatants: readonly InitiativeCombatant[]): string[] {
  return rankInitiative(combatants).map((e) => e.id);
}

/** Orders combatants by 1d6 + IR, ties broken by IR, then Luck Bonus, then PC before NPC, then input order. */
export function orderInitiative(combatants: readonly InitiativeCombatant[]): InitiativeResult {
  const sorted = rankInitiative(combatants);
  const steps: ExplainStep[] = [
    {
      text: `1d6 + Initiative Rating, highest first: ${sorted.map((e) => `${e.id} ${e.total}`).join(', ')}.`,
      rule: RULES.initiative,
    },
  ];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (a.total !== b.total) continue;
    const why =
      a.ir !== b.ir
        ? `higher IR (${a.ir} vs ${b.ir})`
        : a.luckBonus !== b.luckBonus
          ? `higher Luck Bonus (${a.luckBonus} vs ${b.luckBonus})`
          : a.pc !== b.pc
            ? 'PCs beat NPCs'
            : 'still tied, so input order stands (the seed says contested Luck rolls or GM call)';
    steps.push({ text: `${a.id} goes before ${b.id} on ${a.total}: ${why}.`, rule: RULES.initiative });
  }
  if (combatants.some((c) => c.wounded === true)) {
    steps.push({ text: 'Wounded combatants take −2 initiative.', rule: RULES.woundEffects });
  }
  return {
    order: sorted.map((e) => e.id),
    entries: sorted.map(({ id, total, ir, luckBonus, pc }) => ({ id, total, ir, luckBonus, pc })),
    steps,
  };
}

function whole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The checked entries, highest first (the order orderInitiative explains). */
function rankInitiative(combatants: readonly InitiativeCombatant[]): RankedEntry[] {
  if (!Array.isArray(combatants) || combatants.length === 0) {
    throw new RulesError('invalid-input', 'Initiative needs at least one combatant.');
  }
  const ids = new Set<string>();
  const groupRolls = new Map<string, number>();
  const entries = combatants.map((c, i) => {
    if (typeof c.id !== 'string' || c.id.length === 0)
      throw new RulesError('invalid-input', `combatants[${i}].id must be a non-empty name.`);
    // One set operation per id: a size that does not grow means the id was there already.
    const known = ids.size;
    ids.add(c.id);
    if (ids.size === known)
      throw new RulesError('invalid-input', `Two combatants share the id "${c.id}"; ids must be unique.`);
    // Field names are only built for a value that fails (this runs on every round rebuild).
    const ir = whole(c.ir, 0, 60) ? c.ir : requireInteger(`combatants[${i}].ir`, c.ir, 0, 60);
    const roll = whole(c.roll, 1, 6) ? c.roll : requireInteger(`combatants[${i}].roll`, c.roll, 1, 6);
    const luckBonus = whole(c.luckBonus, 0, 20)
      ? c.luckBonus
      : requireInteger(`combatants[${i}].luckBonus`, c.luckBonus, 0, 20);
    if (typeof c.pc !== 'boolean') throw new RulesError('invalid-input', `combatants[${i}].pc must be true or false.`);
    if (c.group !== undefined) {
      const shared = groupRolls.get(c.group);
      if (shared !== undefined && shared !== roll) {
        throw new RulesError(
          'invalid-input',
          `Group "${c.group}" rolls initiative once, but "${c.id}" has ${roll} while the group rolled ${shared}.`,
        );
      }
      groupRolls.set(c.group, roll);
    }
    const total = roll + ir - (c.wounded === true ? 2 : 0);
    return { id: c.id, total, ir, luckBonus, pc: c.pc, index: i };
  });
  return [...entries].sort(
    (a, b) =>
      b.total - a.total || b.ir - a.ir || b.luckBonus - a.luckBonus || Number(b.pc) - Number(a.pc) || a.index - b.index,
  );
}

/** Rolls initiative with one d6 per character, and one per group of similar NPCs, then orders them. */
export function rollInitiative(
  source: RandomSource,
  combatants: readonly Omit<InitiativeCombatant, 'roll'>[],
): InitiativeResult & { readonly rolls: Readonly<Record<string, number>> } {
  const groupRolls = new Map<string, number>();
  const rolls: Record<string, number> = {};
  const withRolls = combatants.map((c) => {
    let roll: number;
    if (c.group !== undefined) {
      roll = groupRolls.get(c.group) ?? rollDie(source, 6);
      groupRolls.set(c.group, roll);
    } else {
      roll = rollDie(source, 6);
    }
    rolls[c.id] = roll;
    return { ...c, roll };
  });
  return { ...orderInitiative(withRolls), rolls };
}
