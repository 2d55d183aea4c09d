import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { LogPage } from './pages/log';
import { ResolvePage } from './pages/resolve';
import { StatEditorPage } from './pages/stat-editor';
import { slug, TrackerPage } from './pages/tracker';

// Four templates typed in the bestiary, the chase form, two stages of typed dice.
test.describe.configure({ timeout: 180_000 });

/** A bestiary template with these stats typed (flags ticked), the rest at their defaults. */
async function newTemplate(page: Page, name: string, stats: Readonly<Record<string, number | true>>): Promise<void> {
  await page.getByTestId('bestiary-new').click();
  await page.getByTestId('template-name').fill(name);
  const form = StatEditorPage.forTemplateForm(page);
  for (const [statId, value] of Object.entries(stats)) {
    if (value === true) await form.field(statId).check();
    else await form.type(statId, String(value));
  }
  await form.save.click();
  await expect(page.getByTestId(`bestiary-row-${slug(name)}`)).toBeVisible();
}

test('Shadowrun chase: start between two vehicles, a Break Off from typed dice opens Medium to Long, the next Chase Turn, the end', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=chase-sr');
  await new BackupsPage(page).declineOfferIfShown();
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Highway chase', 'shadowrun-4e');

  await page.getByTestId('tracker-add').click();
  await newTemplate(page, 'Getaway Van', { vehicle: true, handling: 1, body: 10 });
  await newTemplate(page, 'Patrol Car', { vehicle: true, handling: -1, body: 8 });
  await newTemplate(page, 'Rigger', { reaction: 5, pilotGroundCraft: 4 });
  await newTemplate(page, 'Officer', { reaction: 3, pilotGroundCraft: 2 });
  await page.getByTestId('bestiary-close').click();
  await tracker.addFromBestiary('Getaway Van', 1, 'party');
  await tracker.addFromBestiary('Rigger', 1, 'party');
  await tracker.addFromBestiary('Patrol Car', 1, 'opponents');
  await tracker.addFromBestiary('Officer', 1, 'opponents');

  // The form starts with each vehicle driven by someone of its side, the party's van as the quarry.
  await page.getByTestId('chase-open').click();
  await expect(page.getByTestId('chase-driver-getaway-van')).toHaveValue(/.+/);
  await expect(page.getByTestId('chase-driver-getaway-van').locator('option:checked')).toHaveText('Rigger');
  await expect(page.getByTestId('chase-driver-patrol-car').locator('option:checked')).toHaveText('Officer');
  await expect(page.getByTestId('chase-pursuer-0').locator('option:checked')).toHaveText('Patrol Car');
  await expect(page.getByTestId('chase-quarry-0').locator('option:checked')).toHaveText('Getaway Van');
  await page.getByTestId('chase-start-range-0').selectOption('medium');
  await page.getByTestId('chase-terrain').selectOption('light');
  await page.getByTestId('chase-start').click();
  await expect(page.getByTestId('chase-turn')).toHaveText('Chase Turn 1 · Light (threshold 2)');
  await expect(page.getByTestId('chase-range-patrol-car')).toHaveValue('medium');
  await expect(page.getByTestId('chase-pair-patrol-car')).toContainText('Patrol Car (Officer) chases Getaway Van (Rigger)');

  /*
   * The van breaks off, by hand from the seed (Vehicles & Chase Combat: Vehicle Test = Reaction +
   * Vehicle skill ± Handling, against a threshold set by the terrain; book: Light terrain is 2):
   * - Rigger: Reaction 5 + Pilot Ground Craft 4 + Handling +1 = 10 dice: 6 5 5 4 3 3 2 2 2 2 → 3 hits, at
   *   least the threshold 2;
   * - Officer opposes: Reaction 3 + Pilot Ground Craft 2 + Handling −1 = 4 dice: 5 4 3 2 → 1 hit;
   * - 3 hits beat 1: the Break Off succeeds and the range opens one step, Medium → Long.
   */
  await resolve.selectWorkflow('Chase stunt');
  await resolve.only('attackers', 'Getaway Van');
  await resolve.only('targets', 'Patrol Car');
  await expect(resolve.field('stunt')).toHaveValue('break-off');
  await expect(resolve.field('range')).toHaveValue('medium');
  await expect(resolve.roll).toBeEnabled();
  await expect(resolve.stageLabel).toHaveText('Vehicle Test: 10 dice (Reaction 5, skill 4, Handling +1)');
  await resolve.typeFaces('6 5 5 4 3 3 2 2 2 2');
  await expect(resolve.stageLabel).toHaveText('Opposing Vehicle Test: 4 dice (Reaction 3, skill 2, Handling −1)');
  await resolve.typeFaces('5 4 3 2');
  await expect(resolve.summary).toHaveText('Getaway Van → Patrol Car: Break Off: 3 hits vs 1, threshold 2 → Medium to Long');
  await expect(resolve.result).toContainText('Getaway Van breaks away: the range opens one step, Medium → Long.');
  await expect(resolve.result).toContainText("Rigger's sheet: Reaction 5");
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText('Break Off: 3 hits vs 1, threshold 2 → Medium to Long');
  await expect(page.getByTestId('chase-range-patrol-car')).toHaveValue('long');
  await page.screenshot({ path: test.info().outputPath('chase-1280x800.png') });

  await page.getByTestId('chase-next-terrain').selectOption('restricted');
  await page.getByTestId('chase-next-turn').click();
  await expect(page.getByTestId('chase-turn')).toHaveText('Chase Turn 2 · Restricted (threshold 3)');
  await expect(page.getByTestId('chase-range-patrol-car')).toHaveValue('long');

  // Undo takes the Chase Turn back; redo brings it again.
  await page.getByTestId('tracker-undo').click();
  await expect(page.getByTestId('chase-turn')).toHaveText('Chase Turn 1 · Light (threshold 2)');
  await page.getByTestId('tracker-redo').click();
  await expect(page.getByTestId('chase-turn')).toHaveText('Chase Turn 2 · Restricted (threshold 3)');

  await page.getByTestId('chase-end').click();
  await expect(page.getByTestId('chase-turn')).toBeHidden();
  await expect(page.getByTestId('chase-open')).toBeEnabled();
  await expect(tracker.error).toBeHidden();

  // One log line per chase event, and the stunt's line says what it changed (after the encounter and four combatants).
  const log = new LogPage(page);
  await expect(log.entry(5)).toContainText('Chase begins (Light terrain): Patrol Car after Getaway Van at Medium');
  await expect(log.entry(6)).toContainText('Patrol Car and Getaway Van: Medium → Long range');
  await expect(log.entry(7)).toContainText('Chase Turn 2 begins (Restricted terrain)');
  await expect(log.entry(8)).toContainText('Chase ended after 2 Chase Turns');
});
