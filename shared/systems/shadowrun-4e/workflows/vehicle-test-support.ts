import { fighter } from './test-support';

/** Participants of the vehicle workflows' tests: a crewed car, an autonomous drone, an armoured truck, people. */

/** A crewed sedan: Body 10, Armor 6, Handling 0, Speed 120. */
export const CAR = fighter('Sedan', {
  vehicle: true,
  autonomous: false,
  body: 10,
  vehicleArmor: 6,
  handling: 0,
  speed: 120,
  pilot: 1,
  sensor: 1,
  response: 1,
});
/** An autonomous patrol drone: Body 3, Armor 3, Handling +1, Speed 60, Pilot 3, Sensor 3, Response 3. */
export const DRONE = fighter('Drone', {
  vehicle: true,
  autonomous: true,
  body: 3,
  vehicleArmor: 3,
  handling: 1,
  speed: 60,
  pilot: 3,
  sensor: 3,
  response: 3,
});
/** A crewed armoured truck whose Armor 9 stops most small arms. */
export const TANK = fighter('Tank', {
  vehicle: true,
  autonomous: false,
  body: 16,
  vehicleArmor: 9,
  handling: -1,
  speed: 80,
  pilot: 1,
  sensor: 2,
  response: 1,
});
/** A rigger with Gunnery 4 on the sheet. */
export const GUNNER = fighter('Rigger', { agility: 4, reaction: 4, gunnery: 4 });
/** A runner: Body 4, Reaction 4, Ballistic 8, Impact 6, Dodge 2 on the sheet. */
export const RUNNER = fighter('Ghost', { body: 4, reaction: 4, ballistic: 8, impact: 6, dodge: 2 });
