import { describe, expect, it } from 'vitest';
import { h, nextTick } from 'vue';
import type { CombatantKind } from '../../../shared/system-kit/tracker-rules';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { quickFields, skillFields } from './useQuickAdd';
import { defaultStats } from '../sheets';
import { getDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { typeIntoNumber } from '../../test/stat-input.test-support';
import { rulesLookup } from '../systems/loaded-systems';
import QuickAddForm from './QuickAddForm.vue';
import { componentHarness } from '../../test/component-harness.test-support';

const harness = componentHarness('quick-add');

async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

/** The form open over a new encounter of the system, as the tracker opens it. */
async function mount(systemId: SystemId, kind: CombatantKind) {
  const id = await useEncountersStore().create('Quick add test', systemId);
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  let closed = 0;
  harness.mount(() => h(QuickAddForm, { systemId, kind, onClose: () => closed++ }));
  await settle();
  const byTestId = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  const type = async (testId: string, text: string) => {
    const input = byTestId(testId) as HTMLInputElement;
    input.value = text;
    input.dispatchEvent(new Event('input'));
    await nextTick();
  };
  const submit = async () => {
    byTestId('quick-add-submit')!.click();
    await settle();
  };
  return { encounter, byTestId, type, submit, closed: () => closed };
}

describe('quickFields and skillFields', () => {
  const fields = rulesLookup.tracker('uesrpg-3e').statFields;

  it('asks for the fields a system marks quick, or its attributes while it marks none', () => {
    const marked = fields.filter((f) => f.quick).map((f) => f.id);
    const attributes = fields.filter((f) => f.group === 'attribute').map((f) => f.id);
    expect(quickFields(fields).map((f) => f.id)).toEqual(marked.length ? marked : attributes);
    const unmarked = fields.map((f) => ({ ...f, quick: false }));
    expect(quickFields(unmarked).map((f) => f.id)).toEqual(attributes);
  });

  it('offers the skills that are not key stats already', () => {
    const skills = fields.filter((f) => f.group === 'skill');
    const oneQuick = fields.map((f) => (f.id === skills[0]!.id ? { ...f, quick: true } : { ...f, quick: false }));
    expect(skillFields(oneQuick).map((f) => f.id)).toEqual(skills.slice(1).map((f) => f.id));
  });
});

describe('the quick add form', () => {
  it('starts on the name; an empty name is refused in words and nothing is added', async () => {
    const { encounter, byTestId, submit, closed } = await mount('shadowrun-4e', 'npc');
    expect(document.activeElement).toBe(byTestId('quick-add-name'));
    await submit();
    expect(byTestId('quick-add-problems')!.textContent).toBe('⚠ The NPC needs a name.');
    expect(encounter.state!.combatants).toEqual([]);
    expect(closed()).toBe(0);
  });

  it('a bad stat and a bad count are said in words, and nothing is added', async () => {
    const { encounter, byTestId, type, submit } = await mount('shadowrun-4e', 'npc');
    await type('quick-add-name', 'Ganger');
    await typeIntoNumber(byTestId('quick-add-stat-body') as HTMLInputElement, '25');
    await type('quick-add-count', '0');
    await submit();
    expect(byTestId('quick-add-problems')!.textContent).toBe(
      '⚠ Add between 1 and 50 at a time, not 0.⚠ Body must be between 1 and 20, got 25.',
    );
    expect(encounter.state!.combatants).toEqual([]);
  });

  it('adds a PC with the typed key stats and defaults for the rest, on the party side', async () => {
    const { encounter, byTestId, type, submit, closed } = await mount('shadowrun-4e', 'pc');
    expect(byTestId('quick-add-count')).toBeNull();
    await type('quick-add-name', 'Ghost');
    await typeIntoNumber(byTestId('quick-add-stat-agility') as HTMLInputElement, '5');
    await type('quick-add-notes', 'Smartlink');
    await submit();
    expect(closed()).toBe(1);
    const [ghost] = encounter.state!.combatants;
    expect(ghost).toMatchObject({ name: 'Ghost', kind: 'pc', side: 'party', notes: 'Smartlink', templateId: null, weapons: [] });
    expect(ghost!.stats).toEqual({ ...defaultStats('shadowrun-4e'), agility: 5 });
  });

  it('ticking "Vehicle or drone" swaps a person\'s key stats and skills for a vehicle\'s, live, and adds a vehicle', async () => {
    const { encounter, byTestId, type, submit } = await mount('shadowrun-4e', 'npc');
    const keyStats = () =>
      [...byTestId('quick-add-key-stats')!.querySelectorAll('[data-testid^="quick-add-stat-"]')].map((el) =>
        el.getAttribute('data-testid')!.replace('quick-add-stat-', ''),
      );
    const person = ['body', 'agility', 'reaction', 'strength', 'intuition', 'willpower', 'edge', 'passes', 'ballistic', 'impact', 'vehicle'];
    expect(keyStats()).toEqual(person);
    expect(byTestId('quick-add-skills')).not.toBeNull();

    (byTestId('quick-add-stat-vehicle') as HTMLInputElement).click();
    await nextTick();
    expect(keyStats()).toEqual(['body', 'passes', 'vehicle', 'autonomous', 'vehicleArmor', 'handling', 'speed', 'pilot', 'sensor', 'response']);
    expect(byTestId('quick-add-skills')).toBeNull();

    await type('quick-add-name', 'Sedan');
    await typeIntoNumber(byTestId('quick-add-stat-body') as HTMLInputElement, '10');
    await typeIntoNumber(byTestId('quick-add-stat-handling') as HTMLInputElement, '-1');
    await submit();
    expect(encounter.state!.combatants[0]!.stats).toEqual({ ...defaultStats('shadowrun-4e'), vehicle: true, body: 10, handling: -1 });
  });

  it('unticking "Vehicle or drone" brings the person\'s stats back as typed, and the vehicle\'s typed stats are not saved', async () => {
    const { encounter, byTestId, type, submit } = await mount('shadowrun-4e', 'pc');
    await type('quick-add-name', 'Rigger');
    await typeIntoNumber(byTestId('quick-add-stat-agility') as HTMLInputElement, '5');
    (byTestId('quick-add-stat-vehicle') as HTMLInputElement).click();
    await nextTick();
    expect(byTestId('quick-add-stat-agility')).toBeNull();
    // A bad vehicle stat is a problem only while it shows.
    await typeIntoNumber(byTestId('quick-add-stat-handling') as HTMLInputElement, '9');
    (byTestId('quick-add-stat-vehicle') as HTMLInputElement).click();
    await nextTick();
    expect(byTestId('quick-add-stat-handling')).toBeNull();
    expect((byTestId('quick-add-stat-agility') as HTMLInputElement).value).toBe('5');
    await submit();
    expect(byTestId('quick-add-problems')).toBeNull();
    expect(encounter.state!.combatants[0]!.stats).toEqual({ ...defaultStats('shadowrun-4e'), agility: 5 });
  });

  it('adds three NPCs as one group, numbered, each with the custom weapon', async () => {
    const { encounter, byTestId, type, submit } = await mount('electric-state', 'npc');
    await type('quick-add-name', 'Looter');
    await type('quick-add-count', '3');
    byTestId('quick-add-weapons-custom')!.click();
    await nextTick();
    await type('quick-add-weapons-draft-name', 'Crowbar');
    byTestId('quick-add-weapons-draft-save')!.click();
    await nextTick();
    expect(byTestId('quick-add-weapons-summary')!.textContent).toBe('(Crowbar)');
    await submit();
    const combatants = encounter.state!.combatants;
    expect(combatants.map((c) => [c.name, c.side, c.weapons.map((w) => w.name)])).toEqual([
      ['Looter 1', 'opponents', ['Crowbar']],
      ['Looter 2', 'opponents', ['Crowbar']],
      ['Looter 3', 'opponents', ['Crowbar']],
    ]);
    expect(encounter.state!.groups.map((g) => [g.name, combatants.every((c) => c.groupId === g.id)])).toEqual([['Looter ×3', true]]);
  });

  it('"Save as template" keeps the sheet in the bestiary, and the combatant names it', async () => {
    const { encounter, byTestId, type, submit } = await mount('hardware', 'npc');
    await type('quick-add-name', 'Bouncer');
    await typeIntoNumber(byTestId('quick-add-stat-BOD') as HTMLInputElement, '14');
    (byTestId('quick-add-save-template') as HTMLInputElement).click();
    await submit();
    const rows = await getDatabase().templates.toArray();
    expect(rows.map((r) => [r.name, r.kind, r.stats.BOD, r.weapons])).toEqual([['Bouncer', 'npc', 14, []]]);
    expect(encounter.state!.combatants.map((c) => [c.name, c.templateId])).toEqual([['Bouncer', rows[0]!.id]]);
  });
});
