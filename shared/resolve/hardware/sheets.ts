import type { ResolveContext, SheetReading, SheetSource } from '../contract';
import { attackerField, defaultArm, isHardened, readCombatants, type AttackerFieldOptions, type Combatant } from './common';

/**
 * What the Hardware workflows read from the combatants' sheets: each attacker's weapon (the first
 * that fits the workflow; a melee weapon makes the attack melee) and the target's Armor, Buffer and
 * Hardened flag. Each value is the workflow's default, listed with where it came from.
 */

/** Where a target's protection goes in the form: the Attack's one foe, or each target of a Blast. */
export interface TargetFieldIds {
  readonly armor: string;
  readonly buffer?: string;
  readonly hardened: string;
}

function sheet(c: Combatant): string {
  return `${c.name}'s sheet`;
}

export function readSheets(
  context: ResolveContext,
  options: AttackerFieldOptions,
  attackers: 'all' | 'first',
  targetIds: (index: number) => TargetFieldIds,
): SheetReading {
  const problems: string[] = [];
  const sources: SheetSource[] = [];
  const everyone = readCombatants(context?.attackers ?? [], 'attacker', problems);
  for (const a of attackers === 'all' ? everyone : everyone.slice(0, 1)) {
    const arm = defaultArm(a, options);
    if (!arm) continue;
    const from = `${sheet(a)}: ${arm.weapon.name}`;
    sources.push({ fieldId: attackerField(a.index, 'die'), value: arm.choice, from });
    if (arm.weapon.attack === 'melee') sources.push({ fieldId: attackerField(a.index, 'attack'), value: 'melee', from });
  }
  for (const t of readCombatants(context?.targets ?? [], 'target', problems)) {
    // An ad-hoc target (no combatant) has no sheet: its numbers were typed for this roll.
    if (t.combatantId === undefined) continue;
    const ids = targetIds(t.index);
    const shredded = t.armorLost > 0 ? `Armor ${t.stats.armor}, ${t.armorLost} lost to shred` : `Armor ${t.armor}`;
    sources.push({ fieldId: ids.armor, value: t.armor, from: `${sheet(t)}: ${shredded}` });
    if (ids.buffer) sources.push({ fieldId: ids.buffer, value: t.stats.buffer, from: `${sheet(t)}: Buffer ${t.stats.buffer}` });
    if (t.stats.hardened) sources.push({ fieldId: ids.hardened, value: isHardened(t), from: `${sheet(t)}: Hardened` });
  }
  return { sources };
}
