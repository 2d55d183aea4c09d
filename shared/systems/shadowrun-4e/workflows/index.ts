import type { ResolveWorkflow } from '../../../system-kit/workflow';
import { chaseStunt } from './chase-stunt';
import { explosiveAttack } from './explosive';
import { meleeAttack } from './melee';
import { rammingAttack } from './ramming';
import { rangedAttack } from './ranged';
import { surpriseTest } from './surprise';
import { vehicleWeaponAttack } from './vehicle-weapon';

/** This system's roll-panel workflows. */
export const workflows: readonly ResolveWorkflow[] = [
  rangedAttack,
  meleeAttack,
  explosiveAttack,
  vehicleWeaponAttack,
  rammingAttack,
  chaseStunt,
  surpriseTest,
];

export { meleeWeaponTable, rangedWeaponTable, MELEE_WEAPONS, RANGED_WEAPONS } from '../weapons';
