import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Builds an encounter from the bestiary and types one shot through the panel.
test.describe.configure({ timeout: 120_000 });

/**
 * The roll panel reads the Shadowrun sheets: the Street samurai's smartlinked Ares Alpha and
 * Automatics, the Ganger's Reaction and Ballistic armour all come from the bestiary entries'
 * sheets; nothing is typed into the form. The encounter is not started, so no action is spent.
 */
test('Shadowrun: the Street samurai’s smartlinked assault rifle against the Ganger’s armour vest, both from their sheets', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=sheets-sr');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Sheets: loading dock', 'shadowrun-4e');
  await tracker.addFromBestiary('Ganger', 1, 'opponents');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await resolve.selectWorkflow('Ranged attack');
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Ganger');
  await expect(resolve.field('weapon')).toHaveValue('sheet:w1');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Ares Alpha');
  await expect(resolve.field('skill')).toHaveValue('5');

  // By hand from the seed (Resolving an Attack, Ranged Combat) and the book's Ares Alpha (assault rifle,
  // 6P, AP −1, SA/BF/FA; its usual mode is semi-auto, Short range to 50 m, the default 5 m):
  // - attack: Agility 6 + Automatics 5 + smartlink 2 = 13 dice; typed 5 5 5 6 → 4 hits (one 1, no glitch);
  await expect(resolve.stageLabel).toHaveText('Attack: 13 dice (Agility 6 + Automatics 5, modifiers +2)');
  await resolve.typeFaces('5 5 5 6 1 2 3 4 2 3 4 2 3');
  // - defence: the Ganger's Reaction 3 (ranged: Reaction only); typed 5 1 2 → 1 hit; 3 net hits;
  await expect(resolve.stageLabel).toHaveText('Defence: 3 dice (Reaction 3)');
  await resolve.typeFaces('5 1 2');
  // - modified DV 6 + 3 = 9 against Ballistic 4 − 1 AP = 3: 9 > 3, Physical;
  // - resistance: Body 3 + armour 3 = 6 dice; typed 5 6 → 2 hits; 9 − 2 = 7 Physical.
  await expect(resolve.stageLabel).toHaveText('Damage resistance: 6 dice (Body 3 + Ballistic armour 3 after AP)');
  await resolve.typeFaces('5 2 2 3 4 6');
  await expect(resolve.result).toBeVisible();
  await expect(page.getByTestId('resolve-step-1')).toContainText(
    "From the sheets: Weapon Ares Alpha (Street samurai's sheet); Sight Smartlink (+2) (Street samurai's sheet: Ares Alpha smartlinked); Firearm skill 5 (Street samurai's sheet: Automatics 5); Target's Reaction 3 (Ganger's sheet); Target's Ballistic armour 4 (Ganger's sheet); Target's Impact armour 2 (Ganger's sheet); Target's Dodge 2 (Ganger's sheet: Dodge 2).",
  );
  const summary = 'Street samurai shot at Ganger with Ares Alpha: 4 vs 1 → 9P, resisted 2 → 7 Physical';
  await expect(resolve.summary).toHaveText(summary);

  // The Ganger's Physical monitor: 8 + ⌈Body 3 / 2⌉ = 10 boxes, 7 of them marked.
  const health = tracker.health('Ganger');
  await expect(health).toContainText(/Physical\s*0\/10 marked/);
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText(/Physical\s*7\/10 marked/);
  await expect(page.getByTestId('log-panel')).toContainText(summary);
});
