import { expect, type Locator, type Page } from '@playwright/test';

export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Page model of the encounter list, the bestiary and the tracker panel. */
export class TrackerPage {
  readonly panel: Locator;
  readonly round: Locator;
  readonly current: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('tracker-panel');
    this.round = page.getByTestId('tracker-round');
    this.current = page.getByTestId('tracker-current');
    this.error = page.getByTestId('tracker-error');
  }

  async createEncounter(name: string, systemId: string): Promise<void> {
    await this.page.getByTestId('encounter-picker-open').click();
    await this.page.getByTestId('encounter-new-name').fill(name);
    await this.page.getByTestId('encounter-new-system').selectOption(systemId);
    await this.page.getByTestId('encounter-new-submit').click();
    await expect(this.page.getByTestId('encounter-current-name')).toHaveText(name);
    await expect(this.page.getByTestId('encounter-dialog')).toBeHidden();
  }

  /** Adds `count` of a template (grouped when more than one NPC) from the bestiary. */
  async addFromBestiary(template: string, count = 1, side?: string): Promise<void> {
    await this.page.getByTestId('tracker-add').click();
    const s = slug(template);
    await this.page.getByTestId(`bestiary-count-${s}`).fill(String(count));
    if (side) await this.page.getByTestId(`bestiary-side-${s}`).selectOption(side);
    await this.page.getByTestId(`bestiary-add-${s}`).click();
    await this.page.getByTestId('bestiary-close').click();
  }

  row(name: string): Locator {
    return this.page.getByTestId(`combatant-${slug(name)}`);
  }

  /**
   * The names of the rows drawn, in the order the tracker shows them. A change of order is drawn a
   * frame after the change (TrackerPanel.vue), so this reads after the next frame and the task
   * after it, when any order already due is on the page.
   */
  async rowNames(): Promise<string[]> {
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    return this.page
      .getByTestId('tracker-list')
      .locator('.row .name')
      .evaluateAll((names) => names.map((n) => n.textContent!.replace('Acting now:', '').trim()));
  }

  async start(): Promise<void> {
    await this.page.getByTestId('tracker-start').click();
  }

  /** Rolls for everyone, and again for sides that tied (Electric State rerolls ties). */
  async rollAllInitiative(): Promise<void> {
    const button = this.page.getByTestId('initiative-roll-all');
    const tie = this.page.getByText(/Tie between/);
    for (let i = 0; i < 6; i++) {
      await button.click();
      await expect(this.current.or(tie)).toBeVisible();
      if (!(await tie.isVisible())) return;
    }
  }

  async next(): Promise<void> {
    await this.page.getByTestId('tracker-next').click();
  }

  async harm(name: string, amount: number, kind?: string, location?: string): Promise<void> {
    const prefix = `combatant-${slug(name)}-harm`;
    if (kind) await this.page.getByTestId(`${prefix}-kind`).selectOption(kind);
    if (location) await this.page.getByTestId(`${prefix}-location`).selectOption(location);
    await this.page.getByTestId(`${prefix}-amount`).fill(String(amount));
    await this.page.getByTestId(`${prefix}-apply`).click();
  }

  async addCondition(name: string, conditionId: string, rounds?: number): Promise<void> {
    const s = `combatant-${slug(name)}`;
    await this.page.getByTestId(`${s}-expand`).click();
    await this.page.getByTestId(`${s}-detail-condition`).selectOption(conditionId);
    if (rounds !== undefined) await this.page.getByTestId(`${s}-detail-condition-rounds`).fill(String(rounds));
    await this.page.getByTestId(`${s}-detail-condition-add`).click();
    await this.page.getByTestId(`${s}-expand`).click();
  }

  health(name: string): Locator {
    return this.page.getByTestId(`combatant-${slug(name)}-health`);
  }

  async undo(): Promise<void> {
    await this.page.getByTestId('tracker-undo').click();
  }

  async redo(): Promise<void> {
    await this.page.getByTestId('tracker-redo').click();
  }
}
