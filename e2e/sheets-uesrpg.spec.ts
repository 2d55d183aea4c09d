import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

test.describe.configure({ timeout: 180_000 });

/** What is left of one resource in the acting combatant's economy bar ("2/3"). */
const currentLeft = (page: Page, resource: string) => page.getByTestId(`current-resource-${resource}`).locator('.left');

/**
 * The roll panel reads the UESRPG sheets: the Bandit's Sword and Combat Style, the legionary's
 * Combat Style, shield BR and left-arm AR all come from the bestiary entries; the GM only picks the
 * defence (the defender's choice) and types the dice.
 */
test('UESRPG: the Bandit’s sword against the legionary’s shield, every number from their sheets', async ({ gm }) => {
  const page = gm.page;
  await page.goto('/?seed=sheets-ues');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Sheets: the old road', 'uesrpg-3e');
  await tracker.addFromBestiary('Imperial legionary', 1, 'party');
  await tracker.addFromBestiary('Bandit', 1, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  for (let i = 0; i < 3 && !((await tracker.current.textContent()) ?? '').includes('Bandit'); i++) await tracker.next();
  await expect(tracker.current).toContainText('Bandit');

  await resolve.selectWorkflow('Melee attack');
  await resolve.only('attackers', 'Bandit');
  await resolve.only('targets', 'Imperial legionary');
  await expect(resolve.field('weapon')).toHaveValue('sheet:sword');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Sheet: Sword (1d8, 1 m)');
  await expect(resolve.field('styleTn')).toHaveValue('45');
  // The defender chooses the defence before the attacker rolls (seed, Step 2: Defend).
  await resolve.setChoice('defence', 'block');
  await resolve.reveal('shieldBr');
  await expect(resolve.field('shieldBr')).toHaveValue('6');

  // Seed, The combat roll: the Bandit's Combat Style 45 rolls 23, a success with 2 DoS; the
  // legionary's Block with Combat Style 55 rolls 41, a success with 4 DoS. Both succeed against a
  // Block, so the attack is blocked. The Sword's 1d8 rolls 7: more than the shield's BR 6, so the
  // full 7 goes to the shield arm (left arm, AR 4): 7 − 4 = 3 damage. HP ⌈40 / 2⌉ = 20 → 17; 3 does
  // not exceed WT 4 + 4 + 3 = 11, no wound.
  await expect(resolve.stageLabel).toContainText('TN 45 (Combat Style 45)');
  await resolve.typeFaces('23');
  await expect(resolve.stageLabel).toContainText('TN 55 (Combat Style 55)');
  await resolve.typeFaces('41');
  await expect(resolve.stageLabel).toContainText('Damage: Sword 1d8');
  await resolve.typeFaces('7');
  await expect(resolve.result).toBeVisible();
  await expect(page.getByTestId('resolve-step-1')).toContainText(
    "From the sheets: Weapon Sheet: Sword (1d8, 1 m) (Bandit's sheet: Sword); Combat Style TN 45 (Bandit's sheet: Combat Style 45); Defender’s Evade TN 30 (Imperial legionary's sheet: Evade 30); Defender’s Combat Style TN 55 (Imperial legionary's sheet: Combat Style 55); Shield BR 6 (Imperial legionary's sheet: Shield BR 6); Defender’s weapon (Parry, Counter-attack) Sheet: Gladius (1d6, 1 m) (Imperial legionary's sheet: Gladius).",
  );
  const summary =
    'Bandit → Imperial legionary (Sword 1d8, 23 vs TN 45): blocked, through to the Left Arm, 7 − AR 4 = 3 damage.';
  await expect(resolve.summary).toHaveText(summary);
  const health = tracker.health('Imperial legionary');
  await expect(health).toContainText(/20\/20/);
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText(/17\/20/);
  // The attack is 1 AP and one of the round's 2 attacks; the Block is the legionary's reaction.
  await expect(currentLeft(page, 'ap')).toHaveText('2/3');
  await expect(currentLeft(page, 'attacks')).toHaveText('1/2');
  await expect(page.getByTestId('log-panel')).toContainText(summary);
});
