import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// A full resolution builds an encounter, rolls initiative and types several stages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

interface SystemCase {
  id: string;
  label: string;
  pc: string;
  npc: string;
  /** Faces the attacking side types (a sure hit, the most damage) and the defending side (nothing saved). */
  attackerFace: (sides: number) => number;
  defenderFace: (sides: number) => number;
}

/** Roll-under d100 (UESRPG): low succeeds; every other die here counts high as good. */
const high = (sides: number) => (sides === 100 ? 10 : sides);
const low = (sides: number) => (sides === 100 ? 96 : 1);

const systems: SystemCase[] = [
  {
    id: 'electric-state',
    label: 'The Electric State',
    pc: 'Drifter',
    npc: 'Drone guard',
    attackerFace: high,
    defenderFace: low,
  },
  { id: 'uesrpg-3e', label: 'UESRPG', pc: 'Adventurer', npc: 'Bandit', attackerFace: high, defenderFace: low },
  {
    id: 'shadowrun-4e',
    label: 'Shadowrun',
    pc: 'Street samurai',
    npc: 'Ganger',
    attackerFace: high,
    defenderFace: low,
  },
  { id: 'hardware', label: 'Hardware', pc: 'Runner', npc: 'Street punk', attackerFace: high, defenderFace: low },
];

async function runningEncounter(tracker: TrackerPage, system: SystemCase): Promise<void> {
  await tracker.createEncounter(`${system.label} ambush`, system.id);
  await tracker.addFromBestiary(system.pc, 1, 'party');
  await tracker.addFromBestiary(system.npc, 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
}

for (const system of systems) {
  test(`${system.label}: odds, a typed attack applied to the tracker, undone with Ctrl+Z and redone with Ctrl+Shift+Z`, async ({
    gm,
  }) => {
    const page = gm.page;
    await page.goto(`/?seed=resolve-${system.id}`);
    const tracker = new TrackerPage(page);
    const resolve = new ResolvePage(page);
    await runningEncounter(tracker, system);
    await expect(resolve.noWorkflows).toBeHidden();

    const target = `${system.npc} 1`;
    await resolve.only('attackers', system.pc);
    await resolve.only('targets', target);
    const targetSelect = page.getByTestId('resolve-targets-select');
    if (await targetSelect.isVisible()) {
      // Away from it, the select keeps only the current choice (and "Ad hoc"), still shown as chosen;
      // back at it, it lists every combatant again.
      await targetSelect.evaluate((element) => (element as HTMLSelectElement).blur());
      await expect(targetSelect.locator('option')).toHaveCount(2);
      await expect(targetSelect.locator('option:checked')).toContainText(target);
      await targetSelect.focus();
      await expect(targetSelect.locator('option', { hasText: system.pc })).toHaveCount(1);
      await expect(targetSelect.locator('option:checked')).toContainText(target);
    }
    // The odds before any die: headline figures in words and numbers.
    await expect(resolve.odds.getByTestId(/^resolve-odds-figure-/).first()).toHaveText(/\d/);
    await expect(resolve.roll).toBeEnabled();

    // Every stage typed from physical dice: the attacker's dice at their best, the defender's at their worst.
    for (let i = 0; i < 8 && (await resolve.stageLabel.isVisible()); i++) {
      const roller = (await page.getByTestId('resolve-stage-roller').textContent()) ?? '';
      await resolve.typeAll(roller.includes(system.pc) ? system.attackerFace : system.defenderFace);
    }
    await expect(resolve.result).toBeVisible();
    await expect(page.getByTestId('resolve-effects')).toContainText(target);
    await expect(page.getByTestId('resolve-rolled').locator('.face').first()).toBeVisible();
    const summary = (await resolve.summary.textContent())!.trim();
    const scan = await new AxeBuilder({ page }).include('[data-testid="resolve-panel"]').analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const health = tracker.health(target);
    const before = (await health.textContent())!;
    await expect(resolve.apply).toBeEnabled();
    await resolve.apply.click();
    await expect(resolve.outcome).toContainText(summary);
    await expect(health).not.toHaveText(before);
    const after = (await health.textContent())!;
    await expect(page.getByTestId('log-panel')).toContainText(summary.slice(0, 30));
    // Ready for the next roll with the same choices.
    await expect(resolve.roll).toBeVisible();
    await expect(resolve.result).toBeHidden();

    await page.locator('body').press('Control+z');
    await expect(health).toHaveText(before);
    await page.locator('body').press('Control+Shift+Z');
    await expect(health).toHaveText(after);
  });
}

test('bad input: an impossible combination disables Roll with the reason; invalid typed faces change and log nothing', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=resolve-bad-input');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await runningEncounter(tracker, systems[0]!);
  await expect(resolve.noWorkflows).toBeHidden();
  await resolve.selectWorkflow('Attack');
  await resolve.only('attackers', 'Drifter');
  await resolve.only('targets', 'Drone guard 1');
  // The Drifter's sheet gives the Derringer; this test fights unarmed (no gear dice).
  await resolve.setChoice('weapon', 'unarmed');

  // Unarmed reaches Engaged only: Long range is impossible.
  await resolve.setChoice('range', 'long');
  await expect(resolve.roll).toBeDisabled();
  await expect(resolve.rollReason).toContainText('beyond the weapon');
  await expect(resolve.roll).toHaveAttribute('aria-describedby', 'resolve-roll-reason');
  await expect(resolve.odds).toContainText('The odds appear once the roll is possible.');
  const scan = await new AxeBuilder({ page }).include('[data-testid="resolve-panel"]').analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await resolve.setChoice('range', 'engaged');
  await expect(resolve.roll).toBeEnabled();

  const entries = (await page.getByTestId('log-count').textContent())!;
  await resolve.typeFaces('6 9 1');
  await expect(resolve.stageError).toContainText('A d6 has no face 9');
  await resolve.typeFaces('6 6');
  await expect(resolve.stageError).toContainText('2 faces were entered');
  await expect(page.getByTestId('resolve-rolled')).toBeHidden();
  await expect(page.getByTestId('log-count')).toHaveText(entries);

  // The same stage with the app's (seeded) dice, then start over: still nothing logged.
  await resolve.roll.click();
  await expect(page.getByTestId('resolve-rolled-attack')).toBeVisible();
  await expect(resolve.field('range')).toBeDisabled();
  await resolve.startOver.click();
  await expect(page.getByTestId('resolve-rolled')).toBeHidden();
  await expect(page.getByTestId('log-count')).toHaveText(entries);
});
