import type { ResolveWorkflow } from '../contract';

/** This system's roll-panel workflows. */
export const workflows: readonly ResolveWorkflow[] = [];
