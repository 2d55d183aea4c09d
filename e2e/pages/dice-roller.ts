import type { Locator, Page } from '@playwright/test';

/** Page model of the dice roller and its roll log. */
export class DiceRollerPage {
  readonly count: Locator;
  readonly sides: Locator;
  readonly rollButton: Locator;
  readonly error: Locator;
  readonly logEntries: Locator;
  readonly lastRoll: Locator;

  constructor(readonly page: Page) {
    this.count = page.getByTestId('dice-count');
    this.sides = page.getByTestId('dice-sides');
    this.rollButton = page.getByTestId('roll-button');
    this.error = page.getByTestId('dice-error');
    this.logEntries = page.getByTestId('roll-log-entry');
    this.lastRoll = page.getByTestId('last-roll');
  }

  async roll(count: string, sides?: number): Promise<void> {
    // The layout may keep the dice panel collapsed to its header (the 1280×800 default does).
    if ((await this.page.getByTestId('slot-dice').getAttribute('data-collapsed')) === 'true') {
      await this.page.getByTestId('panel-collapse-dice').click();
    }
    await this.count.fill(count);
    if (sides !== undefined) await this.sides.selectOption(String(sides));
    await this.rollButton.click();
  }
}
