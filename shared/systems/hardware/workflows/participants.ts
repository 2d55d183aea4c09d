// The roll's participants read through the tracker adapter (stats, current health, sheet
// weapons, a name each), and the checks on who may attack whom.
import { RulesError, describe, problemOf } from '../../../errors';
import { readHardwareHealth, readHardwareStats, type HardwareStats } from '../tracker';
import { weaponOfSheet, type HardwareWeapon } from '../sheet-weapons';
import type { Participant } from '../../../system-kit/workflow';

/** A participant read through the tracker adapter: stats, current health, display name. */
export interface Combatant {
  readonly index: number;
  /** Unique within its side of the roll ("Ganger (2)" when two share a name). */
  readonly name: string;
  readonly combatantId: string | undefined;
  readonly pc: boolean;
  readonly stats: HardwareStats;
  readonly stamina: number;
  readonly BOD: number;
  readonly CTR: number;
  /** Armor now: the stat block's Armor minus what shred took. */
  readonly armor: number;
  readonly dead: boolean;
  readonly conditionIds: readonly string[];
  /** The weapons on the sheet the rules can use (one whose values do not fit is left out). */
  readonly weapons: readonly SheetArm[];
  /** Armor the target lost to shred this encounter (the stat block keeps the Armor it started with). */
  readonly armorLost: number;
}

/** A sheet weapon as the weapon choice offers it: "sheet:<weapon id>". */
export interface SheetArm {
  readonly choice: string;
  readonly weapon: HardwareWeapon;
}

function sheetArms(p: Participant | undefined): SheetArm[] {
  const out: SheetArm[] = [];
  for (const sheet of Array.isArray(p?.weapons) ? p.weapons : []) {
    try {
      out.push({ choice: `sheet:${sheet.id}`, weapon: weaponOfSheet(sheet) });
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
    }
  }
  return out;
}

const FALLBACK_STATS = readHardwareStats({});

function uniqueNames(list: readonly Participant[], fallback: string): string[] {
  const base = list.map((p, i) =>
    typeof p?.name === 'string' && p.name.trim() !== '' ? p.name.trim() : `${fallback} ${i + 1}`,
  );
  const counts = new Map<string, number>();
  for (const name of base) counts.set(name, (counts.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return base.map((name) => {
    if (counts.get(name) === 1) return name;
    const k = (seen.get(name) ?? 0) + 1;
    seen.set(name, k);
    return `${name} (${k})`;
  });
}

/**
 * Reads each participant; anything the rules refuse (a bad stat block, health that is not
 * Hardware health, a participant who has left) becomes a problem naming them.
 */
export function readCombatants(
  list: readonly Participant[],
  side: 'attacker' | 'target',
  problems: string[],
): Combatant[] {
  if (!Array.isArray(list)) {
    problems.push(`The ${side}s must be a list of participants, got ${describe(list)}.`);
    return [];
  }
  const names = uniqueNames(list, side === 'attacker' ? 'Attacker' : 'Target');
  return list.map((p, index) => {
    const name = names[index]!;
    if (p?.removed === true) {
      problems.push(
        side === 'attacker'
          ? `${name} has left the encounter and cannot attack.`
          : `${name} has left the encounter and cannot be attacked.`,
      );
    }
    let stats = FALLBACK_STATS;
    const statsProblem = problemOf(() => {
      stats = readHardwareStats(p?.stats);
    });
    if (statsProblem !== null) problems.push(`${name}'s stat block: ${statsProblem}`);
    let stamina = stats.stamina;
    let BOD = stats.BOD;
    let CTR = stats.CTR;
    let armor = stats.armor;
    let dead = false;
    if (p?.health !== undefined && statsProblem === null) {
      const healthProblem = problemOf(() => {
        const h = readHardwareHealth({ name, health: p.health! });
        stamina = h.stamina;
        BOD = h.BOD;
        CTR = h.CTR;
        armor = Math.max(0, stats.armor - h.armorLost);
        dead = h.BOD === 0 || h.killed;
      });
      if (healthProblem !== null) problems.push(healthProblem);
    }
    const conditionIds = Array.isArray(p?.conditionIds) ? p.conditionIds : [];
    return {
      index,
      name,
      combatantId: p?.combatantId,
      pc: p?.kind === 'pc',
      stats,
      stamina,
      BOD,
      CTR,
      armor,
      dead,
      conditionIds,
      weapons: sheetArms(p),
      armorLost: stats.armor - armor,
    };
  });
}

/** Someone cannot be both attacker and target of one roll. */
export function checkNotSelf(attackers: readonly Combatant[], targets: readonly Combatant[], problems: string[]): void {
  for (const a of attackers) {
    if (a.combatantId !== undefined && targets.some((t) => t.combatantId === a.combatantId)) {
      problems.push(`${a.name} cannot attack themself: choose someone else as the target.`);
    }
  }
}

/** A target listed twice would take the same blast twice. */
export function checkDistinct(targets: readonly Combatant[], problems: string[]): void {
  targets.forEach((t, i) => {
    if (t.combatantId !== undefined && targets.findIndex((o) => o.combatantId === t.combatantId) < i) {
      problems.push(`${t.name} is listed twice among the targets.`);
    }
  });
}
