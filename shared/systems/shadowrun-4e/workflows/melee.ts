import type { ResolveWorkflow } from '../../../system-kit/workflow';
import type { DefenseMethod } from '../modifiers';
import { MELEE_WEAPON_TABLE_ID, MELEE_WEAPONS } from '../weapons';
import { nextStageOf, oddsOf, resolveOf } from './engine';
import { build, planOrThrow } from './melee-plan';
import { defaults, fromTheSheets, meleeFields } from './melee-setup';

const DEFENCE_ROWS: readonly (DefenseMethod | null)[] = [null, 'parry', 'block', 'dodge'];

export const meleeAttack: ResolveWorkflow = {
  id: 'sr4-melee-attack',
  systemId: 'shadowrun-4e',
  label: 'Melee attack',
  attackers: 'one',
  targets: 'one',
  fields: meleeFields,
  defaults,
  fromSheets: (context, chosen) => fromTheSheets(context, chosen).sheet.reading,
  problems: (setup, context) => build(setup, context).problems,
  odds(setup, context) {
    const built = build(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The attack cannot be made.' };
    return oddsOf(built.plan);
  },
  nextStage: (setup, context, rolled) => nextStageOf(planOrThrow(setup, context), rolled),
  resolve: (setup, context, rolled) => resolveOf(planOrThrow(setup, context), rolled, 'attacked'),
  fromTableRow(tableId, rowIndex) {
    if (!Number.isInteger(rowIndex) || rowIndex < 0) return null;
    if (tableId === MELEE_WEAPON_TABLE_ID) {
      const weapon = MELEE_WEAPONS[rowIndex];
      return weapon ? { weapon: weapon.id } : null;
    }
    if (tableId === 'sr4-defenses') {
      // Rows: ranged (Reaction), parry, block, dodge, Full Defense.
      if (rowIndex === 4) return { fullDefense: true };
      const method = DEFENCE_ROWS[rowIndex];
      return method ? { defence: method } : null;
    }
    return null;
  },
};
