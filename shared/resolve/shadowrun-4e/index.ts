import type { ResolveWorkflow } from '../contract';
import { chaseStunt } from './chase-stunt';
import { explosiveAttack } from './explosive';
import { meleeAttack } from './melee';
import { rangedAttack } from './ranged';

/** This system's roll-panel workflows. */
export const workflows: readonly ResolveWorkflow[] = [rangedAttack, meleeAttack, explosiveAttack, chaseStunt];

export { meleeWeaponTable, rangedWeaponTable, MELEE_WEAPONS, RANGED_WEAPONS } from '../../systems/shadowrun-4e/weapons';
