import type { ResolveWorkflow } from '../../../system-kit/workflow';
import { attackWorkflow } from './attack';
import { blastWorkflow } from './blast';
import { fullAutoWorkflow } from './full-auto';
import { taserWorkflow } from './taser';

/** This system's roll-panel workflows, in the order the panel offers them. */
export const workflows: readonly ResolveWorkflow[] = [attackWorkflow, taserWorkflow, fullAutoWorkflow, blastWorkflow];
