import type { ResolveContext, SheetReading } from '../../../system-kit/workflow';
import { SheetValues } from '../../../system-kit/sheet-sources';
import { attackerField, defaultArm, isHardened, type AttackerFieldOptions } from './attacker-choices';
import { readCombatants } from './participants';

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

export function readSheets(
  context: ResolveContext,
  options: AttackerFieldOptions,
  attackers: 'all' | 'first',
  targetIds: (index: number) => TargetFieldIds,
): SheetReading {
  const problems: string[] = [];
  const sheet = new SheetValues();
  const everyone = readCombatants(context?.attackers ?? [], 'attacker', problems);
  for (const a of attackers === 'all' ? everyone : everyone.slice(0, 1)) {
    const arm = defaultArm(a, options);
    if (!arm) continue;
    sheet.take(a, attackerField(a.index, 'die'), arm.choice, arm.weapon.name);
    if (arm.weapon.attack === 'melee') sheet.take(a, attackerField(a.index, 'attack'), 'melee', arm.weapon.name);
  }
  for (const t of readCombatants(context?.targets ?? [], 'target', problems)) {
    // An ad-hoc target (no combatant) has no sheet: take lists nothing for it.
    const ids = targetIds(t.index);
    const shredded = t.armorLost > 0 ? `Armor ${t.stats.armor}, ${t.armorLost} lost to shred` : `Armor ${t.armor}`;
    sheet.take(t, ids.armor, t.armor, shredded);
    if (ids.buffer) sheet.take(t, ids.buffer, t.stats.buffer, `Buffer ${t.stats.buffer}`);
    if (t.stats.hardened) sheet.take(t, ids.hardened, isHardened(t), 'Hardened');
  }
  return sheet.reading;
}
