import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { ResolvePage } from './pages/resolve';
import { StatEditorPage } from './pages/stat-editor';
import { slug, TrackerPage } from './pages/tracker';

// A template typed in the bestiary, three stages of typed dice twice.
test.describe.configure({ timeout: 180_000 });

/** A bestiary template with these stats typed, the rest at their defaults. */
async function newTemplate(page: Page, name: string, stats: Readonly<Record<string, number>>): Promise<void> {
  await page.getByTestId('bestiary-new').click();
  await page.getByTestId('template-name').fill(name);
  const form = StatEditorPage.forTemplateForm(page);
  for (const [statId, value] of Object.entries(stats)) await form.type(statId, String(value));
  await form.save.click();
  await expect(page.getByTestId(`bestiary-row-${slug(name)}`)).toBeVisible();
}

test('Shadowrun vehicles: the drone rolls Pilot + Response, the crewed car rolls nothing; a gunnery shot and a ram from typed dice', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=vehicles-sr');
  await new BackupsPage(page).declineOfferIfShown();
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Parking garage', 'shadowrun-4e');

  await page.getByTestId('tracker-add').click();
  await newTemplate(page, 'Rigger', { agility: 4, reaction: 4, intuition: 3, gunnery: 4 });
  await page.getByTestId('bestiary-close').click();
  await tracker.addFromBestiary('Rigger', 1, 'party');
  await tracker.addFromBestiary('Patrol drone', 1, 'opponents');
  await tracker.addFromBestiary('Sedan', 1, 'opponents');
  await tracker.start();

  /*
   * Seed, Vehicles & Chase Combat: Initiative is the controller's, or Pilot + Response when
   * unmanned/autonomous. The autonomous Patrol drone rolls Pilot 3 + Response 3 = 6 dice: 5 5 2 2 2 2 →
   * 2 hits, score 3 + 3 + 2 = 8. The crewed Sedan has no Initiative row at all. The Rigger rolls
   * Reaction 4 + Intuition 3 = 7 dice: 5 5 5 2 2 2 2 → 3 hits, score 10, and acts first.
   */
  await expect(page.getByTestId('initiative-row-Patroldrone')).toBeVisible();
  await expect(page.getByTestId('initiative-row-Sedan')).toHaveCount(0);
  await expect(page.getByTestId('initiative-Patroldrone-faces')).toBeVisible();
  await page.getByTestId('initiative-Patroldrone-faces').fill('5 5 2 2 2 2');
  await page.getByTestId('initiative-Patroldrone-use').click();
  await page.getByTestId('initiative-Rigger-faces').fill('5 5 5 2 2 2 2');
  await page.getByTestId('initiative-Rigger-use').click();
  await expect(page.getByTestId('combatant-patrol-drone-initiative')).toHaveText('8');
  await expect(page.getByTestId('combatant-rigger-initiative')).toHaveText('10');
  await expect(page.getByTestId('combatant-sedan-initiative')).toHaveText('–');
  await expect(tracker.current).toHaveText('▶ Rigger');

  /*
   * The Rigger fires the mounted gun (6P, AP −1) at the Sedan by hand. By hand from the seed and the
   * book: Agility 4 + Gunnery 4 = 8 dice: 6 5 5 3 2 1 4 4 → 3 hits; the Sedan's driver swerves with a
   * Vehicle Test, Reaction 3 + skill 3 + Handling 0 = 6 dice: 5 2 2 3 1 4 → 1 hit; 2 net hits, DV 6 + 2 = 8.
   * Armor 6 − 1 AP = 5, and 8 exceeds it, so the Sedan resists with Body 10 + 5 = 15 dice:
   * 5 6 1 2 3 4 4 2 2 1 3 3 5 2 2 → 3 hits; 8 − 3 = 5 boxes on its 8 + ⌈10/2⌉ = 13-box monitor.
   */
  await resolve.selectWorkflow('Vehicle weapon (Gunnery)');
  await resolve.only('attackers', 'Rigger');
  await resolve.only('targets', 'Sedan');
  await expect(resolve.field('skill')).toHaveValue('4');
  await expect(resolve.roll).toBeEnabled();
  await expect(resolve.stageLabel).toHaveText('Attack: 8 dice (Agility 4 + Gunnery 4)');
  await resolve.typeFaces('6 5 5 3 2 1 4 4');
  await expect(resolve.stageLabel).toHaveText("Defence: 6 dice (Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0)");
  await resolve.typeFaces('5 2 2 3 1 4');
  await expect(resolve.stageLabel).toHaveText('Sedan resists: 15 dice (Body 10 + Armor 5)');
  await resolve.typeFaces('5 6 1 2 3 4 4 2 2 1 3 3 5 2 2');
  await expect(resolve.summary).toHaveText('Rigger fired on Sedan with a mounted weapon (6P, AP −1): 3 vs 1 → 8P, Sedan 5 Physical');
  await expect(resolve.result).toContainText('Armor 6 with AP −1 = 5; DV 8 exceeds it: Sedan resists the Physical damage.');
  await expect(resolve.result).toContainText("Rigger's sheet: Gunnery 4");
  await resolve.apply.click();
  await expect(tracker.health('Sedan')).toContainText('Condition monitor');
  await expect(tracker.health('Sedan')).toContainText('5/13');
  await expect(tracker.health('Sedan')).toContainText('Damaged');

  /*
   * The Sedan rams the drone at 120 m/turn (book: 61–200 m/turn deals Body × 2). Its driver's
   * Vehicle Test, 3 + 3 + Handling 0 = 6 dice: 5 5 6 1 2 3 → 3 hits; the drone swerves with Response 3
   * + Pilot 3 + Handling 0 = 6 dice: 5 1 2 3 4 4 → 1 hit; 2 net hits. The drone takes 10 × 2 + 2 = 22P
   * against Armor 3: Body 3 + 3 = 6 dice, 5 1 1 2 2 3 → 1 hit, 21 boxes: its 10-box monitor fills, destroyed.
   * The Sedan takes half the base DV, 10, against Armor 6: Body 10 + 6 = 16 dice,
   * 5 5 6 6 1 2 2 3 3 4 4 2 2 3 3 4 → 4 hits, 6 boxes: 5 + 6 = 11 of 13.
   */
  await resolve.selectWorkflow('Ramming');
  await resolve.only('attackers', 'Sedan');
  await resolve.only('targets', 'Patrol drone');
  await expect(resolve.field('speed')).toHaveValue('90');
  await resolve.setNumber('speed', 120);
  await expect(resolve.stageLabel).toHaveText(
    "Ramming Vehicle Test: 6 dice (driver's Reaction 3 + vehicle skill 3, Handling 0)",
  );
  await resolve.typeFaces('5 5 6 1 2 3');
  await expect(resolve.stageLabel).toHaveText('Defence: 6 dice (Vehicle Test: Response 3 + Pilot 3, Handling 0)');
  await resolve.typeFaces('5 1 2 3 4 4');
  await expect(resolve.stageLabel).toHaveText('Patrol drone resists: 6 dice (Body 3 + Armor 3)');
  await resolve.typeFaces('5 1 1 2 2 3');
  await expect(resolve.stageLabel).toHaveText('Sedan resists its own ramming damage: 16 dice (Body 10 + Armor 6)');
  await resolve.typeFaces('5 5 6 6 1 2 2 3 3 4 4 2 2 3 3 4');
  await expect(resolve.summary).toHaveText('Sedan rammed Patrol drone: 3 vs 1 → 22P, Patrol drone 21 Physical; Sedan 6 Physical');
  await expect(resolve.result).toContainText('Ramming damage at 120 m/turn (61–200): Body × 2 = 20P with Body 10.');
  await resolve.apply.click();
  await expect(tracker.health('Patrol drone')).toContainText('Destroyed');
  await expect(tracker.health('Sedan')).toContainText('11/13');
});
