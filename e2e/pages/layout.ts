import { expect, type Locator, type Page } from '@playwright/test';

export type PanelName = 'tracker' | 'resolve' | 'reference' | 'log' | 'dice';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Page model of the layout shell: panel slots and their controls, the palette, the `?` overlay and the settings. */
export class LayoutPage {
  readonly palette: Locator;
  readonly paletteInput: Locator;
  readonly shortcuts: Locator;
  readonly settings: Locator;

  constructor(readonly page: Page) {
    this.palette = page.getByTestId('palette');
    this.paletteInput = page.getByTestId('palette-input');
    this.shortcuts = page.getByTestId('shortcuts-overlay');
    this.settings = page.getByTestId('settings-dialog');
  }

  /**
   * Waits for the panels to be on screen after a start or reload (the first load can be slow on a
   * busy machine), and for the start-up restore check, whose offer would push them down.
   */
  async ready(): Promise<void> {
    await expect(this.slot('tracker')).toBeVisible({ timeout: 30_000 });
    await this.page.locator('[data-restore-offer]:not([data-restore-offer="checking"])').waitFor({ state: 'attached' });
  }

  slot(panel: PanelName): Locator {
    return this.page.getByTestId(`slot-${panel}`);
  }

  async box(panel: PanelName): Promise<Box> {
    const box = await this.slot(panel).boundingBox();
    if (!box) throw new Error(`The ${panel} panel is not on screen.`);
    return box;
  }

  /** Panels in the order the page holds them (reading order of the layout tree). */
  async order(): Promise<string[]> {
    return this.page
      .locator('[data-layout-slot]')
      .evaluateAll((slots) => slots.map((s) => (s as HTMLElement).dataset.layoutSlot ?? ''));
  }

  /** Drags a panel by its move handle onto another panel, with the mouse. */
  async drag(source: PanelName, target: PanelName): Promise<void> {
    const handle = this.page.getByTestId(`panel-move-${source}`);
    const from = (await handle.boundingBox())!;
    const to = await this.box(target);
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Moves a panel to another panel's place with the keyboard only: its Move menu, arrows and Enter. */
  async moveWithKeyboard(source: PanelName, target: PanelName): Promise<void> {
    await this.page.getByTestId(`panel-move-${source}`).focus();
    await this.page.keyboard.press('Enter');
    const item = this.page.getByTestId(`panel-move-${source}-to-${target}`);
    await expect(item).toBeVisible();
    for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++)
      await this.page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await this.page.keyboard.press('Enter');
  }

  async collapse(panel: PanelName): Promise<void> {
    await this.page.getByTestId(`panel-collapse-${panel}`).click();
  }

  async maximise(panel: PanelName): Promise<void> {
    await this.page.getByTestId(`panel-maximise-${panel}`).click();
  }

  /** Drags the splitter with this test id by (dx, dy) pixels. */
  async dragSplitter(testId: string, dx: number, dy: number): Promise<void> {
    const box = (await this.page.getByTestId(testId).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 6 });
    await this.page.mouse.up();
  }

  async openPalette(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    try {
      await expect(this.palette).toBeVisible();
    } catch (error) {
      // Once in a full run Ctrl+K opened nothing for 5 s: say what the page held, for the next time.
      throw new Error(`Ctrl+K did not open the palette; the page had ${JSON.stringify(await this.keyboardState())}`, {
        cause: error,
      });
    }
    await expect(this.paletteInput).toBeFocused();
  }

  /** What decides where a key goes: the focused element, open dialogs and popovers, the status line. */
  async keyboardState(): Promise<{ focus: string; open: string[]; announcement: string }> {
    return this.page.evaluate(() => {
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}`;
      return {
        focus: document.activeElement ? describe(document.activeElement) : 'none',
        open: [...document.querySelectorAll('dialog[open], :popover-open')].map(describe),
        announcement: document.querySelector('[data-testid="command-announcement"]')?.textContent ?? '',
      };
    });
  }

  /** Finds a command in the palette by typing and runs the first match with Enter. */
  async runCommand(query: string): Promise<void> {
    await this.openPalette();
    await this.paletteInput.fill(query);
    await this.page.keyboard.press('Enter');
  }

  async openSettings(): Promise<void> {
    await this.page.getByTestId('settings-open').click();
    await expect(this.settings).toBeVisible();
  }

  async closeSettings(): Promise<void> {
    await this.page.getByTestId('settings-close').click();
    await expect(this.settings).toBeHidden();
  }

  async saveLayout(name: string): Promise<void> {
    await this.openSettings();
    await this.page.getByTestId('layout-name').fill(name);
    await this.page.getByTestId('layout-save').click();
    await expect(this.page.getByTestId('layout-message')).toHaveText(`Saved as “${name}”.`);
    await this.closeSettings();
  }

  async useLayout(slug: string): Promise<void> {
    await this.openSettings();
    await this.page.getByTestId(`layout-use-${slug}`).click();
    await this.closeSettings();
  }

  /** The panels of the layout on screen as last written to storage, in reading order. */
  async storedOrder(): Promise<string[]> {
    const stored = (await this.stored('layout')) as { current?: unknown } | null;
    return [...JSON.stringify(stored?.current ?? null).matchAll(/"panel":"(\w+)"/g)].map((m) => m[1]!);
  }

  /** The value the app last wrote under a settings key, read straight from IndexedDB. */
  async stored(key: string): Promise<unknown> {
    return this.page.evaluate(
      (settingKey) =>
        new Promise((resolve, reject) => {
          const request = indexedDB.open('gm-screen');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            const get = db.transaction('settings').objectStore('settings').get(settingKey);
            get.onsuccess = () => {
              resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
              db.close();
            };
            get.onerror = () => reject(get.error);
          };
        }),
      key,
    );
  }
}
