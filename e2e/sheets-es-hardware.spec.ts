import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Each test builds an encounter from the bestiary and types a roll through the panel.
test.describe.configure({ timeout: 120_000 });

/**
 * The roll panel reads the sheets: the attacker's weapon and the target's armour come from the
 * bestiary entries' sheets, nothing is chosen in the form, and the explanation's first step says
 * where each number came from. The encounter is not started, so the roll spends no action.
 */

test('Electric State: the Drifter’s Derringer against the Drone guard’s Armor Level 2, both from their sheets', async ({ gm }) => {
  const page = gm.page;
  await page.goto('/?seed=sheets-es');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Sheets: junkyard', 'electric-state');
  await tracker.addFromBestiary('Drifter', 1, 'party');
  await tracker.addFromBestiary('Drone guard', 2, 'opponents');
  await resolve.selectWorkflow('Attack');
  await resolve.only('attackers', 'Drifter');
  await resolve.only('targets', 'Drone guard 1');
  await expect(resolve.field('weapon')).toHaveValue('sheet:w1');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Sheet: Derringer (+2, damage 2, Engaged–Short)');

  // Seed, Weapons Table: Derringer +2, damage 2, Engaged–Short. The range starts at Engaged and the
  // Derringer is a firearm: "Firearms in close combat: Roll Strength" — Drifter's Strength 3 + 2 gear
  // dice. Typed: base 6 6 2, gear 6 1 = three sixes: a hit for 2 + 1 per extra six (2) = 4 damage.
  await expect(resolve.stageLabel).toContainText('5 dice (Strength 3 + 2 gear, derringer)');
  await resolve.typeFaces('6 6 2', '6 1');
  // Body Armor: Drone guard's sheet gives Armor Level 2, two dice; one 6 eliminates 1 damage → 3.
  await expect(resolve.stageLabel).toContainText("Drone guard 1's armour: Armor Level 2");
  await resolve.typeFaces('6 3');
  await expect(resolve.result).toBeVisible();
  await expect(page.getByTestId('resolve-step-1')).toContainText(
    "From the sheets: Weapon Sheet: Derringer (+2, damage 2, Engaged–Short) (Drifter's sheet: Derringer); Target's Armor Level 2 (Drone guard 1's sheet: Armor Level 2).",
  );
  // Drone guard: max Health ⌈(Strength 3 + Agility 3) / 2⌉ = 3; 3 damage takes it to 0 (Incapacitated,
  // not killed outright: that needs 2 × 3 = 6 in one hit).
  const summary = 'Drifter → Drone guard 1 (derringer, Engaged): hit, 4 damage − 1 blocked = 3.';
  await expect(resolve.summary).toHaveText(summary);
  const health = tracker.health('Drone guard 1');
  await expect(health).toContainText('Health3/3');
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText('Health0/3');
  await expect(health).toContainText('Incapacitated');
  await expect(page.getByTestId('log-panel')).toContainText(summary);
});

test('Hardware: the Runner’s Pistol (d6) against the Corp enforcer’s Armor 1, both from their sheets', async ({ gm }) => {
  const page = gm.page;
  await page.goto('/?seed=sheets-hardware');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Sheets: rooftop', 'hardware');
  await tracker.addFromBestiary('Runner', 1, 'party');
  await tracker.addFromBestiary('Corp enforcer', 2, 'opponents');
  await resolve.selectWorkflow('Attack');
  await resolve.only('attackers', 'Runner');
  await resolve.only('targets', 'Corp enforcer 1');
  await expect(resolve.field('a0.die')).toHaveValue('sheet:w1');
  await expect(resolve.field('a0.die').locator('option:checked')).toHaveText('Sheet: Pistol (d6)');

  // Seed, Attacking & Damage: the attacker rolls their weapon die (the Pistol's d6) and subtracts the
  // target's Armor. Typed 6: 6 − Armor 1 (Corp enforcer's sheet) = 5 damage to Stamina 6 → 1.
  await expect(resolve.stageLabel).toContainText("Runner's damage die, d6");
  await resolve.typeFaces('6');
  await expect(resolve.result).toBeVisible();
  await expect(page.getByTestId('resolve-step-1')).toContainText(
    "From the sheets: Runner: weapon Sheet: Pistol (d6) (Runner's sheet: Pistol); Corp enforcer 1: Armor 1 (Corp enforcer 1's sheet: Armor 1); Corp enforcer 1: Buffer 0 (Corp enforcer 1's sheet: Buffer 0).",
  );
  const summary = 'Runner attacked Corp enforcer 1: 6 − Armor 1 → 5 damage; Stamina 6 → 1.';
  await expect(resolve.summary).toHaveText(summary);
  const health = tracker.health('Corp enforcer 1');
  await expect(health).toContainText('Stamina6/6');
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText('Stamina1/6');
  await expect(page.getByTestId('log-panel')).toContainText(summary);
});
