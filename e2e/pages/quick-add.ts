import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of the tracker's quick "Add PC / Add NPC" form and of a combatant's sheet weapons. */
export class QuickAddPage {
  readonly dialog: Locator;
  readonly name: Locator;
  readonly count: Locator;
  readonly problems: Locator;
  readonly weaponsSection: Locator;
  readonly weaponsSummary: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('quick-add');
    this.name = page.getByTestId('quick-add-name');
    this.count = page.getByTestId('quick-add-count');
    this.problems = page.getByTestId('quick-add-problems');
    this.weaponsSection = page.getByTestId('quick-add-weapons-section');
    this.weaponsSummary = page.getByTestId('quick-add-weapons-summary');
  }

  async open(kind: 'pc' | 'npc'): Promise<void> {
    await this.page.getByTestId(`tracker-add-${kind}`).click();
    await expect(this.dialog).toBeVisible();
    await expect(this.name).toBeFocused();
  }

  stat(id: string): Locator {
    return this.page.getByTestId(`quick-add-stat-${id}`);
  }

  async typeStats(stats: Readonly<Record<string, number>>): Promise<void> {
    for (const [id, value] of Object.entries(stats)) await this.stat(id).fill(String(value));
  }

  /** Opens Weapons, filters the table weapons by the name and puts the first match on the sheet with Enter. */
  async addTableWeapon(name: string): Promise<void> {
    if ((await this.weaponsSection.getAttribute('open')) === null) await this.weaponsSection.locator('summary').click();
    const filter = this.page.getByTestId('quick-add-weapons-filter');
    await filter.fill(name);
    await expect(this.page.getByTestId('quick-add-weapons-choice').locator('option:checked')).toHaveText(name);
    await filter.press('Enter');
    await expect(this.page.getByTestId('quick-add-weapons').locator('li').filter({ hasText: name })).toHaveCount(1);
  }

  async saveAsTemplate(): Promise<void> {
    await this.page.getByTestId('quick-add-save-template').check();
  }

  /** Enter again in the (now empty) weapon filter: the form adds, as from any of its text boxes. */
  async addWithEnterFromWeaponFilter(): Promise<void> {
    const filter = this.page.getByTestId('quick-add-weapons-filter');
    await expect(filter).toHaveValue('');
    await filter.press('Enter');
  }

  /** Enter in the name field: the form's keyboard path to Add. */
  async addWithEnter(): Promise<void> {
    await this.name.press('Enter');
  }

  /** How far the dialog's content runs past its box (0 when it fits), and whether the box is inside the window. */
  async overflow(): Promise<{ scroll: number; bottom: number; viewport: number }> {
    return this.dialog.evaluate((el) => ({
      scroll: el.scrollHeight - el.clientHeight,
      bottom: Math.ceil(el.getBoundingClientRect().bottom),
      viewport: window.innerHeight,
    }));
  }
}
