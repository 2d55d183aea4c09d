// One attack roll of one weapon at one target, shared by the Attack, Taser and Full auto workflows:
// its plan, its dice stages, and its outcome and odds, each in a file of its own.
export * from './shot-plan';
export * from './shot-stages';
export * from './shot-outcome';
