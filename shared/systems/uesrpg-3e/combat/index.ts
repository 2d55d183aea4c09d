// The UESRPG 3e combat rules, one file per part of the seed's chapter: hit location, the
// combat roll (attack against defence), block / damage modifiers / ranged TN, and unarmed
// combat and grappling.
export * from './hit-location';
export * from './exchange';
export * from './block-damage-range';
export * from './unarmed-and-grapple';
