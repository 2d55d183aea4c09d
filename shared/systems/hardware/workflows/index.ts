import type { ResolveWorkflow } from '../../../system-kit/workflow';
import { attackWorkflow } from './attack';
import { blastWorkflow } from './blast';

/** This system's roll-panel workflows: several attackers on one foe, then one blast on several. */
export const workflows: readonly ResolveWorkflow[] = [attackWorkflow, blastWorkflow];
