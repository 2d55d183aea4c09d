import { expect, type Locator, type Page } from '@playwright/test';
import { slug } from './tracker';

/** Page model of the roll resolution panel. */
export class ResolvePage {
  readonly panel: Locator;
  readonly workflow: Locator;
  readonly odds: Locator;
  readonly roll: Locator;
  readonly rollReason: Locator;
  readonly stage: Locator;
  readonly stageLabel: Locator;
  readonly stageError: Locator;
  readonly useFaces: Locator;
  readonly result: Locator;
  readonly summary: Locator;
  readonly apply: Locator;
  readonly applyReason: Locator;
  readonly log: Locator;
  readonly outcome: Locator;
  readonly startOver: Locator;
  readonly noWorkflows: Locator;

  constructor(readonly page: Page) {
    const t = (id: string) => page.getByTestId(id);
    this.panel = t('resolve-panel');
    this.workflow = t('resolve-workflow');
    this.odds = t('resolve-odds');
    this.roll = t('resolve-roll');
    this.rollReason = t('resolve-roll-reason');
    this.stage = t('resolve-stage');
    this.stageLabel = t('resolve-stage-label');
    this.stageError = t('resolve-stage-error');
    this.useFaces = t('resolve-use-faces');
    this.result = t('resolve-result');
    this.summary = t('resolve-summary');
    this.apply = t('resolve-apply');
    this.applyReason = t('resolve-apply-reason');
    this.log = t('resolve-log');
    this.outcome = t('resolve-outcome');
    this.startOver = t('resolve-start-over');
    this.noWorkflows = t('resolve-no-workflows');
  }

  async selectWorkflow(label: string): Promise<void> {
    if (await this.workflow.isVisible()) await this.workflow.selectOption({ label });
    else await expect(this.page.getByTestId('resolve-workflow-label')).toHaveText(label);
  }

  /** Picks one combatant (by its name as listed) for a side whose workflow takes one. */
  async choose(side: 'attackers' | 'targets', name: string): Promise<void> {
    const select = this.page.getByTestId(`resolve-${side}-select`);
    // The select lists every combatant once the GM is at it, as a person's click or Tab would.
    await select.focus();
    const value = await select.locator('option', { hasText: name }).first().getAttribute('value');
    await select.selectOption(value!);
  }

  /** Ticks combatants for a side whose workflow takes several. */
  async tick(side: 'attackers' | 'targets', slugs: readonly string[]): Promise<void> {
    for (const slug of slugs) await this.page.getByTestId(`resolve-${side}-${slug}`).check();
  }

  /** Makes `name` the only one on that side, whether the workflow takes one or several. */
  async only(side: 'attackers' | 'targets', name: string): Promise<void> {
    const select = this.page.getByTestId(`resolve-${side}-select`);
    if (await select.isVisible()) {
      await this.choose(side, name);
      return;
    }
    const wanted = this.page.getByTestId(`resolve-${side}-${slug(name)}`);
    await wanted.check();
    const boxes = this.page.getByTestId(`resolve-${side}`).locator('input[type="checkbox"]');
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      if ((await box.getAttribute('data-testid')) !== `resolve-${side}-${slug(name)}` && (await box.isChecked()))
        await box.uncheck();
    }
  }

  field(id: string): Locator {
    return this.page.getByTestId(`resolve-field-${id}`);
  }

  /** The disclosure of the fields a GM sets less often: "More modifiers (2 changed)". */
  get more(): Locator {
    return this.page.getByTestId('resolve-more-toggle');
  }

  /** Opens "More modifiers" when the field waits under it. */
  async reveal(id: string): Promise<void> {
    if (!(await this.field(id).isVisible())) await this.more.click();
  }

  async setChoice(id: string, value: string): Promise<void> {
    await this.reveal(id);
    await this.field(id).selectOption(value);
  }

  async setNumber(id: string, value: number | string): Promise<void> {
    await this.reveal(id);
    await this.field(id).fill(String(value));
    await this.field(id).press('Enter');
  }

  figure(slug: string): Locator {
    return this.page.getByTestId(`resolve-odds-figure-${slug}`);
  }

  /** Types the faces for the current stage: one text per group of dice (main group first). */
  async typeFaces(...texts: string[]): Promise<void> {
    const inputs = this.stage.locator('[data-testid^="resolve-faces-"]');
    await expect(inputs).toHaveCount(texts.length);
    for (const [index, text] of texts.entries()) await inputs.nth(index).fill(text);
    await this.useFaces.click();
  }

  /** Types every group of the current stage, each die showing `face(sides)`. */
  async typeAll(face: (sides: number) => number): Promise<void> {
    const inputs = this.stage.locator('[data-testid^="resolve-faces-"]');
    const count = await inputs.count();
    const texts: string[] = [];
    for (let i = 0; i < count; i++) {
      const label = (await inputs.nth(i).locator('xpath=..').textContent()) ?? '';
      const [, dice, sides] = /\((\d+)d(\d+)\)/.exec(label) ?? [];
      texts.push(
        Array(Number(dice))
          .fill(String(face(Number(sides))))
          .join(' '),
      );
    }
    await this.typeFaces(...texts);
  }

  /** Rolls stages with the app's dice until the result shows (at most `max` stages). */
  async rollUntilResolved(max = 6): Promise<void> {
    for (let i = 0; i < max && !(await this.result.isVisible()); i++) {
      await expect(this.roll).toBeEnabled();
      await this.roll.click();
    }
    await expect(this.result).toBeVisible();
  }
}
