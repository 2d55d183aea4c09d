import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LayoutPage } from './pages/layout';
import { TrackerPage } from './pages/tracker';

// An encounter is built and a dozen scans run per theme; give it room on a busy machine.
test.describe.configure({ timeout: 180_000 });

const BLOCKING = new Set(['serious', 'critical']);

/** Serious and critical axe violations inside `selector`, one readable line each. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.impact} ${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`,
      ),
    );
}

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical accessibility violations in any panel, the palette or the ? overlay (${theme} theme)`, async ({
    gm,
  }) => {
    const page = gm.page;
    const layout = new LayoutPage(page);
    const tracker = new TrackerPage(page);
    await layout.ready();
    if (theme === 'light') {
      await layout.openSettings();
      await page.getByTestId('pref-theme-light').check();
      await layout.closeSettings();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    await tracker.createEncounter('Warehouse ambush', 'shadowrun-4e');
    await tracker.addFromBestiary('Street samurai', 1, 'party');
    await tracker.addFromBestiary('Ganger', 2, 'opponents');
    await tracker.start();
    await tracker.rollAllInitiative();
    await tracker.next();
    // The dice panel is collapsed in the compact default: open it to scan what it holds.
    if ((await layout.slot('dice').getAttribute('data-collapsed')) === 'true') await layout.collapse('dice');
    await expect(page.getByTestId('dice-panel')).toBeVisible();

    for (const panel of ['tracker', 'resolve', 'reference', 'log', 'dice'] as const) {
      expect.soft(await violations(page, `[data-testid="slot-${panel}"]`), `${panel} panel`).toEqual([]);
    }
    expect.soft(await violations(page, 'header.app-header'), 'header').toEqual([]);

    // A collapsed panel (header bar only) and a maximised one.
    await layout.collapse('reference');
    expect.soft(await violations(page, '[data-testid="slot-reference"]'), 'collapsed reference').toEqual([]);
    await layout.maximise('log');
    expect.soft(await violations(page, '[data-testid="layout-view"]'), 'maximised log').toEqual([]);
    await page.keyboard.press('Escape');

    await layout.openPalette();
    await layout.paletteInput.fill('turn');
    expect.soft(await violations(page, '[data-testid="palette"]'), 'command palette').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(layout.palette).toBeHidden();

    await page.getByTestId('header-progress').click();
    await page.keyboard.press('?');
    await expect(layout.shortcuts).toBeVisible();
    expect.soft(await violations(page, '[data-testid="shortcuts-overlay"]'), '? overlay').toEqual([]);
    await page.keyboard.press('Escape');

    await layout.openSettings();
    expect.soft(await violations(page, '[data-testid="settings-dialog"]'), 'settings').toEqual([]);
    await layout.closeSettings();

    await page.getByTestId('panel-move-tracker').click();
    await expect(page.getByTestId('panel-move-menu-tracker')).toBeVisible();
    expect.soft(await violations(page, '[data-testid="panel-move-menu-tracker"]'), 'move menu').toEqual([]);
    await page.keyboard.press('Escape');
  });
}
