import { createSeededSource, rollDice, rollDie } from '../shared/dice/random';
import { attackOdds as esAttackOdds, resolveAttack as esResolveAttack } from '../shared/systems/electric-state';
import { attackCriticalOdds, resolveAttack as hwResolveAttack } from '../shared/systems/hardware';
import { attackOdds as srAttackOdds, resolveAttack as srResolveAttack } from '../shared/systems/shadowrun-4e';
import { combatOdds, resolveCombat } from '../shared/systems/uesrpg-3e';
import type { BenchSuite } from './harness';

const ATTACKS = 100_000;
const source = createSeededSource('rules-bench');
let call = 0;

// Odds inputs vary from call to call so a per-input cache cannot hide the real cost.
const oddsSuite: BenchSuite = {
  title: 'Rules: exact odds for the largest realistic pools (per call)',
  cases: [
    {
      name: 'Electric State 20 dice vs 20 (dodge), push, cover + armour',
      run: () =>
        esAttackOdds({ defense: 'dodge', attackDice: 20, defenseDice: 20 - (call++ % 3), weaponDamage: 3, coverLevel: 8, armorLevel: 6, push: 'if-failed' }),
      samples: 200,
    },
    {
      name: 'Electric State, a new pool size every call (cold caches)',
      run: () => {
        const n = call++;
        return esAttackOdds({ defense: 'dodge', attackDice: 12 + (n % 9), defenseDice: 8 + ((n >> 3) % 13), weaponDamage: 2, coverLevel: (n >> 5) % 9, armorLevel: 6, push: 'if-failed' });
      },
      samples: 200,
    },
    {
      name: 'Shadowrun 40 vs 40 dice, resistance 40',
      run: () => srAttackOdds({ attackDice: 40, defenseDice: 40 - (call++ % 3), dv: 10, damageType: 'P', ap: -2, armor: 12, resistDice: 40 }, true),
      samples: 200,
    },
    {
      name: 'Hardware 10 attackers + critical damage',
      run: () => attackCriticalOdds({ dice: [12, 12, 10, [8, 8], 8, 6, 6, [12, 10], 4, 12], cover: call++ % 3, armor: 2, stamina: 4, bod: 10 }),
      samples: 200,
    },
    {
      name: 'UESRPG combat roll (100 × 100 rolls, lucky numbers)',
      run: () => combatOdds({ tn: 60 + (call++ % 3), lucky: [7, 33], unlucky: [88, 99, 100] }, { type: 'counter', tn: 55, lucky: [11, 22], unlucky: [99] }),
      samples: 200,
    },
  ],
  targets: {
    'Electric State 20 dice vs 20 (dodge), push, cover + armour': '< 2 ms',
    'Electric State, a new pool size every call (cold caches)': '< 2 ms',
    'Shadowrun 40 vs 40 dice, resistance 40': '< 2 ms',
    'Hardware 10 attackers + critical damage': '< 2 ms',
  },
};

/** 100,000 attacks per system: dice rolled with a seeded source, then resolved by the rules. */
const throughputSuite: BenchSuite = {
  title: `Rules: resolve ${ATTACKS.toLocaleString('en-US')} attacks end to end (roll + resolve)`,
  cases: [
    {
      name: 'Electric State (7 dice vs stand tall, armour 4)',
      run: () => {
        for (let i = 0; i < ATTACKS; i++) {
          esResolveAttack({ defense: 'stand-tall', attackDice: rollDice(source, 7, 6), weaponDamage: 2, armorDice: rollDice(source, 4, 6) });
        }
      },
      samples: 5,
      warmup: 1,
      unitsPerRun: ATTACKS,
      unitName: 'attacks',
    },
    {
      name: 'UESRPG (attack vs parry)',
      run: () => {
        for (let i = 0; i < ATTACKS; i++) {
          resolveCombat({ tn: 55, roll: rollDie(source, 100) }, { type: 'parry', tn: 50, roll: rollDie(source, 100) });
        }
      },
      samples: 5,
      warmup: 1,
      unitsPerRun: ATTACKS,
      unitName: 'attacks',
    },
    {
      name: 'Shadowrun (12 vs 9 dice, resist 8)',
      run: () => {
        for (let i = 0; i < ATTACKS; i++) {
          srResolveAttack(
            { attackDice: rollDice(source, 12, 6), defenseDice: rollDice(source, 9, 6), dv: 6, damageType: 'P', ap: -1, armor: 6, resistDice: rollDice(source, 8, 6) },
            { glitch: 'sr4', stunWhenEqual: true },
          );
        }
      },
      samples: 5,
      warmup: 1,
      unitsPerRun: ATTACKS,
      unitName: 'attacks',
    },
    {
      name: 'Hardware (3 attackers, armour 1)',
      run: () => {
        for (let i = 0; i < ATTACKS; i++) {
          hwResolveAttack({
            attackers: [{ dice: [{ face: rollDie(source, 8), sides: 8 }] }, { dice: [{ face: rollDie(source, 6), sides: 6 }] }, { dice: [{ face: rollDie(source, 6), sides: 6 }] }],
            armor: 1,
          });
        }
      },
      samples: 5,
      warmup: 1,
      unitsPerRun: ATTACKS,
      unitName: 'attacks',
    },
  ],
};

export default async (): Promise<BenchSuite[]> => [oddsSuite, throughputSuite];
