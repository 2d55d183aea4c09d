import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of the encounter log panel. */
export class LogPage {
  readonly panel: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly count: Locator;
  readonly combatantFilter: Locator;
  readonly kindFilter: Locator;
  readonly noteInput: Locator;
  readonly noteError: Locator;
  readonly earlier: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('log-panel');
    this.list = page.getByTestId('log-list');
    this.rows = this.list.locator('[data-testid^="log-entry-"][data-undone]');
    this.count = page.getByTestId('log-count');
    this.combatantFilter = page.getByTestId('log-filter-combatant');
    this.kindFilter = page.getByTestId('log-filter-kind');
    this.noteInput = page.getByTestId('log-note-input');
    this.noteError = page.getByTestId('log-note-error');
    this.earlier = page.getByTestId('log-earlier');
  }

  /** The entry at an absolute log position (0 = the encounter's creation). */
  entry(index: number): Locator {
    return this.page.getByTestId(`log-entry-${index}`);
  }

  /** The rendered entry whose outcome text matches. */
  entryWithText(text: string | RegExp): Locator {
    return this.rows.filter({ has: this.page.locator('[data-testid$="-text"]', { hasText: text }) });
  }

  /** The last entry on screen (the list follows the newest one). */
  last(): Locator {
    return this.rows.last();
  }

  position(entry: Locator): Locator {
    return entry.locator('[data-testid$="-position"]');
  }

  who(entry: Locator): Locator {
    return entry.locator('[data-testid$="-who"]');
  }

  text(entry: Locator): Locator {
    return entry.locator('[data-testid$="-text"]');
  }

  dice(entry: Locator): Locator {
    return entry.locator('[data-testid$="-dice"]');
  }

  async filterBy(combatant: string | null): Promise<void> {
    if (combatant === null) await this.combatantFilter.selectOption({ index: 0 });
    else await this.combatantFilter.selectOption({ label: combatant });
  }

  async filterKind(label: string | null): Promise<void> {
    if (label === null) await this.kindFilter.selectOption({ index: 0 });
    else await this.kindFilter.selectOption({ label });
  }

  async jumpTo(entry: Locator): Promise<void> {
    await entry.locator('[data-testid$="-jump"]').click();
  }

  /** Adds a note and waits until it is saved (the field empties), so the next one is not typed over it. */
  async addNote(text: string): Promise<void> {
    await this.noteInput.fill(text);
    await this.page.getByTestId('log-note-add').click();
    if (text.trim() !== '') await expect(this.noteInput).toHaveValue('');
  }

  /** Runs a command from the palette (Ctrl+K), found by its label. */
  async runCommand(label: string): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.page.getByTestId('palette-input')).toBeFocused();
    await this.page.getByTestId('palette-input').fill(label);
    await this.page.keyboard.press('Enter');
  }

  /** Absolute position of the newest entry in the log. */
  async lastIndex(): Promise<number> {
    await expect(this.last()).toBeVisible();
    const id = await this.last().getAttribute('data-testid');
    return Number(id!.replace('log-entry-', ''));
  }
}
