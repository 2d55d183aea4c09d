import { afterEach, describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, nextTick, ref, type App } from 'vue';
import { NO_WEAPONS, type SheetWeapon, type WeaponRules } from '../../../shared/system-kit/tracker-rules';
import { shadowrunWeapons } from '../../../shared/systems/shadowrun-4e/sheet-weapons';
import { UESRPG_WEAPONS } from '../../../shared/systems/uesrpg-3e/sheet-weapons';
import WeaponList from './WeaponList.vue';

const RULES: WeaponRules = {
  fields: [
    { id: 'damage', kind: 'number', label: 'Damage', group: 'attack', min: 0, max: 10 },
    { id: 'reach', kind: 'choice', label: 'Reach', group: 'attack', options: [{ value: 'close', label: 'Close' }, { value: 'far', label: 'Far' }] },
    { id: 'auto', kind: 'flag', label: 'Full auto', group: 'attack' },
  ],
  catalogue: [
    { id: 'knife', name: 'Combat knife', row: { tableId: 'weapons', rowIndex: 2 }, values: { damage: 2, reach: 'close', auto: false } },
    { id: 'smg', name: 'Uzi SMG', row: { tableId: 'weapons', rowIndex: 5 }, values: { damage: 5, reach: 'far', auto: true } },
  ],
  describe: (w) => `${String(w.values.damage)} ${String(w.values.reach)}${w.values.auto === true ? ' auto' : ''}`,
};

const KNIFE_ON_SHEET: SheetWeapon = { id: 'w1', name: 'Combat knife', row: { tableId: 'weapons', rowIndex: 2 }, values: { damage: 2, reach: 'close', auto: false } };

let app: App | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  app?.unmount();
  host?.remove();
  app = null;
});

/** The list as an owner uses it: each change replaces the sheet's weapons, and is recorded. */
function mount(rules: WeaponRules, start: SheetWeapon[] = []) {
  const weapons = ref<SheetWeapon[]>(start);
  const changes: SheetWeapon[][] = [];
  host = document.createElement('div');
  document.body.appendChild(host);
  const Host = defineComponent(() => () =>
    h(WeaponList, {
      rules,
      weapons: weapons.value,
      testidPrefix: 'w',
      onChange: (next: SheetWeapon[]) => {
        changes.push(next);
        weapons.value = next;
      },
    }),
  );
  app = createApp(Host);
  app.mount(host);
  const byTestId = (id: string) => host!.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  const type = async (id: string, text: string) => {
    const input = byTestId(id) as HTMLInputElement;
    input.value = text;
    input.dispatchEvent(new Event('input'));
    await nextTick();
  };
  const key = async (id: string, name: string) => {
    byTestId(id)!.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    await nextTick();
  };
  const click = async (id: string) => {
    byTestId(id)!.click();
    await nextTick();
  };
  return { weapons, changes, byTestId, type, key, click };
}

describe('the weapon list', () => {
  it("writes each weapon as its system does, the line the system's describe gives", async () => {
    const predator = shadowrunWeapons.catalogue.find((w) => w.id === 'ares-predator-iv')!;
    const katana = shadowrunWeapons.catalogue.find((w) => w.id === 'katana')!;
    const zapper: SheetWeapon = { id: 'w3', name: 'Zapper', values: { ...predator.values, dv: 9, ap: -4, modeSA: false, modeSS: true, rc: 1 } };
    const { byTestId } = mount(shadowrunWeapons, [{ ...predator, id: 'w1' }, { ...katana, id: 'w2' }, zapper]);
    expect(byTestId('w-line-w1')!.textContent).toBe('Pistols · 5P · AP −1 · SA · RC 0');
    expect(byTestId('w-line-w1')!.title).toBe('Pistols · 5P · AP −1 · SA · RC 0');
    expect(byTestId('w-line-w2')!.textContent).toBe('Blades · (STR/2+3)P · AP −1 · Reach 1');
    expect(byTestId('w-line-w3')!.textContent).toBe('Pistols · 9P · AP −4 · SS · RC 1');
    expect(byTestId('w-item-w1')!.textContent).toContain('table');
    expect(byTestId('w-item-w3')!.textContent).not.toContain('table');
    app?.unmount();
    host?.remove();
    const sword: SheetWeapon = { id: 'w1', name: 'Sword', values: { ...UESRPG_WEAPONS.catalogue[0]!.values, weaponType: 'melee', damageDie: '8' } };
    const again = mount(UESRPG_WEAPONS, [sword]);
    expect(again.byTestId('w-line-w1')!.textContent).toBe('1d8 · 1 m');
  });

  it('Enter in the filter puts the first matching table weapon on the sheet, row and numbers with it', async () => {
    const { changes, byTestId, type, key } = mount(RULES);
    await type('w-filter', 'uzi');
    expect((byTestId('w-choice') as HTMLSelectElement).value).toBe('smg');
    await key('w-filter', 'Enter');
    expect(changes).toEqual([[{ id: 'w1', name: 'Uzi SMG', row: { tableId: 'weapons', rowIndex: 5 }, values: { damage: 5, reach: 'far', auto: true } }]]);
    expect(byTestId('w-item-w1')!.textContent).toContain('Uzi SMG');
    expect(byTestId('w-line-w1')!.textContent).toBe('5 far auto');
    expect((byTestId('w-filter') as HTMLInputElement).value).toBe('');
  });

  it('Enter in an empty filter adds nothing and is left to the form around it', async () => {
    const { changes, byTestId } = mount(RULES);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    let reachedForm = false;
    host!.addEventListener('keydown', () => (reachedForm = true));
    byTestId('w-filter')!.dispatchEvent(enter);
    await nextTick();
    expect(changes).toEqual([]);
    expect(enter.defaultPrevented).toBe(false);
    expect(reachedForm).toBe(true);
  });

  it('the chosen table weapon is added with a fresh id beside the ones already there', async () => {
    const { changes, byTestId, click } = mount(RULES, [KNIFE_ON_SHEET]);
    const choice = byTestId('w-choice') as HTMLSelectElement;
    choice.value = 'knife';
    choice.dispatchEvent(new Event('change'));
    await click('w-add');
    expect(changes).toEqual([[KNIFE_ON_SHEET, { ...KNIFE_ON_SHEET, id: 'w2' }]]);
  });

  it('a filter nothing matches adds nothing and says so', async () => {
    const { changes, byTestId, type, key } = mount(RULES);
    await type('w-filter', 'railgun');
    expect((byTestId('w-add') as HTMLButtonElement).disabled).toBe(true);
    await key('w-filter', 'Enter');
    expect(changes).toEqual([]);
    expect(byTestId('w-problems')!.textContent).toBe('⚠ No table weapon matches "railgun".');
  });

  it('a custom weapon is refused in words while its name is empty or a number is out of range, then added', async () => {
    const { changes, byTestId, type, click } = mount(RULES);
    await click('w-custom');
    expect(document.activeElement).toBe(byTestId('w-draft-name'));
    await type('w-draft-damage', '12');
    await click('w-draft-save');
    expect(changes).toEqual([]);
    expect(byTestId('w-problems')!.textContent).toBe(
      '⚠ A weapon needs a name of 1 to 60 characters.⚠ Damage takes a whole number from 0 to 10.',
    );
    await type('w-draft-name', 'Rail gun');
    await type('w-draft-damage', '9');
    const reach = byTestId('w-draft-reach') as HTMLSelectElement;
    reach.value = 'far';
    reach.dispatchEvent(new Event('change'));
    await click('w-draft-save');
    expect(changes).toEqual([[{ id: 'w1', name: 'Rail gun', values: { damage: 9, reach: 'far', auto: false } }]]);
    expect(byTestId('w-draft')).toBeNull();
    expect(byTestId('w-problems')).toBeNull();
  });

  it('a renamed table weapon keeps its row; changed numbers make it the GM\'s own', async () => {
    const { changes, type, click } = mount(RULES, [KNIFE_ON_SHEET]);
    await click('w-edit-w1');
    await type('w-draft-name', 'Lucky knife');
    await click('w-draft-save');
    expect(changes.at(-1)).toEqual([{ ...KNIFE_ON_SHEET, name: 'Lucky knife' }]);
    await click('w-edit-w1');
    await type('w-draft-damage', '3');
    await click('w-draft-save');
    expect(changes.at(-1)).toEqual([{ id: 'w1', name: 'Lucky knife', values: { damage: 3, reach: 'close', auto: false } }]);
  });

  it('Escape leaves the custom form without a change; remove takes the weapon off', async () => {
    const { changes, byTestId, key, click } = mount(RULES, [KNIFE_ON_SHEET]);
    await click('w-custom');
    await key('w-draft-name', 'Escape');
    expect(byTestId('w-draft')).toBeNull();
    expect(changes).toEqual([]);
    await click('w-remove-w1');
    expect(changes).toEqual([[]]);
    expect(byTestId('w-none')!.textContent).toBe('No weapons.');
  });

  it('a system without weapon rules offers only custom weapons, a name and no numbers', async () => {
    const { changes, byTestId, type, key, click } = mount(NO_WEAPONS);
    expect(byTestId('w-filter')).toBeNull();
    await click('w-custom');
    await type('w-draft-name', 'Crowbar');
    await key('w-draft-name', 'Enter');
    expect(changes).toEqual([[{ id: 'w1', name: 'Crowbar', values: {} }]]);
    expect(byTestId('w-item-w1')!.textContent).toContain('Crowbar');
  });
});
