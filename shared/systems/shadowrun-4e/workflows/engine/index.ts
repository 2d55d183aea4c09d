/**
 * The attack procedure both workflows share once their setup is turned into numbers: the
 * Opposed Test (attack, Rule of Six rerolls, defence), the armour comparison, the Damage
 * Resistance Test, the damage on the target's monitors; its stages, exact odds and resolution.
 */

export { armourAfter, soakDice, STAGE, type AttackPlan } from './plan';
export { nextStageOf } from './stages';
export { oddsOf } from './odds';
export { resolveOf } from './resolution';
