import { describe, expect, it } from 'vitest';
import { createSeededSource } from '../dice/random';
import { rollGroups } from '../dice/record';
import { FAKE_SYSTEM_ID, eventMaker, initiativeEntry } from '../encounter/fake-rules.test-support';
import { append, openHistory } from '../encounter/history';
import { buildLogEntries } from '../encounter/log-view';
import { casesOf, runCase } from '../conformance/runner';
import { createReferenceIndex, referenceCatalog } from '../reference/catalog';
import { isRulesError } from '../errors';
import { lookupOver } from '../system-kit/rules-lookup';
import { SYSTEM_IDS } from '../system-kit/rule-system';
import type { SystemModule } from '../system-kit/system-module';
import type { ResolveContext, SetupValues } from '../system-kit/workflow';
import { clubBlow, fakeEntry, fakeModule, fakeProfile } from './fake-system.test-support';
import { createSystemRegistry, loadSystem, systemRegistry } from './registry';
import { loadRuleSystems } from './rule-systems';
import { systemIds, systemProfiles } from './profiles';

const rejection = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a rejection');
};

describe('the app registry', () => {
  it('lists the four systems in order, and the profiles come from it', () => {
    expect(systemRegistry.entries.map((e) => e.profile.id)).toEqual(['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware']);
    expect(systemIds).toEqual(['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware']);
    expect(systemProfiles).toEqual(systemRegistry.entries.map((e) => e.profile));
  });

  it.each(systemIds)('%s: its module is one whole system, every part of it labelled with its id', async (id) => {
    const module = await loadSystem(id);
    expect(module.profile).toBe(systemRegistry.entries.find((e) => e.profile.id === id)!.profile);
    expect(module.tracker.systemId).toBe(id);
    expect(module.workflows.length).toBeGreaterThan(0);
    expect(new Set(module.workflows.map((w) => w.systemId))).toEqual(new Set([id]));
    expect(new Set(module.tables.map((t) => t.system))).toEqual(new Set([id]));
    expect(new Set(module.presets.map((p) => p.systemId))).toEqual(new Set([id]));
    expect(module.summaries.length).toBeGreaterThan(0);
    expect(Object.keys(await module.operations()).length).toBeGreaterThan(0);
  });

  it('lists a module for every stored system id, in their order', () => {
    expect(systemRegistry.entries.map((e) => e.profile.id)).toEqual([...SYSTEM_IDS]);
  });

  it('only Shadowrun runs chases, with the book\'s terrain thresholds', async () => {
    const chases = Object.fromEntries(
      await Promise.all(systemIds.map(async (id) => [id, (await loadSystem(id)).tracker.chase ?? null] as const)),
    );
    expect(chases).toEqual({
      'electric-state': null,
      'uesrpg-3e': null,
      'shadowrun-4e': { terrainThresholds: { open: 1, light: 2, restricted: 3, tight: 4 } },
      hardware: null,
    });
  });

  it('loads a module once and hands out the same object', async () => {
    expect(await loadSystem('hardware')).toBe(await loadSystem('hardware'));
  });

  it('refuses an id it does not list, naming the known ones', async () => {
    expect(await rejection(systemRegistry.load('gurps' as never))).toBe(
      'Unknown rule system "gurps". Known: electric-state, uesrpg-3e, shadowrun-4e, hardware.',
    );
  });
});

describe('a registry', () => {
  it('refuses a system listed twice', () => {
    expect(() => createSystemRegistry([fakeEntry, fakeEntry])).toThrow('The rule system "fake" is listed twice.');
  });

  it('refuses a module loaded under another system’s entry', async () => {
    const hardware = await loadSystem('hardware');
    const wrong = createSystemRegistry([{ profile: fakeProfile, load: async () => hardware }]);
    const message = await rejection(wrong.load(FAKE_SYSTEM_ID));
    expect(message).toBe('The rules loaded for "fake" are those of "hardware".');
  });

  it('tries a failed load again next time, and keeps a loaded one', async () => {
    let calls = 0;
    const flaky = createSystemRegistry([
      {
        profile: fakeProfile,
        load: async () => {
          calls++;
          if (calls === 1) throw new Error('The chunk did not arrive.');
          return fakeModule;
        },
      },
    ]);
    expect(await rejection(flaky.load(FAKE_SYSTEM_ID))).toBe('The chunk did not arrive.');
    expect(await flaky.load(FAKE_SYSTEM_ID)).toBe(fakeModule);
    expect(await flaky.load(FAKE_SYSTEM_ID)).toBe(fakeModule);
    expect(calls).toBe(2);
  });
});

describe('a fifth system plugged in through the registry', () => {
  const registry = createSystemRegistry([...systemRegistry.entries, fakeEntry]);
  const loaded = (): Promise<readonly SystemModule[]> => registry.loadAll();

  it('runs an encounter: presets in, initiative, a club blow resolved from the roll panel and applied, the turn spent', async () => {
    const modules = await loaded();
    expect(modules.map((m) => m.profile.id)).toEqual(['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware', 'fake']);
    const lookup = lookupOver(modules);
    const fake = await registry.load(FAKE_SYSTEM_ID);
    const [brute, hero] = fake.presets;
    const ev = eventMaker();
    let history = openHistory([ev({ type: 'encounter-created', encounterId: 'e', name: 'Alley', systemId: FAKE_SYSTEM_ID })], lookup);
    const add = (input: Parameters<typeof ev>[0]) => (history = append(history, ev(input), lookup));
    add({ type: 'combatant-added', combatant: { id: 'hero', name: hero!.name, kind: hero!.kind, side: 'party', stats: hero!.stats, weapons: hero!.weapons } });
    add({ type: 'combatant-added', combatant: { id: 'brute', name: brute!.name, kind: brute!.kind, side: 'opponents', stats: brute!.stats } });
    add({ type: 'encounter-started' });
    add({ type: 'initiative-rolled', entries: [initiativeEntry('hero', ['hero'], 9), initiativeEntry('brute', ['brute'], 3)], rolls: [] });
    expect(history.state.current?.combatantId).toBe('hero');

    // The roll panel's part: the workflow from the module, the context from the tracker's state.
    const [workflow] = fake.workflows;
    expect(workflow).toBe(clubBlow);
    const participant = (id: string) => {
      const c = history.state.combatants.find((x) => x.id === id)!;
      return { combatantId: c.id, name: c.name, kind: c.kind, stats: c.stats, health: c.health, conditionIds: [] };
    };
    const context: ResolveContext = { attackers: [participant('hero')], targets: [participant('brute')], toggles: {} };
    const setup = { ...workflow!.defaults(context), ...workflow!.fromTableRow('fake-weapons', 0) } as SetupValues;
    expect(setup).toEqual({ bonus: 2 });
    const stage = workflow!.nextStage(setup, context, [])!;
    const roll = rollGroups(createSeededSource('club'), [{ count: stage.count, sides: stage.sides }], {
      id: 'r1',
      at: '2026-11-29T12:00:00.000Z',
      roller: 'Hero',
      reason: stage.label,
    });
    const faces = roll.groups[0]!.faces;
    const rolled = [{ stageId: stage.id, groups: [{ id: stage.id, sides: stage.sides, faces }], source: roll.source }];
    expect(workflow!.nextStage(setup, context, rolled)).toBeNull();
    const resolution = workflow!.resolve(setup, context, rolled);
    const damage = faces[0]! + 2;
    expect(resolution.summary).toBe(`Hero clubbed Brute: ${damage} damage`);

    add({
      type: 'roll-applied',
      roll,
      summary: resolution.summary,
      actorId: 'hero',
      effects: [{ combatantId: 'brute', harm: resolution.effects[0]!.harm! }],
      operation: workflow!.id,
      result: resolution.result,
      spends: [{ combatantId: 'hero', actionId: 'attack' }],
    });
    const bruteNow = history.state.combatants.find((c) => c.id === 'brute')!;
    expect(bruteNow.health).toEqual({ hp: Math.max(0, 8 - damage), lastStandRound: 0 });
    // The attack was this turn's one action: a second is refused with the fake economy's sentence.
    expect(() => add({ type: 'action-taken', combatantId: 'hero', actionId: 'attack' })).toThrow(/action/);
    add({ type: 'turn-advanced' });
    expect(history.state.current?.combatantId).toBe('brute');

    const log = buildLogEntries(history.events, lookup);
    expect(log.map((entry) => entry.type)).toEqual([
      'encounter-created',
      'combatant-added',
      'combatant-added',
      'encounter-started',
      'initiative-rolled',
      'roll-applied',
      'turn-advanced',
    ]);
    expect(log[5]!.text).toContain(`Hero clubbed Brute: ${damage} damage`);
  });

  it('the other systems keep their own rules beside it, and an unknown id is still refused', async () => {
    const lookup = lookupOver(await loaded());
    expect(lookup.tracker('hardware').systemId).toBe('hardware');
    expect(lookup.system(FAKE_SYSTEM_ID).label).toBe('Fake');
    let caught: unknown;
    try {
      lookup.tracker('gurps' as never);
    } catch (error) {
      caught = error;
    }
    expect(isRulesError(caught) && caught.message).toBe('The rules of "gurps" are not loaded.');
  });

  it('the quick reference finds its table and summary among the others', async () => {
    const catalog = referenceCatalog(await loaded());
    expect(catalog.systems.at(-1)).toBe('fake');
    expect(catalog.findTable('fake-weapons')).toBe(await registry.load(FAKE_SYSTEM_ID).then((m) => m.tables[0]));
    expect(catalog.findSummary(FAKE_SYSTEM_ID, 'Fake combat')?.text).toBe(
      'A club blow deals a d6 plus its bonus. The target loses that many HP.',
    );
    const hits = createReferenceIndex(catalog).search({ text: 'cudgel', system: FAKE_SYSTEM_ID });
    expect(hits.map((hit) => hit.key)).toEqual(['table:fake-weapons']);
  });

  it('its conformance operations run through the same runner', async () => {
    const systems = await loadRuleSystems(registry);
    expect(systems.map((s) => s.id)).toEqual(['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware', 'fake']);
    const [passing, failing] = casesOf([
      { id: 'fake-1', system: 'fake', op: 'fake-damage', input: { face: 4, bonus: 2 }, expect: { damage: 6 } },
      { id: 'fake-2', system: 'fake', op: 'fake-damage', input: { face: 4, bonus: 2 }, expect: { damage: 7 } },
    ]);
    expect(runCase(systems, passing).passed).toBe(true);
    expect(runCase(systems, failing).passed).toBe(false);
  });
});
