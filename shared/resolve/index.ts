import type { RuleRef, SystemId } from '../systems/contract';
import { sheetSourcesStep } from './sheet-sources';
import type { ResolveWorkflow } from './contract';
import { workflows as electricState } from '../systems/electric-state/workflows';
import { workflows as hardware } from '../systems/hardware/workflows';
import { workflows as shadowrun } from '../systems/shadowrun-4e/workflows';
import { workflows as uesrpg } from '../systems/uesrpg-3e/workflows';

/** The rule each system's "where the numbers came from" step cites: its attack procedure. */
const SHEET_RULES: Readonly<Record<SystemId, RuleRef>> = {
  'electric-state': { section: 'Weapons Table', source: 'default' },
  'uesrpg-3e': { section: 'The combat roll › Step 1: Attack', source: 'seed' },
  'shadowrun-4e': { section: 'Resolving an Attack', source: 'default' },
  hardware: { section: 'Attacking & Damage', source: 'default' },
};

/**
 * A workflow whose explanation starts with where its numbers came from: which values it took
 * from the participants' sheets and which the GM set for this roll instead.
 */
export function withSheetSources(workflow: ResolveWorkflow): ResolveWorkflow {
  const { fromSheets } = workflow;
  if (!fromSheets) return workflow;
  return {
    ...workflow,
    resolve(setup, context, rolled) {
      const resolution = workflow.resolve(setup, context, rolled);
      const step = sheetSourcesStep(
        fromSheets(context, setup),
        setup,
        workflow.fields(context),
        SHEET_RULES[workflow.systemId],
      );
      return step ? { ...resolution, steps: [step, ...resolution.steps] } : resolution;
    },
  };
}

/** The roll panel's workflows per rule system, in the order the panel offers them. */
export const resolveWorkflows: Readonly<Record<SystemId, readonly ResolveWorkflow[]>> = {
  'electric-state': electricState.map(withSheetSources),
  'uesrpg-3e': uesrpg.map(withSheetSources),
  'shadowrun-4e': shadowrun.map(withSheetSources),
  hardware: hardware.map(withSheetSources),
};

export type * from './contract';
