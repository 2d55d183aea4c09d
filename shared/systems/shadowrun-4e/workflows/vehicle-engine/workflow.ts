import { RulesError } from '../../../../errors';
import type {
  FieldDef,
  ResolveContext,
  ResolveWorkflow,
  SetupValues,
  SheetReading,
} from '../../../../system-kit/workflow';
import { memoizeBySetup } from '../../../../system-kit/memo';
import { vehicleOdds } from './odds';
import { type VehiclePlan } from './plan';
import { vehicleResolve } from './resolution';
import { vehicleNextStage } from './stages';

/** A vehicle roll's plan, or why it cannot be made. */
export interface VehicleBuilt {
  readonly problems: readonly string[];
  readonly plan: VehiclePlan | null;
}

/**
 * The workflow of a vehicle roll (the gunnery attack, the ram): its own fields, defaults, sheet
 * reading and plan; the stages, odds and resolution are this engine's, the same for every one.
 */
export function vehicleWorkflow(spec: {
  readonly id: string;
  readonly label: string;
  readonly fields: readonly FieldDef[];
  readonly defaults: (context: ResolveContext) => SetupValues;
  readonly buildPlan: (setup: SetupValues, context: ResolveContext) => VehicleBuilt;
  readonly readSheets: (context: ResolveContext) => SheetReading;
  /** Said when the roll cannot be made and the plan names no reason. */
  readonly cannot: string;
}): ResolveWorkflow {
  const build = memoizeBySetup(spec.buildPlan);
  const planOrThrow = (setup: SetupValues, context: ResolveContext): VehiclePlan => {
    const built = build(setup, context);
    if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? spec.cannot);
    return built.plan;
  };
  return {
    id: spec.id,
    systemId: 'shadowrun-4e',
    label: spec.label,
    attackers: 'one',
    targets: 'one',
    fields: () => spec.fields,
    defaults: spec.defaults,
    problems: (setup, context) => build(setup, context).problems,
    odds(setup, context) {
      const built = build(setup, context);
      if (!built.plan) return { figures: [], note: built.problems[0] ?? spec.cannot };
      return vehicleOdds(built.plan);
    },
    nextStage: (setup, context, rolled) => vehicleNextStage(planOrThrow(setup, context), rolled),
    resolve: (setup, context, rolled) => vehicleResolve(planOrThrow(setup, context), rolled),
    fromTableRow: () => null,
    fromSheets: spec.readSheets,
  };
}
