import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Builds an encounter, types initiative and three surprise rolls, then tries attacks in two passes.
test.describe.configure({ timeout: 180_000 });

const REFUSAL =
  'Street samurai is surprised by Ganger 1 and cannot act against Ganger 1 in the first Initiative Pass (a surprised character may not act toward or react to those who surprised them); from the second pass on, Street samurai can.';

test('Shadowrun surprise: the test from typed dice marks who is surprised by whom; the first pass refuses the surprised attacker, the second allows it', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=surprise-sr');
  await new BackupsPage(page).declineOfferIfShown();
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Alley', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  // Initiative: the samurai's 9 dice type 4 hits → 13, two passes; the gangers' 6 dice none → 6, one pass.
  // The round: samurai (pass 1), Ganger 1, Ganger 2, samurai (pass 2).
  await page.getByTestId('initiative-Streetsamurai-faces').fill('5 5 5 5 2 2 2 2 2');
  await page.getByTestId('initiative-Streetsamurai-use').click();
  await page.getByTestId('initiative-Ganger1Ganger2-faces').fill('2 2 2 2 2 2');
  await page.getByTestId('initiative-Ganger1Ganger2-use').click();
  await expect(tracker.current).toHaveText('▶ Street samurai');

  /*
   * The surprise test, by hand (seed, Other Combat Factors: an Initiative Test at the fight's start
   * decides who can act against whom in the first pass; book: Reaction + Intuition, alerted +3 dice,
   * surprised by everyone who scores more hits, ties surprise no one, friends included):
   * - Street samurai, alerted: Reaction 5 + Intuition 4 + 3 = 12 dice: 5 5 6 1 2 3 4 2 3 4 2 3 → 3 hits;
   * - Ganger 1: Reaction 3 + Intuition 3 = 6 dice: 5 5 5 5 2 2 → 4 hits;
   * - Ganger 2: 6 dice: 5 1 2 3 4 2 → 1 hit.
   * Pairs: samurai 3 < Ganger 1 4 → the samurai is surprised by Ganger 1; samurai 3 > Ganger 2 1 →
   * Ganger 2 is surprised by the samurai; Ganger 1 4 > Ganger 2 1 → Ganger 2 is surprised by Ganger 1.
   */
  await resolve.selectWorkflow('Surprise test');
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Ganger 1');
  await resolve.tick('targets', ['ganger-2']);
  await page.getByLabel('Street samurai: surprise').selectOption('alerted');
  await expect(resolve.figure('street-samurai-surprised')).toBeVisible();
  await expect(resolve.stageLabel).toHaveText('Surprise: Street samurai rolls 12 dice (Reaction 5 + Intuition 4, alerted +3)');
  await page.screenshot({ path: test.info().outputPath('surprise-form-1280x800.png') });
  await resolve.typeFaces('5 5 6 1 2 3 4 2 3 4 2 3');
  await expect(resolve.stageLabel).toHaveText('Surprise: Ganger 1 rolls 6 dice (Reaction 3 + Intuition 3)');
  await resolve.typeFaces('5 5 5 5 2 2');
  await expect(resolve.stageLabel).toHaveText('Surprise: Ganger 2 rolls 6 dice (Reaction 3 + Intuition 3)');
  await resolve.typeFaces('5 1 2 3 4 2');
  const summary = 'Surprise test: Street samurai by Ganger 1; Ganger 2 by Street samurai, Ganger 1 (first pass)';
  await expect(resolve.summary).toHaveText(summary);
  await expect(resolve.result).toContainText(
    'Street samurai 3 hits vs Ganger 1 4 hits: Street samurai is surprised by Ganger 1 and can neither act against nor react to Ganger 1 in the first Initiative Pass.',
  );
  await expect(resolve.result).toContainText(
    'Ganger 1 4 hits vs Ganger 2 1 hit: Ganger 2 is surprised by Ganger 1 and can neither act against nor react to Ganger 1 in the first Initiative Pass.',
  );
  await page.screenshot({ path: test.info().outputPath('surprise-1280x800.png') });
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  const samuraiChip = tracker.row('Street samurai').getByText('Surprised by Ganger 1 · 1 pass');
  await expect(samuraiChip).toBeVisible();
  await expect(tracker.row('Ganger 2').getByText('Surprised by Street samurai, Ganger 1 · 1 pass')).toBeVisible();
  await expect(tracker.row('Ganger 1').getByText(/Surprised/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('surprised-chips-1280x800.png') });

  // Pass 1: the samurai cannot shoot Ganger 1, who surprised them…
  await resolve.selectWorkflow('Ranged attack');
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Ganger 1');
  await expect(resolve.rollReason).toContainText(REFUSAL);
  await expect(resolve.roll).toBeDisabled();
  // …but can shoot Ganger 2, whom the samurai surprised: Ganger 2 cannot react, so no defence roll comes.
  await resolve.only('targets', 'Ganger 2');
  await expect(resolve.roll).toBeEnabled();
  await expect(resolve.stageLabel).toHaveText(/^Attack: /);
  await resolve.typeAll(() => 5);
  await expect(resolve.stageLabel).toHaveText(/^Damage resistance: /);
  await resolve.startOver.click();

  // Ganger 1 and Ganger 2 take their Action Phases, still in pass 1 and still surprised; pass 2 begins
  // with the samurai, and surprise is over.
  await tracker.next();
  await tracker.next();
  await expect(tracker.current).toHaveText('▶ Ganger 2');
  await expect(samuraiChip).toBeVisible();
  await tracker.next();
  await expect(tracker.current).toHaveText('▶ Street samurai');
  await expect(samuraiChip).toBeHidden();
  await expect(tracker.row('Ganger 2').getByText(/Surprised/)).toHaveCount(0);
  await resolve.only('targets', 'Ganger 1');
  await expect(resolve.roll).toBeEnabled();
  await expect(resolve.rollReason).toBeHidden();
  await expect(tracker.error).toBeHidden();
});
