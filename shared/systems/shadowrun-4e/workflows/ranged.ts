import type { ResolveWorkflow } from '../../../system-kit/workflow';
import type { FiringMode } from '../modifiers';
import { RANGED_WEAPON_TABLE_ID, RANGED_WEAPONS } from '../weapons';
import { nextStageOf, oddsOf, resolveOf } from './engine';
import { BANDS } from './ranged-fields';
import { build, planOrThrow } from './ranged-plan';
import { defaults, fromTheSheets, rangedFields } from './ranged-setup';

export { firingModeHint } from './ranged-fields';

const FIRING_MODE_ROWS: readonly FiringMode[] = ['single-shot', 'semi-auto', 'burst', 'long-burst', 'full-burst'];

export const rangedAttack: ResolveWorkflow = {
  id: 'sr4-ranged-attack',
  systemId: 'shadowrun-4e',
  label: 'Ranged attack',
  attackers: 'one',
  targets: 'one',
  fields: rangedFields,
  defaults,
  fromSheets: (context, chosen) => fromTheSheets(context, chosen).sheet.reading,
  problems: (setup, context) => build(setup, context).problems,
  odds(setup, context) {
    const built = build(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The attack cannot be made.' };
    return oddsOf(built.plan);
  },
  nextStage: (setup, context, rolled) => nextStageOf(planOrThrow(setup, context), rolled),
  resolve: (setup, context, rolled) => resolveOf(planOrThrow(setup, context), rolled, 'shot at'),
  fromTableRow(tableId, rowIndex) {
    if (!Number.isInteger(rowIndex) || rowIndex < 0) return null;
    if (tableId === RANGED_WEAPON_TABLE_ID) {
      const weapon = RANGED_WEAPONS[rowIndex];
      if (!weapon) return null;
      // The weapon's usual mode, so the setup is valid as soon as the row lands.
      return { weapon: weapon.id, firingMode: 'usual' };
    }
    if (tableId === 'sr4-firing-modes') {
      const mode = FIRING_MODE_ROWS[rowIndex];
      return mode ? { firingMode: mode } : null;
    }
    if (tableId === 'sr4-range-bands') {
      const band = BANDS[rowIndex];
      return band ? { range: band } : null;
    }
    if (tableId === 'sr4-defenses') {
      // Row 0 is the ranged defence (Reaction), row 4 Full Defense; parry, block and dodge are melee.
      if (rowIndex === 0) return { fullDefense: false };
      if (rowIndex === 4) return { fullDefense: true };
      return null;
    }
    return null;
  },
};
