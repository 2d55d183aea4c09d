import { systemModules } from './rules';
import type { ResolveContext } from '../shared/system-kit/workflow';
import type { SystemId } from '../shared/system-kit/rule-system';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Each case builds and starts an encounter before it looks at the form.
test.describe.configure({ timeout: 120_000 });

interface SystemCase {
  readonly id: SystemId;
  readonly label: string;
  readonly pc: string;
  readonly npc: string;
}

const systems: readonly SystemCase[] = [
  { id: 'electric-state', label: 'The Electric State', pc: 'Drifter', npc: 'Drone guard' },
  { id: 'uesrpg-3e', label: 'UESRPG', pc: 'Adventurer', npc: 'Bandit' },
  { id: 'shadowrun-4e', label: 'Shadowrun', pc: 'Street samurai', npc: 'Ganger' },
  { id: 'hardware', label: 'Hardware', pc: 'Runner', npc: 'Street punk' },
];

/** One attacker on one target: the form the common fields are chosen for. */
const oneOnOne: ResolveContext = {
  attackers: [{ name: 'A', kind: 'pc', stats: {} }],
  targets: [{ name: 'B', kind: 'npc', stats: {} }],
  toggles: {},
};

/** The fields the workflow marks common, read from the rules code itself. */
function commonFieldIds(systemId: SystemId): { label: string; ids: string[] } {
  const workflow = systemModules[systemId].workflows[0]!;
  return { label: workflow.label, ids: workflow.fields(oneOnOne).flatMap((f) => (f.common ? [f.id] : [])) };
}

async function runningEncounter(page: Page, system: SystemCase): Promise<void> {
  const tracker = new TrackerPage(page);
  await tracker.createEncounter(`${system.label} roll form`, system.id);
  await tracker.addFromBestiary(system.pc, 1, 'party');
  await tracker.addFromBestiary(system.npc, 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
}

test('Shadowrun by keyboard: r goes to the roll kind, three Tabs reach attacker, target and weapon, Enter rolls', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=roll-form-keys');
  await runningEncounter(page, systems[2]!);
  const resolve = new ResolvePage(page);
  await expect(resolve.roll).toBeEnabled();

  // Focus on nothing in particular, as after reading the tracker.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('r');
  await expect(resolve.workflow).toBeFocused();
  await expect(resolve.workflow).toHaveValue('sr4-ranged-attack');

  await page.keyboard.press('Tab');
  await expect(page.getByTestId('resolve-attackers-select')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('resolve-targets-select')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(resolve.field('weapon')).toBeFocused();

  // A shortcut key in a list is the list's (type-ahead), and the status line says how to reach the shortcut.
  await resolve.workflow.focus();
  await page.keyboard.press('n');
  await expect(page.getByTestId('command-announcement')).toHaveText(
    '"n" picks from this list. Press Esc to leave the list, then "n": Next turn.',
  );
  await expect(resolve.workflow).toHaveValue('sr4-ranged-attack');
  await page.keyboard.press('Escape');
  await expect(page.locator('#resolve-title')).toBeFocused();

  // Back along the path to the target, then Enter rolls the attack (the Roll button's first stage).
  await page.keyboard.press('r');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('resolve-targets-select')).toBeFocused();
  await expect(page.getByTestId('resolve-rolled')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resolve-rolled-attack')).toBeVisible();
  await expect(page.getByTestId('resolve-in-progress')).toBeVisible();
});

test('More modifiers: closed at first, counts the changed fields, opens by keyboard, remembered per workflow', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=roll-form-more');
  await runningEncounter(page, systems[2]!);
  const resolve = new ResolvePage(page);

  await expect(resolve.more).toHaveText('More modifiers (none changed)');
  await expect(resolve.field('visibility')).toBeHidden();
  await resolve.more.focus();
  await page.keyboard.press('Enter');
  await expect(resolve.field('visibility')).toBeVisible();
  await resolve.field('visibility').selectOption({ index: 1 });
  await resolve.setNumber('extraRc', 2);
  await expect(resolve.more).toHaveText('More modifiers (2 changed)');

  // Closed again, the changed fields stay in sight in the main form: nothing that changes the roll hides.
  await resolve.more.click();
  await expect(resolve.field('visibility')).toBeVisible();
  await expect(resolve.field('extraRc')).toBeVisible();
  await expect(resolve.field('sight')).toBeHidden();
  await expect(page.getByTestId('resolve-common-fields').getByTestId('resolve-field-extraRc')).toBeVisible();

  // The melee workflow has its own disclosure; the ranged one stays as it was left.
  await resolve.selectWorkflow('Melee attack');
  await expect(resolve.more).toHaveText('More modifiers (none changed)');
  await resolve.more.click();
  await expect(resolve.field('charging')).toBeVisible();
  await resolve.selectWorkflow('Ranged attack');
  await expect(resolve.field('sight')).toBeHidden();
  await resolve.selectWorkflow('Melee attack');
  await expect(resolve.field('charging')).toBeVisible();
});

for (const system of systems) {
  test(`${system.label} at 1280×800: the first workflow's common fields and the Roll button show without scrolling the panel`, async ({
    gm,
  }) => {
    const page = gm.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?seed=roll-form-${system.id}`);
    await runningEncounter(page, system);
    // Earlier specs' backups bring the start-up offer to this fresh page: its banner is not the form's room.
    await new BackupsPage(page).declineOfferIfShown();
    const resolve = new ResolvePage(page);
    const { label, ids } = commonFieldIds(system.id);
    await resolve.selectWorkflow(label);
    expect(ids.length).toBeGreaterThanOrEqual(2);

    const body = resolve.panel.locator('.panel-body');
    expect(await body.evaluate((el) => el.scrollTop)).toBe(0);
    for (const id of ids) await expect(resolve.field(id)).toBeInViewport({ ratio: 1 });
    await expect(resolve.roll).toBeInViewport({ ratio: 1 });
    await expect(resolve.more).toBeInViewport({ ratio: 1 });
  });
}
