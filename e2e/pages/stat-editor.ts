import { expect, type Locator, type Page } from '@playwright/test';
import { slug } from './tracker';

/**
 * Page model of a stat editor with its Save button: a combatant's, in the tracker
 * ("combatant-<name>-detail"), or the bestiary's template form ("template").
 */
export class StatEditorPage {
  readonly save: Locator;
  /** The sentence beside Save saying why it is off. */
  readonly blocked: Locator;
  /** The problems listed beside the stats ("Not saved until fixed"). */
  readonly problems: Locator;

  private constructor(
    readonly page: Page,
    private readonly statPrefix: string,
    saveTestId: string,
  ) {
    this.save = page.getByTestId(saveTestId);
    this.blocked = page.getByTestId(`${saveTestId}-blocked`);
    this.problems = page.getByTestId(`${statPrefix}-problems`);
  }

  static forCombatant(page: Page, name: string): StatEditorPage {
    const detail = `combatant-${slug(name)}-detail`;
    return new StatEditorPage(page, `${detail}-stat`, `${detail}-save-stats`);
  }

  static forTemplateForm(page: Page): StatEditorPage {
    return new StatEditorPage(page, 'template-stat', 'template-save');
  }

  field(statId: string): Locator {
    return this.page.getByTestId(`${this.statPrefix}-${statId}`);
  }

  /** Empties the field, then types key by key as the GM does. */
  async type(statId: string, text: string): Promise<void> {
    const field = this.field(statId);
    await field.fill('');
    await field.pressSequentially(text);
  }

  /** Save is off, says why, and a click on it (forced past the disabled state) does nothing. */
  async expectRefused(problem: string): Promise<void> {
    await expect(this.save).toBeDisabled();
    await expect(this.blocked).toHaveText(`Save is off until the stats are fixed: ${problem}`);
    await expect(this.problems).toContainText(problem);
    await this.save.click({ force: true });
  }
}
