import type { SystemId } from '../systems/contract';
import type { ResolveWorkflow } from './contract';
import { workflows as electricState } from './electric-state';
import { workflows as hardware } from './hardware';
import { workflows as shadowrun } from './shadowrun-4e';
import { workflows as uesrpg } from './uesrpg-3e';

/** The roll panel's workflows per rule system, in the order the panel offers them. */
export const resolveWorkflows: Readonly<Record<SystemId, readonly ResolveWorkflow[]>> = {
  'electric-state': electricState,
  'uesrpg-3e': uesrpg,
  'shadowrun-4e': shadowrun,
  hardware,
};

export type * from './contract';
