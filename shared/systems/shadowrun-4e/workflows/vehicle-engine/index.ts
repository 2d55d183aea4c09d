/**
 * The procedure the vehicle workflows share: an Opposed Test (attack or ramming Vehicle Test
 * against the defence), then each side that takes damage resists it — a vehicle with Body + Armor
 * under the book's vehicle rules, a person with Body + armour as in any attack. Ramming adds the
 * rammer's own damage, which does not grow with net hits. Stages, exact odds and the resolution.
 */

export { hitOn, VEHICLE_STAGE, type ComponentShot, type Resister, type VehiclePlan } from './plan';
export { vehicleNextStage } from './stages';
export { vehicleOdds } from './odds';
export { componentOutcome, land, vehicleResolve, type Landed } from './resolution';
export { vehicleWorkflow, type VehicleBuilt } from './workflow';
