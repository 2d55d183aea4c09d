// A small fifth game system, plugged in through the registry as a real one would be: the fake
// tracker of the encounter model's tests (HP, d6 + INIT, one action a turn), one roll-panel
// workflow, one table, one summary, two presets and one conformance operation.
import { RulesError } from '../errors';
import { createFakeLookup, createFakeTracker, FAKE_SYSTEM_ID } from '../encounter/fake-rules.test-support';
import { armed, preset } from '../system-kit/presets';
import type { Operation, ReferenceTable, SystemProfile } from '../system-kit/rule-system';
import type { SystemModule } from '../system-kit/system-module';
import type { ResolveWorkflow } from '../system-kit/workflow';
import type { SystemEntry } from './registry';

const CLUB_RULE = { section: 'Fake combat', source: 'seed' } as const;

export const fakeProfile: SystemProfile = createFakeLookup().system(FAKE_SYSTEM_ID);

/** "Club blow": the attacker rolls a d6 and adds the bonus; the target loses that many HP. */
export const clubBlow: ResolveWorkflow = {
  id: 'fake.club',
  systemId: FAKE_SYSTEM_ID,
  label: 'Club blow',
  attackers: 'one',
  targets: 'one',
  fields: () => [{ id: 'bonus', kind: 'number', label: 'Bonus', group: 'attack', min: 0, max: 6, rule: CLUB_RULE }],
  defaults: () => ({ bonus: 0 }),
  problems: (setup) => (typeof setup.bonus === 'number' && setup.bonus >= 0 && setup.bonus <= 6 ? [] : ['Bonus must be 0–6.']),
  odds: (setup) => ({ figures: [{ label: 'Average damage', value: 3.5 + Number(setup.bonus), format: 'number' }] }),
  nextStage: (_setup, context, rolled) =>
    rolled.length === 0 ? { id: 'damage', label: 'Damage: d6', roller: context.attackers[0]?.name ?? 'Attacker', count: 1, sides: 6 } : null,
  resolve(setup, context, rolled) {
    const face = rolled.find((stage) => stage.stageId === 'damage')?.groups[0]?.faces[0];
    if (face === undefined) throw new RulesError('invalid-input', 'Roll the damage first.');
    const amount = face + Number(setup.bonus);
    const [attacker, target] = [context.attackers[0]!, context.targets[0]!];
    return {
      steps: [{ text: `d6 ${face} + ${String(setup.bonus)} = ${amount} damage.`, rule: CLUB_RULE }],
      summary: `${attacker.name} clubbed ${target.name}: ${amount} damage`,
      effects: [{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount } }],
      followUps: [],
      result: { damage: amount },
      spends: [{ on: { side: 'attackers', index: 0 }, actionId: 'attack' }],
    };
  },
  fromTableRow: (tableId, rowIndex) => (tableId === 'fake-weapons' && rowIndex === 0 ? { bonus: 2 } : null),
};

export const fakeTable: ReferenceTable = {
  id: 'fake-weapons',
  system: FAKE_SYSTEM_ID,
  title: 'Fake weapons',
  section: 'Fake combat',
  columns: [
    { key: 'name', label: 'Weapon' },
    { key: 'bonus', label: 'Bonus', numeric: true },
  ],
  rows: [{ cells: { name: 'Club', bonus: 2 }, keywords: ['cudgel'] }],
  footnotes: [],
};

/** `fake-damage`: the damage of a club blow from its face and bonus. */
const fakeDamage: Operation = (input) => {
  const { face, bonus } = input as { face: number; bonus: number };
  return { damage: face + bonus };
};

export const fakeModule: SystemModule = {
  profile: fakeProfile,
  tracker: createFakeTracker(),
  workflows: [clubBlow],
  tables: [fakeTable],
  summaries: [{ section: 'Fake combat', source: 'seed', text: 'A club blow deals a d6 plus its bonus. The target loses that many HP.' }],
  bookNotes: [],
  presets: [
    preset(FAKE_SYSTEM_ID, 'brute', 'Brute', 'npc', { hp: 8, init: 1 }, 'Carries a club.'),
    armed(preset(FAKE_SYSTEM_ID, 'hero', 'Hero', 'pc', { hp: 12, init: 4 }, 'Swings a club.'), {
      id: 'w1',
      name: 'Club',
      row: { tableId: 'fake-weapons', rowIndex: 0 },
      values: { damage: 2 },
    }),
  ],
  operations: async () => ({ 'fake-damage': fakeDamage }),
};

export const fakeEntry: SystemEntry = { profile: fakeProfile, load: async () => fakeModule };
