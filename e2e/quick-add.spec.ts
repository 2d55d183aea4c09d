import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { QuickAddPage } from './pages/quick-add';
import { slug, TrackerPage } from './pages/tracker';

// Two quick adds, a bestiary check and a sheet per system; room for a busy machine.
test.describe.configure({ timeout: 90_000 });

interface QuickCase {
  readonly systemId: string;
  readonly pc: string;
  /** Key stats typed into the form (each one the system marks quick). */
  readonly stats: Readonly<Record<string, number>>;
  /** A row of the system's weapon table, found by its name. */
  readonly weapon: string;
  /** Not a ready-made template's name, so the bestiary shows the saved one alone. */
  readonly npc: string;
}

const CASES: readonly QuickCase[] = [
  { systemId: 'shadowrun-4e', pc: 'Ghost', stats: { agility: 5, reaction: 4, ballistic: 6 }, weapon: 'Ares Predator IV', npc: 'Halloweener' },
  { systemId: 'electric-state', pc: 'Mara', stats: { agility: 4, wits: 3, armor: 2 }, weapon: 'Knife', npc: 'Scrapper' },
  { systemId: 'uesrpg-3e', pc: 'Lydia', stats: { agility: 45, combatStyle: 55, evade: 40 }, weapon: 'Punches/Kicks', npc: 'Footpad' },
  { systemId: 'hardware', pc: 'Rook', stats: { AGL: 12, CTR: 11, armor: 1 }, weapon: 'Sniper Rifle', npc: 'Goon' },
];

for (const c of CASES) {
  test(`${c.systemId}: a PC and a group of three NPCs from the quick form, the PC's sheet with its weapon, kept as a template`, async ({ gm }) => {
    const page = gm.page;
    const tracker = new TrackerPage(page);
    const quick = new QuickAddPage(page);
    await new BackupsPage(page).declineOfferIfShown();
    await tracker.createEncounter(`Quick ${c.systemId}`, c.systemId);

    // The PC: typed key stats, one table weapon (filter, Enter), saved as a template too; Enter again adds.
    await quick.open('pc');
    // Fits 1280×800 with the disclosures closed: nothing to scroll, the whole dialog in the window.
    const fit = await quick.overflow();
    expect(fit.scroll).toBe(0);
    expect(fit.bottom).toBeLessThanOrEqual(fit.viewport);
    await quick.name.fill(c.pc);
    await quick.typeStats(c.stats);
    await quick.addTableWeapon(c.weapon);
    await expect(quick.weaponsSummary).toHaveText(`(${c.weapon})`);
    await quick.saveAsTemplate();
    // The second Enter in the weapon filter: the first put the weapon on and emptied the filter.
    await quick.addWithEnterFromWeaponFilter();
    await expect(quick.dialog).toBeHidden();
    await expect(page.getByTestId('tracker-add-pc')).toBeFocused();

    // Its sheet: the typed stats and the weapon, in the detail's sections.
    const detail = `combatant-${slug(c.pc)}-detail`;
    await expect(tracker.row(c.pc)).toBeVisible();
    await page.getByTestId(`combatant-${slug(c.pc)}-expand`).click();
    for (const [id, value] of Object.entries(c.stats)) await expect(page.getByTestId(`${detail}-stat-${id}`)).toHaveValue(String(value));
    await expect(page.getByTestId(`${detail}-weapons`).locator('li')).toHaveCount(1);
    await expect(page.getByTestId(`${detail}-weapons-item-w1`)).toContainText(c.weapon);
    await expect(page.getByTestId(`${detail}-weapons-item-w1`)).toContainText('table');
    await page.getByTestId(`combatant-${slug(c.pc)}-expand`).click();

    // Three NPCs of one sheet: one action, one group, numbered as the bestiary numbers them.
    await quick.open('npc');
    await quick.name.fill(c.npc);
    await quick.count.fill('3');
    await quick.addWithEnter();
    await expect(quick.dialog).toBeHidden();
    for (const n of [1, 2, 3]) await expect(tracker.row(`${c.npc} ${n}`)).toBeVisible();
    await expect(tracker.row(`${c.npc} 1`)).toContainText(`${c.npc} ×3`);
    await expect(page.locator('[data-testid^="combatant-"][data-testid$="-expand"]')).toHaveCount(4);

    // "Save as template" kept the PC, with its weapon, in the bestiary (the NPCs were not saved).
    await page.getByTestId('tracker-add').click();
    await expect(page.getByTestId(`bestiary-row-${slug(c.pc)}`)).toContainText('PC');
    await expect(page.getByTestId(`bestiary-weapons-${slug(c.pc)}`)).toHaveText(`Weapons: ${c.weapon}`);
    await expect(page.getByTestId(`bestiary-row-${slug(c.npc)}`)).toHaveCount(0);
    await page.getByTestId('bestiary-close').click();
  });
}

test('an empty name is refused in words and nothing is added; Escape closes the form', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const quick = new QuickAddPage(page);
  await new BackupsPage(page).declineOfferIfShown();
  await tracker.createEncounter('Quick refusal', 'shadowrun-4e');
  await quick.open('pc');
  await quick.stat('agility').fill('5');
  await quick.addWithEnter();
  await expect(quick.problems).toHaveText('⚠ The PC needs a name.');
  await expect(quick.dialog).toBeVisible();
  await expect(page.locator('[data-testid^="combatant-"][data-testid$="-expand"]')).toHaveCount(0);
  await quick.stat('agility').fill('25');
  await quick.name.fill('Ghost');
  await quick.addWithEnter();
  await expect(quick.problems).toHaveText('⚠ Agility must be between 1 and 20, got 25.');
  await page.keyboard.press('Escape');
  await expect(quick.dialog).toBeHidden();
  await expect(page.locator('[data-testid^="combatant-"][data-testid$="-expand"]')).toHaveCount(0);
});

test('a ready-made template shows its weapons in the bestiary and brings them to each sheet', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  await new BackupsPage(page).declineOfferIfShown();
  await tracker.createEncounter('Ready-made weapons', 'electric-state');
  await page.getByTestId('tracker-add').click();
  // Seed 000's Scavenger: "Knife … Rocks …", the Weapons Table's Knife and Rock rows.
  await expect(page.getByTestId('bestiary-weapons-scavenger')).toHaveText('Weapons: Knife, Rocks');
  await page.getByTestId('bestiary-close').click();
  await tracker.addFromBestiary('Scavenger', 2);
  for (const name of ['Scavenger 1', 'Scavenger 2']) {
    await page.getByTestId(`combatant-${slug(name)}-expand`).click();
    const weapons = page.getByTestId(`combatant-${slug(name)}-detail-weapons`).locator('li');
    await expect(weapons).toHaveCount(2);
    await expect(weapons.nth(0)).toContainText('Knife');
    await expect(weapons.nth(1)).toContainText('Rocks');
    await page.getByTestId(`combatant-${slug(name)}-expand`).click();
  }
  // Each member's sheet is its own: removing Scavenger 1's rocks leaves Scavenger 2's.
  await page.getByTestId('combatant-scavenger-1-expand').click();
  await page.getByTestId('combatant-scavenger-1-detail-weapons-remove-w2').click();
  await expect(page.getByTestId('combatant-scavenger-1-detail-weapons').locator('li')).toHaveCount(1);
  await page.getByTestId('combatant-scavenger-1-expand').click();
  await page.getByTestId('combatant-scavenger-2-expand').click();
  await expect(page.getByTestId('combatant-scavenger-2-detail-weapons').locator('li')).toHaveCount(2);
  // And undo puts the rocks back, as for any change.
  await tracker.undo();
  await page.getByTestId('combatant-scavenger-2-expand').click();
  await page.getByTestId('combatant-scavenger-1-expand').click();
  await expect(page.getByTestId('combatant-scavenger-1-detail-weapons').locator('li')).toHaveCount(2);
});

test('the quick add form, its skills, weapons and custom weapon form open, has no serious or critical accessibility violation', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const quick = new QuickAddPage(page);
  await new BackupsPage(page).declineOfferIfShown();
  await tracker.createEncounter('Quick a11y', 'uesrpg-3e');
  await quick.open('npc');
  await page.getByTestId('quick-add-skills').locator('summary').click();
  await quick.addTableWeapon('Punches/Kicks');
  await page.getByTestId('quick-add-weapons-custom').click();
  await quick.addWithEnter();
  await expect(quick.problems).toHaveText('⚠ The NPC needs a name.');
  const results = await new AxeBuilder({ page }).include('[data-testid="quick-add"]').analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
