import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of the quick-reference panel. */
export class ReferencePage {
  readonly panel: Locator;
  readonly search: Locator;
  readonly scope: Locator;
  readonly results: Locator;
  readonly rollableOnly: Locator;
  readonly pinned: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('reference-panel');
    this.search = page.getByTestId('reference-search');
    this.scope = page.getByTestId('reference-scope');
    this.results = page.getByTestId('reference-results');
    this.rollableOnly = page.getByTestId('reference-rollable-only');
    this.pinned = page.getByTestId('reference-pinned');
  }

  table(tableId: string): Locator {
    return this.page.getByTestId(`reference-table-${tableId}`);
  }

  toggle(tableId: string): Locator {
    return this.page.getByTestId(`reference-table-${tableId}-toggle`);
  }

  pin(tableId: string): Locator {
    return this.page.getByTestId(`reference-table-${tableId}-pin`);
  }

  row(tableId: string, rowIndex: number): Locator {
    return this.page.getByTestId(`reference-table-${tableId}-row-${rowIndex}`);
  }

  result(tableId: string): Locator {
    return this.page.getByTestId(`reference-table-${tableId}-result`);
  }

  /** Table headings in the order they are listed. */
  headings(): Locator {
    return this.panel.locator('[data-testid$="-toggle"]');
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  async open(tableId: string): Promise<void> {
    const toggle = this.toggle(tableId);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** Rolls on a table with faces typed from physical dice ("4 2"). */
  async rollTyped(tableId: string, faces: string): Promise<void> {
    await this.page.getByTestId(`reference-table-${tableId}-faces`).fill(faces);
    await this.page.getByTestId(`reference-table-${tableId}-use`).click();
  }
}
