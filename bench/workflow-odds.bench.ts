// The roll panel's odds as the GM types: each workflow's odds() for the largest realistic setups,
// a new setup every call so no memo answers. Moved here from unit tests that timed themselves
// (a shared, noisy machine made them fail for reasons that were not the code's).
import type { Participant, ResolveContext, SetupValues } from '../shared/system-kit/workflow';
import type { Stats } from '../shared/system-kit/tracker-rules';
import { hardwareTracker } from '../shared/systems/hardware/tracker';
import { workflows as hardwareWorkflows } from '../shared/systems/hardware/workflows';
import { explosiveAttack } from '../shared/systems/shadowrun-4e/workflows/explosive';
import { meleeAttack as srMelee } from '../shared/systems/shadowrun-4e/workflows/melee';
import { rangedAttack as srRanged } from '../shared/systems/shadowrun-4e/workflows/ranged';
import { context, fighter } from '../shared/systems/shadowrun-4e/workflows/test-support';
import { meleeAttack as uesrpgMelee } from '../shared/systems/uesrpg-3e/workflows';
import { ctx as uesrpgCtx } from '../shared/systems/uesrpg-3e/workflows/fixtures.test-support';
import type { BenchSuite } from './harness';

let call = 0;

// Shadowrun: a street samurai's 12-skill pools against a wall of armour.
const samurai = fighter('Street Samurai', { agility: 12, reaction: 8, strength: 10, edge: 8 });
const wall = fighter('Wall', { body: 14, reaction: 10, ballistic: 20, impact: 16 });
const srContext = context(samurai, wall);
const srRangedBase: SetupValues = {
  ...srRanged.defaults(srContext),
  skill: 12,
  sight: 'smartlink',
  pushTheLimit: true,
  aimedActions: 4,
};

// Shadowrun: a rocket on twelve placed guards.
const guards = Array.from({ length: 12 }, (_, i) => fighter(`Guard ${i + 1}`, { body: 8, reaction: 6, impact: 10 }));
const rocketContext: ResolveContext = { attackers: [fighter('Gunner', { agility: 12 })], targets: guards, toggles: {} };
const rocketBase: SetupValues = {
  ...explosiveAttack.defaults(rocketContext),
  explosive: 'fragmentation-missile',
  delivery: 'rocket',
  skill: 12,
};

// UESRPG: 10d12 against a 10d12 counter-attack (the bestiary's Adventurer and Bandit).
const uesrpgContext = uesrpgCtx();
const uesrpgBase: SetupValues = {
  ...uesrpgMelee.defaults(uesrpgContext),
  defence: 'counter',
  damageDice: 10,
  damageDie: '12',
  counterDice: 10,
  counterDie: '12',
};

// Hardware: a mob of 50 punks on one drone.
const hardwareAttack = hardwareWorkflows.find((workflow) => workflow.id === 'hardware-attack')!;
const hardwareWho = (id: string, stats: Stats): Participant => ({
  combatantId: id,
  name: id,
  kind: 'npc',
  stats,
  health: hardwareTracker.initialHealth(stats, 'npc'),
  conditionIds: [],
});
const PUNK: Stats = { BOD: 8, AGL: 10, CTR: 7, stamina: 3, armor: 0, weaponDie: 6 };
const DRONE: Stats = { BOD: 14, AGL: 8, CTR: 14, stamina: 8, armor: 2, weaponDie: 8, hardened: true };
const mobContext: ResolveContext = {
  attackers: Array.from({ length: 50 }, (_, i) => hardwareWho(`Ganger ${i}`, PUNK)),
  targets: [hardwareWho('Drone', DRONE)],
  toggles: {},
};
const mobBase = hardwareAttack.defaults(mobContext);

const suite: BenchSuite = {
  title: 'Roll panel: odds of the largest realistic setups, a new setup every call (per call)',
  cases: [
    {
      name: 'Shadowrun ranged, 12 skill + smartlink + Edge vs a wall',
      run: () => {
        const i = call++;
        return srRanged.odds(
          { ...srRangedBase, otherModifier: (i % 40) - 20, dodge: i % 12, fullDefense: i % 2 === 0 },
          srContext,
        );
      },
      samples: 200,
    },
    {
      name: 'Shadowrun melee, 12 skill + Edge vs a wall',
      run: () => {
        const i = call++;
        return srMelee.odds(
          { ...srMelee.defaults(srContext), skill: 12, otherModifier: (i % 40) - 20, pushTheLimit: i % 2 === 0 },
          srContext,
        );
      },
      samples: 200,
    },
    {
      name: 'Shadowrun rocket on 12 placed targets',
      run: () => {
        const i = call++;
        return explosiveAttack.odds({ ...rocketBase, modifier: (i % 20) - 5, 't3.distance': i % 30 }, rocketContext);
      },
      samples: 50,
    },
    {
      name: 'UESRPG melee 10d12 vs a 10d12 counter-attack',
      run: () => {
        const i = call++;
        return uesrpgMelee.odds(
          { ...uesrpgBase, attackModifier: (i % 21) * 10 - 100, defenceModifier: (Math.floor(i / 21) % 100) - 50 },
          uesrpgContext,
        );
      },
      samples: 200,
    },
    {
      name: 'Hardware mob of 50 attackers on a drone (problems + odds)',
      run: () => {
        const i = call++;
        const setup = {
          ...mobBase,
          'a0.aimed': true,
          'a1.tags': 'piercing',
          'a2.edges': i % 11,
          'a3.edges': (i >> 2) % 11,
        };
        hardwareAttack.problems(setup, mobContext);
        return hardwareAttack.odds(setup, mobContext);
      },
      samples: 100,
    },
  ],
  targets: {
    'Shadowrun ranged, 12 skill + smartlink + Edge vs a wall': '< 2 ms',
    'Shadowrun melee, 12 skill + Edge vs a wall': '< 2 ms',
    'Shadowrun rocket on 12 placed targets': '< 25 ms',
    'UESRPG melee 10d12 vs a 10d12 counter-attack': '< 2 ms',
    'Hardware mob of 50 attackers on a drone (problems + odds)': '< 2 ms',
  },
};

export default suite;
