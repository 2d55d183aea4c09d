import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSeededSource, rollDice } from '../../../shared/dice/random';
import type { EncounterEvent } from '../../../shared/encounter/events';
import { initiativeParticipants } from '../../../shared/encounter/reducer';
import { setPanelSchedule, runNow, type Schedule } from '../ui/afterPaint';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { loadEncounter } from '../db/encounter-repository';
import { setRandomSource } from '../platform/random';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { useResolveStore } from './resolve-store';
import { useSettingsStore } from '../settings/settings-store';

vi.mock('../systems/loaded-systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../systems/loaded-systems')>();
  const { fakeShot, fakeVolley, fakeSheetShot, fakeShove } = await import('../../test/resolve.test-support');
  return {
    ...real,
    workflowsOf: (id: string) => ({ 'electric-state': [fakeShot, fakeVolley, fakeSheetShot, fakeShove], 'uesrpg-3e': [], 'shadowrun-4e': [], hardware: [] } as Record<string, readonly unknown[]>)[id] ?? [],
  };
});

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-resolve-test-${n++}`));
  setRandomSource(createSeededSource('resolve-test'));
});

const ghost = { strength: 3, agility: 4, wits: 3, empathy: 2, armor: 0 };
const ganger = { strength: 3, agility: 2, wits: 2, empathy: 1, armor: 1 };

/** An Electric State fight under way: Ghost (party) acts first against two gangers. */
async function runningFight() {
  const id = await useEncountersStore().create('Warehouse', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  await encounter.dispatch({
    type: 'combatant-added',
    combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: ghost },
  });
  await encounter.dispatch({
    type: 'combatant-added',
    combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: ganger },
  });
  await encounter.dispatch({
    type: 'combatant-added',
    combatant: { id: 'g2', name: 'Ganger 2', kind: 'npc', side: 'opponents', stats: ganger, hidden: true },
  });
  await encounter.dispatch({ type: 'encounter-started' });
  const rules = encounter.tracker!;
  const entries = initiativeParticipants(encounter.state!, rules).map((p) =>
    rules.initiative.score(
      p,
      Array(rules.initiative.dice(p, encounter.state!.toggles).count).fill(p.id === 'party' ? 6 : 1),
      encounter.state!.toggles,
    ),
  );
  expect(await encounter.dispatch({ type: 'initiative-rolled', entries, rolls: [] })).toBe(true);
  expect(encounter.state!.current?.combatantId).toBe('ghost');
  return { encounter, id: id!, resolve: useResolveStore() };
}

async function storedEvents(id: string): Promise<EncounterEvent[]> {
  return (await loadEncounter(getDatabase(), id))!.events;
}

describe('resolve store: following the encounter', () => {
  it('follows a change a frame behind the tracker, but acts on the current state', async () => {
    const { encounter, resolve } = await runningFight();
    const planned: (() => void)[] = [];
    const later: Schedule = (work) => void planned.push(work);
    setPanelSchedule(later);
    try {
      expect(resolve.actingId).toBe('ghost');
      expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(true);
      const next = encounter.state!.current?.combatantId;
      expect(next).not.toBe('ghost');
      // Not yet: the roll panel updates once the tracker has painted.
      expect(resolve.actingId).toBe('ghost');
      expect(planned).toHaveLength(1);
      planned.shift()!();
      expect(resolve.actingId).toBe(next);

      // An action catches up at once: choosing someone who joined a moment ago works.
      await encounter.dispatch({
        type: 'combatant-added',
        combatant: { id: 'g3', name: 'Ganger 3', kind: 'npc', side: 'opponents', stats: ganger },
      });
      expect(resolve.shownState?.combatants.some((c) => c.id === 'g3')).toBe(false);
      expect(resolve.choose('targets', ['g3'])).toBe(true);
      expect(resolve.targetIds).toEqual(['g3']);
    } finally {
      setPanelSchedule(runNow);
    }
  });
});

describe('resolve store: setup', () => {
  it('follows the open encounter’s system, else the settings, and says when a system has no workflows', async () => {
    const resolve = useResolveStore();
    await useSettingsStore().selectSystem('hardware');
    expect(resolve.systemId).toBe('hardware');
    expect(resolve.workflow).toBeNull();
    expect(resolve.rollBlocker).toBe('Hardware RPG (playtest v0.1) has no roll workflows yet.');
    await useSettingsStore().selectSystem('electric-state');
    expect(resolve.workflows.map((w) => w.id)).toEqual(['fake-shot', 'fake-volley', 'fake-sheet-shot', 'fake-shove']);
    expect(resolve.workflow?.id).toBe('fake-shot');
  });

  it('without an encounter both sides are typed ad hoc from the system’s default stats, and odds show', async () => {
    await useSettingsStore().selectSystem('electric-state');
    const resolve = useResolveStore();
    expect(resolve.modeOf('attackers')).toBe('adhoc');
    expect(resolve.context.attackers[0]!.name).toBe('Ad-hoc attacker');
    expect(resolve.context.attackers[0]).not.toHaveProperty('combatantId');
    resolve.setAdhoc('attackers', { name: 'Sniper', stats: { ...resolve.sides.attackers.adhoc.stats, agility: 5 } });
    expect(resolve.context.attackers[0]!.name).toBe('Sniper');
    expect(resolve.odds?.figures[0]).toMatchObject({ label: 'Hit', value: expect.closeTo(1 - (5 / 6) ** 5, 9) });
    resolve.setAdhoc('targets', { problems: ['Strength must be from 1 to 5.'] });
    expect(resolve.problems).toContain('Ad-hoc target: Strength must be from 1 to 5.');
    expect(resolve.odds).toBeNull();
  });

  it('defaults to the combatant acting now against the first visible foe, built from the encounter', async () => {
    const { encounter, resolve } = await runningFight();
    await encounter.dispatch({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } });
    expect(resolve.attackerIds).toEqual(['ghost']);
    expect(resolve.targetIds).toEqual(['g1']);
    const target = resolve.context.targets[0]!;
    expect(target).toMatchObject({
      combatantId: 'g1',
      name: 'Ganger 1',
      kind: 'npc',
      stats: ganger,
      removed: false,
      conditionIds: [],
    });
    expect(target.health).toEqual(encounter.state!.combatants.find((c) => c.id === 'g1')!.health);
    resolve.choose('targets', ['g2']);
    expect(resolve.context.targets.map((p) => p.name)).toEqual(['Ganger 2']);
    expect(resolve.choose('targets', ['nobody'])).toBe(false);
    expect(resolve.actionError).toMatch(/not in the open encounter/);
  });

  it('keeps the same context (and odds) when an event changes nobody in the roll', async () => {
    const { encounter, resolve } = await runningFight();
    const context = resolve.context;
    const odds = resolve.odds;
    await encounter.dispatch({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 1 } });
    expect(resolve.context).toBe(context);
    expect(resolve.odds).toBe(odds);
    await encounter.dispatch({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } });
    expect(resolve.context).not.toBe(context);
  });

  it('takes one participant per side unless the workflow takes many', async () => {
    const { resolve } = await runningFight();
    resolve.choose('targets', ['g1', 'g2']);
    expect(resolve.targetIds).toEqual(['g1']);
    resolve.selectWorkflow('fake-volley');
    expect(resolve.targetIds).toEqual(['g1', 'g2']);
  });

  it('recomputes problems and odds on every change; an impossible combination blocks the roll', async () => {
    const { resolve } = await runningFight();
    expect(resolve.setup).toEqual({ weapon: 'pistol', range: 'close', bonus: 0, aimed: false });
    const closeOdds = resolve.odds!.figures[0]!.value;
    expect(resolve.setValue('aimed', true)).toBe(true);
    expect(resolve.odds!.figures[0]!.value).toBeGreaterThan(closeOdds);
    resolve.setValue('weapon', 'knife');
    resolve.setValue('range', 'long');
    expect(resolve.problems).toEqual(['A knife cannot reach Long range.']);
    expect(resolve.odds).toBeNull();
    expect(resolve.rollBlocker).toBe('A knife cannot reach Long range.');
    expect(resolve.rollStage()).toBe(false);
    expect(resolve.rolled).toHaveLength(0);
  });

  it("takes the sheet's values again when another attacker is chosen, keeping the GM's other changes", async () => {
    const { encounter, resolve } = await runningFight();
    await encounter.dispatch({ type: 'combatant-edited', combatantId: 'g2', stats: { wits: 4 } });
    resolve.selectWorkflow('fake-sheet-shot');
    // Ghost's Wits 3 gives bonus 1.
    expect(resolve.setup).toEqual({ weapon: 'pistol', range: 'close', bonus: 1, aimed: false });
    expect(resolve.setValue('bonus', '-2')).toBe(true);
    expect(resolve.setValue('aimed', true)).toBe(true);
    expect(resolve.setup.bonus).toBe(-2);
    // Ganger 2 (Wits 4) attacks instead: the bonus is Ganger 2's; "aimed" was the GM's and stays.
    expect(resolve.choose('attackers', ['g2'])).toBe(true);
    expect(resolve.setup).toEqual({ weapon: 'pistol', range: 'close', bonus: 2, aimed: true });
    // The other workflows' changes are left alone (the fake shot reads no sheet).
    resolve.selectWorkflow('fake-shot');
    expect(resolve.setValue('bonus', '3')).toBe(true);
    expect(resolve.choose('attackers', ['ghost'])).toBe(true);
    expect(resolve.setup.bonus).toBe(3);
  });

  it('refuses a bad field value with a sentence and keeps the old one', async () => {
    const { resolve } = await runningFight();
    expect(resolve.setValue('bonus', '2')).toBe(true);
    expect(resolve.setup.bonus).toBe(2);
    expect(resolve.setValue('bonus', '9')).toBe(false);
    expect(resolve.setValue('bonus', 'lots')).toBe(false);
    expect(resolve.fieldErrors.bonus).toBe('"lots" is not a number. Bonus dice takes a whole number from -3 to 3.');
    expect(resolve.setup.bonus).toBe(2);
    expect(resolve.problems).toContain(resolve.fieldErrors.bonus);
    expect(resolve.setValue('weapon', 'bazooka')).toBe(false);
    expect(resolve.setup.weapon).toBe('pistol');
    expect(resolve.setValue('bonus', '-1')).toBe(true);
    expect(resolve.fieldErrors.bonus).toBeUndefined();
  });
});

describe('resolve store: rolling', () => {
  it('rolls each stage with the app’s dice or typed faces; bad faces change nothing; the setup is locked', async () => {
    const { resolve } = await runningFight();
    expect(resolve.currentStage).toMatchObject({ id: 'attack', count: 4, roller: 'Ghost' });
    expect(resolve.currentGroups.map((g) => g.id)).toEqual(['attack', 'gear']);
    expect(resolve.enterFaces(['6 1 2', '3'])).toBe(false);
    expect(resolve.stageError).toMatch(/^Attack: 4 dice .*: 3 faces were entered\. Enter 4 faces of a d6/);
    expect(resolve.enterFaces(['6 1 2 7', '3'])).toBe(false);
    expect(resolve.stageError).toMatch(/A d6 has no face 7/);
    expect(resolve.rolled).toHaveLength(0);
    expect(resolve.locked).toBe(false);

    expect(resolve.enterFaces(['6 6 1 2', '3'])).toBe(true);
    expect(resolve.stageError).toBeNull();
    expect(resolve.locked).toBe(true);
    expect(resolve.rolled[0]!.rolled).toEqual({
      stageId: 'attack',
      groups: [
        { id: 'attack', sides: 6, faces: [6, 6, 1, 2] },
        { id: 'gear', sides: 6, faces: [3] },
      ],
      source: 'physical',
    });
    expect(resolve.setValue('bonus', 1)).toBe(false);
    expect(resolve.actionError).toMatch(/A roll is in progress/);
    expect(resolve.choose('targets', ['g2'])).toBe(false);

    // The armour roll, with the app's seeded dice.
    expect(resolve.currentStage).toMatchObject({ id: 'armour', roller: 'Ganger 1', count: 1 });
    expect(resolve.rollStage()).toBe(true);
    const expected = rollDice(createSeededSource('resolve-test'), 1, 6);
    expect(resolve.rolled[1]!.rolled).toEqual({
      stageId: 'armour',
      groups: [{ id: 'armour', sides: 6, faces: expected }],
      source: createSeededSource('resolve-test').kind,
    });
    expect(resolve.currentStage).toBeNull();
    const armour = expected[0] === 6 ? 1 : 0;
    expect(resolve.resolution!.result).toEqual({ hits: 2, armour, damage: 3 - armour });
    expect(resolve.rollBlocker).toMatch(/Every die for this roll is in/);

    resolve.startOver();
    expect(resolve.locked).toBe(false);
    expect(resolve.resolution).toBeNull();
    expect(resolve.currentStage?.id).toBe('attack');
  });

  it('a follow-up adds its stage and resolves again', async () => {
    const { resolve } = await runningFight();
    resolve.enterFaces(['1 2 3 4', '5']);
    expect(resolve.resolution!.result).toMatchObject({ hits: 0 });
    expect(resolve.resolution!.followUps.map((f) => f.id)).toEqual(['push']);
    expect(resolve.takeFollowUp('edge')).toBe(false);
    expect(resolve.takeFollowUp('push')).toBe(true);
    expect(resolve.currentStage?.id).toBe('push');
    expect(resolve.resolution).toBeNull();
    expect(resolve.enterFaces(['6 2 3 4'])).toBe(true);
    expect(resolve.rolled.map((r) => r.rolled.stageId)).toEqual(['attack', 'push']);
    expect(resolve.currentStage?.id).toBe('armour');
    expect(resolve.enterFaces(['2'])).toBe(true);
    expect(resolve.resolution!.result).toEqual({ hits: 1, armour: 0, damage: 2 });
    expect(resolve.resolution!.followUps).toEqual([]);
  });
});

describe('resolve store: applying', () => {
  it('a result that needs no dice stands at once, and applies as a roll with no dice for whoever acted', async () => {
    const { encounter, id, resolve } = await runningFight();
    resolve.selectWorkflow('fake-shove');
    expect(resolve.currentStage).toBeNull();
    expect(resolve.resolution?.summary).toBe('Ghost shoves Ganger 1 down');
    expect(resolve.rollBlocker).toBe('This one needs no dice: apply or log the result.');
    expect(await resolve.apply()).toBe(true);
    const event = (await storedEvents(id)).at(-1)!;
    if (event.type !== 'roll-applied') throw new Error('unexpected event');
    expect(event.roll).toMatchObject({ roller: 'Ghost', reason: 'Fake shove: Ghost → Ganger 1', source: 'none', groups: [] });
    expect(event.effects).toEqual([{ combatantId: 'g1', conditions: [{ conditionId: 'prone', label: 'Prone' }] }]);
    expect(encounter.state!.combatants.find((c) => c.id === 'g1')!.conditions.map((c) => c.conditionId)).toEqual(['prone']);
    expect(encounter.state!.combatants.find((c) => c.id === 'ghost')!.spent).toEqual({ action: 1 });
  });

  it('a choice that belongs to the participants goes back to its default when others are chosen', async () => {
    const { resolve } = await runningFight();
    resolve.selectWorkflow('fake-shove');
    expect(resolve.setValue('force', 'hard')).toBe(true);
    expect(resolve.setup.force).toBe('hard');
    expect(resolve.choose('targets', ['g2'])).toBe(true);
    expect(resolve.setup.force).toBe('gentle');
  });

  it('applies the result as ONE roll-applied event that undo takes back and redo restores', async () => {
    const { encounter, id, resolve } = await runningFight();
    const healthBefore = encounter.state!.combatants.find((c) => c.id === 'g1')!.health;
    resolve.enterFaces(['6 6 1 2', '3']);
    resolve.enterFaces(['4']);
    expect(resolve.applyReason).toBeNull();
    const before = (await storedEvents(id)).length;
    expect(await resolve.apply()).toBe(true);

    const events = await storedEvents(id);
    expect(events).toHaveLength(before + 1);
    const event = events.at(-1)!;
    expect(event).toMatchObject({
      type: 'roll-applied',
      summary: 'Ghost shot Ganger 1: 2 sixes → 3 damage',
      actorId: 'ghost',
      effects: [{ combatantId: 'g1', harm: { kind: 'damage', amount: 3 } }],
      operation: 'fake-shot',
      result: { hits: 2, armour: 0, damage: 3 },
      spends: [{ combatantId: 'ghost', actionId: 'action' }],
    });
    expect(encounter.state!.combatants.find((c) => c.id === 'ghost')!.spent).toEqual({ action: 1 });
    expect(resolve.context.combatStarted).toBe(true);
    if (event.type !== 'roll-applied') throw new Error('unexpected event');
    expect(event.roll).toMatchObject({
      roller: 'Ghost, Ganger 1',
      reason: 'Fake shot: Ghost → Ganger 1',
      source: 'physical',
    });
    expect(event.roll.groups).toEqual([
      { sides: 6, faces: [6, 6, 1, 2], label: 'Attack: 4 dice (Agility 4 + bonus 0)' },
      { sides: 6, faces: [3], label: 'Gear die' },
      { sides: 6, faces: [4], label: 'Armour: 1 dice' },
    ]);
    expect(event.roll.id).toMatch(/^[0-9a-f-]{36}$/);

    const hurt = encounter.state!.combatants.find((c) => c.id === 'g1')!.health;
    expect(hurt).not.toEqual(healthBefore);
    // Ready for the next roll, keeping the choices; the panel says what was applied.
    expect(resolve.locked).toBe(false);
    expect(resolve.outcome).toMatchObject({ kind: 'applied', summary: 'Ghost shot Ganger 1: 2 sixes → 3 damage' });
    expect(resolve.outcome!.effects[0]).toMatch(/^Ganger 1: 3 Damage/);
    expect(resolve.targetIds).toEqual(['g1']);

    await encounter.undo();
    expect(encounter.state!.combatants.find((c) => c.id === 'g1')!.health).toEqual(healthBefore);
    expect(encounter.state!.combatants.find((c) => c.id === 'ghost')!.spent).toEqual({});
    await encounter.redo();
    expect(encounter.state!.combatants.find((c) => c.id === 'g1')!.health).toEqual(hurt);
    expect(encounter.state!.combatants.find((c) => c.id === 'ghost')!.spent).toEqual({ action: 1 });
  });

  it('refuses a second attack in the turn with the rule, stores nothing, and applies it as a GM ruling when allowed', async () => {
    const { encounter, id, resolve } = await runningFight();
    resolve.enterFaces(['6 1 1 2', '3']);
    resolve.enterFaces(['1']);
    expect(await resolve.apply()).toBe(true);
    const before = await storedEvents(id);
    const health = encounter.state!.combatants.find((c) => c.id === 'g1')!.health;
    resolve.enterFaces(['6 6 1 2', '3']);
    resolve.enterFaces(['1']);
    expect(await resolve.apply()).toBe(false);
    const refused =
      'Ghost has 0 Action left; Action (attack, reload, take cover, rally…) needs 1. (Seed: Round Structure)';
    expect(resolve.refusal).toBe(refused);
    expect(await storedEvents(id)).toHaveLength(before.length);
    expect(encounter.state!.combatants.find((c) => c.id === 'g1')!.health).toEqual(health);

    expect(await resolve.allowAnyway()).toBe(true);
    expect(resolve.refusal).toBeNull();
    const ruled = (await storedEvents(id)).at(-1)!;
    expect(ruled).toMatchObject({
      type: 'roll-applied',
      ruling: { refused },
      spends: [{ combatantId: 'ghost', actionId: 'action' }],
    });
    expect(encounter.state!.combatants.find((c) => c.id === 'g1')!.health).not.toEqual(health);
    expect(encounter.state!.combatants.find((c) => c.id === 'ghost')!.spent).toEqual({ action: 1 });
    expect(await resolve.allowAnyway()).toBe(false);
  });

  it('applies a miss for the action it used: nobody is harmed, the attacker has spent its action', async () => {
    const { encounter, id, resolve } = await runningFight();
    resolve.enterFaces(['1 2 3 4', '2']);
    resolve.enterFaces(['1']);
    expect(resolve.resolution!.effects).toEqual([]);
    expect(resolve.applyReason).toBeNull();
    expect(await resolve.apply()).toBe(true);
    expect((await storedEvents(id)).at(-1)).toMatchObject({
      type: 'roll-applied',
      effects: [],
      spends: [{ combatantId: 'ghost', actionId: 'action' }],
    });
    expect(encounter.state!.combatants.find((c) => c.id === 'ghost')!.spent).toEqual({ action: 1 });
  });

  it('spends nothing before the encounter starts: a roll then only harms', async () => {
    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    const encounter = useEncounterStore();
    await encounter.open(id!);
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: ghost },
    });
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: ganger },
    });
    const resolve = useResolveStore();
    resolve.choose('attackers', ['ghost']);
    resolve.choose('targets', ['g1']);
    resolve.enterFaces(['6 6 1 2', '3']);
    resolve.enterFaces(['1']);
    expect(await resolve.apply()).toBe(true);
    const event = (await storedEvents(id!)).at(-1)!;
    expect(event.type === 'roll-applied' && event.spends).toBe(undefined);
    // A miss before the start uses no action, so it changes no one: it can only be logged.
    resolve.enterFaces(['1 1 1 1', '2']);
    expect(resolve.applyReason).toBe('Nothing to apply: this result changes no one. Log it instead.');
    expect(await resolve.apply()).toBe(false);
  });

  it('records the app source when every stage was rolled by the app', async () => {
    const { encounter, resolve } = await runningFight();
    resolve.setValue('weapon', 'knife');
    while (resolve.currentStage) resolve.rollStage();
    await (resolve.applyReason ? resolve.logOnly() : resolve.apply());
    const event = encounter.history!.events.at(-1)!;
    expect(event.type === 'roll-applied' || event.type === 'roll-resolved').toBe(true);
    if (event.type === 'roll-applied' || event.type === 'roll-resolved')
      expect(event.roll.source).toBe(createSeededSource('resolve-test').kind);
  });

  it('logs without applying as a roll-resolved event that changes nobody', async () => {
    const { encounter, id, resolve } = await runningFight();
    resolve.enterFaces(['1 1 1 1', '2']);
    // A miss could be applied for the action it used; logged, it changes nobody.
    const combatants = encounter.state!.combatants;
    expect(await resolve.logOnly()).toBe(true);
    const event = (await storedEvents(id)).at(-1)!;
    expect(event).toMatchObject({
      type: 'roll-resolved',
      actorId: 'ghost',
      targetIds: ['g1'],
      operation: 'fake-shot',
      summary: 'Ghost shot Ganger 1: 0 sixes → 0 damage',
    });
    expect(encounter.state!.combatants).toEqual(combatants);
    expect(resolve.outcome?.kind).toBe('logged');
  });

  it('will not apply to an ad-hoc participant, nor to a target that has left since', async () => {
    const { encounter, resolve } = await runningFight();
    resolve.setMode('targets', 'adhoc');
    resolve.setAdhoc('targets', { name: 'Drone', stats: { ...resolve.sides.targets.adhoc.stats, armor: 0 } });
    resolve.enterFaces(['6 6 1 1', '1']);
    expect(resolve.applyReason).toBe(
      'Drone was typed ad hoc and is not in the encounter: effects cannot be applied to ad-hoc participants.',
    );
    expect(await resolve.apply()).toBe(false);
    expect(resolve.logReason).toBeNull();
    resolve.startOver();

    resolve.setMode('targets', 'encounter');
    resolve.choose('targets', ['g2']);
    resolve.enterFaces(['6 6 1 1', '1']);
    resolve.enterFaces(['1']);
    await encounter.dispatch({ type: 'combatant-removed', combatantId: 'g2' });
    // The roll stays resolved against the situation it was made in.
    expect(resolve.resolution).not.toBeNull();
    expect(resolve.applyReason).toBe('Ganger 2 has left the encounter since: the result cannot be applied to them.');
    resolve.startOver();
    // Unlocked, the workflow itself refuses the departed target.
    expect(resolve.problems).toContain('Ganger 2 has left the encounter.');
  });

  it('will not apply without an encounter, nor to an ended or read-only one', async () => {
    await useSettingsStore().selectSystem('electric-state');
    const resolve = useResolveStore();
    resolve.setAdhoc('attackers', { stats: { ...resolve.sides.attackers.adhoc.stats, agility: 4 } });
    resolve.setAdhoc('targets', { stats: { ...resolve.sides.targets.adhoc.stats, armor: 0 } });
    expect(resolve.enterFaces(['6 6 1 1', '1'])).toBe(true);
    expect(resolve.resolution).not.toBeNull();
    expect(resolve.applyReason).toMatch(/^No encounter is open/);
    expect(resolve.logReason).toMatch(/^No encounter is open/);
    resolve.startOver();

    const { encounter } = await runningFight();
    resolve.enterFaces(['6 6 1 1', '1']);
    resolve.enterFaces(['1']);
    await encounter.dispatch({ type: 'encounter-ended' });
    expect(resolve.applyReason).toMatch(/The encounter has ended/);
    expect(resolve.logReason).toBeNull();
    encounter.problem = 'Entry 3 is damaged.';
    expect(resolve.applyReason).toBe(
      'This encounter is open read-only because its log is damaged; duplicate it to go on from here.',
    );
  });

  it('a new encounter clears the roll in progress and the choices', async () => {
    const { resolve } = await runningFight();
    resolve.choose('targets', ['g2']);
    resolve.enterFaces(['6 6 1 1', '1']);
    const otherId = await useEncountersStore().create('Elsewhere', 'electric-state');
    await useEncounterStore().open(otherId!);
    expect(resolve.locked).toBe(false);
    expect(resolve.sides.targets.ids).toBeNull();
  });
});

describe('resolve store: table rows from the quick reference', () => {
  it('selects the first workflow that can use the row and sets its values', async () => {
    const { resolve } = await runningFight();
    resolve.selectWorkflow('fake-volley');
    expect(resolve.receiveTableRow('fake-weapons', 0)).toBeNull();
    expect(resolve.workflow?.id).toBe('fake-shot');
    expect(resolve.setup.weapon).toBe('knife');
  });

  it('says why when no workflow can use the row, or a roll is in progress, and changes nothing', async () => {
    const { resolve } = await runningFight();
    expect(resolve.receiveTableRow('fake-weapons', 7)).toBe(
      'No roll for The Electric State RPG (Year Zero Engine) uses rows of table "fake-weapons".',
    );
    const weapons = (await import('../systems/loaded-systems')).loadedSystem('electric-state').tables[0]!;
    expect(resolve.receiveTableRow(weapons.id, 0)).toBe(
      `No roll for The Electric State RPG (Year Zero Engine) uses rows of the ${weapons.title} table.`,
    );
    resolve.enterFaces(['1 1 1 1', '1']);
    expect(resolve.receiveTableRow('fake-weapons', 0)).toMatch(/A roll is in progress/);
    expect(resolve.setup.weapon).toBe('pistol');
  });
});
