import type { ResolveWorkflow } from '../../../system-kit/workflow';
import { buildExplosivePlan, explosiveDefaults, explosiveFields } from './explosive-plan';
import { explosiveSheetValues } from './explosive-sheets';
import { oddsOf } from './explosive-odds';
import { planOrThrow, resolveExplosive } from './explosive-resolution';
import { neededStage, replay } from './explosive-stages';

export { GRENADE_CONDITION } from './explosive-stages';
export { landingOdds } from './explosive-odds';

/**
 * Grenades, rockets and missiles (seed): the attack test (opposed by the one aimed at, or a
 * Success Test at a spot), the scatter (distance by kind less metres per net hit, direction on
 * the diagram), then the blast at each target's distance from where it lands, each resisting on
 * their own with Body + Impact armour after AP. A grenade that goes off on the thrower's next
 * Initiative Pass leaves a reminder on the thrower in the tracker.
 */

const BLAST_ROWS = [
  'flash-bang',
  null,
  'fragmentation-grenade',
  'high-explosive-grenade',
  null,
  null,
  'fragmentation-missile',
  'high-explosive-missile',
  'anti-vehicle-missile',
] as const;
const SCATTER_ROWS = ['standard', 'aerodynamic', 'airburst', 'launcher', 'rocket', 'missile'] as const;

export const explosiveAttack: ResolveWorkflow = {
  id: 'sr4-explosive',
  systemId: 'shadowrun-4e',
  label: 'Grenade, rocket or missile',
  attackers: 'one',
  targets: 'many',
  fields: explosiveFields,
  defaults: explosiveDefaults,
  fromSheets: (context) => explosiveSheetValues(context).sheet.reading,
  problems: (setup, context) => buildExplosivePlan(setup, context).problems,
  odds(setup, context) {
    const built = buildExplosivePlan(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The blast cannot be rolled.' };
    return oddsOf(built.plan);
  },
  nextStage: (setup, context, rolled) =>
    neededStage(planOrThrow(setup, context), replay(planOrThrow(setup, context), rolled)),
  resolve: (setup, context, rolled) => resolveExplosive(planOrThrow(setup, context), rolled),
  fromTableRow(tableId, rowIndex) {
    if (!Number.isInteger(rowIndex) || rowIndex < 0) return null;
    if (tableId === 'sr4-blast') {
      const explosive = BLAST_ROWS[rowIndex];
      if (!explosive) return null;
      return { explosive, delivery: explosive.endsWith('missile') ? 'rocket' : 'standard' };
    }
    if (tableId === 'sr4-scatter') {
      const delivery = SCATTER_ROWS[rowIndex];
      return delivery ? { delivery } : null;
    }
    return null;
  },
};
