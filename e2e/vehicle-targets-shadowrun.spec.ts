import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Two typed shots at a car through the ordinary "Ranged attack" workflow.
test.describe.configure({ timeout: 120_000 });

/**
 * A vehicle as the target of an ordinary shot: the Sedan defends with its driver's Vehicle Test
 * and resists with Body + Armor under the book's vehicle rules (seed: Vehicles & Chase Combat),
 * its Body and Armor read from its sheet. The encounter is not started, so no action is spent.
 */
test('Shadowrun: the Street samurai shoots the Sedan with the Ares Alpha (Body + Armor resists), then with a light pistol its Armor stops', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=vehicle-targets-sr');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Vehicle targets: highway', 'shadowrun-4e');
  await tracker.addFromBestiary('Sedan', 1, 'opponents');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await resolve.selectWorkflow('Ranged attack');
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Sedan');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Ares Alpha');

  // By hand from the seed (Resolving an Attack, Vehicles & Chase Combat) and the book:
  // - attack: Agility 6 + Automatics 5 + smartlink 2 = 13 dice; typed 5 5 5 6 … → 4 hits;
  await expect(resolve.stageLabel).toHaveText('Attack: 13 dice (Agility 6 + Automatics 5, modifiers +2)');
  await resolve.typeFaces('5 5 5 6 1 2 3 4 2 3 4 2 3');
  // - defence: the Sedan is crewed, its driver swerves with a Vehicle Test: Reaction 3 + skill 3
  //   + Handling 0 = 6 dice (the form's driver, a professional's 3 and 3); typed 5 1 2 3 4 2 → 1 hit; 3 net hits;
  await expect(resolve.stageLabel).toHaveText("Defence: 6 dice (Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0)");
  await resolve.typeFaces('5 1 2 3 4 2');
  // - modified DV 6 + 3 = 9 against the Sedan's Armor 6 − 1 AP = 5: 9 exceeds it, so it resists;
  // - resistance: Body 10 + Armor 5 = 15 dice; typed → 3 hits; 9 − 3 = 6 Physical (never Stun);
  await expect(resolve.stageLabel).toHaveText('Damage resistance: 15 dice (Body 10 + Armor 5 after AP)');
  await resolve.typeFaces('5 6 1 2 3 4 4 2 2 1 3 3 5 2 2');
  const summary = 'Street samurai shot at Sedan with Ares Alpha: 4 vs 1 → 9P, resisted 3 → 6 Physical';
  await expect(resolve.summary).toHaveText(summary);
  await expect(resolve.result).toContainText("Target vehicle's Body 10 (Sedan's sheet: Body 10); Target vehicle's Armor 6 (Sedan's sheet: Armor 6)");
  await expect(resolve.result).toContainText('Armor 6 with AP −1 = 5; DV 9 exceeds it: Sedan resists the Physical damage.');
  await expect(resolve.result).toContainText('Sedan resists with Body 10 + Armor 5 = 15 dice.');
  // - the Sedan's monitor: 8 + ⌈Body 10 / 2⌉ = 13 boxes, 6 of them marked.
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(tracker.health('Sedan')).toContainText('6/13');

  // A Colt America L36 (light pistol, 4P, AP 0) from the table, with the samurai's Pistols 4:
  // - attack: Agility 6 + Pistols 4 = 10 dice; typed 5 6 1 2 3 4 2 3 4 2 → 2 hits;
  // - defence: the same 6 dice; typed 5 1 2 3 4 2 → 1 hit; 1 net hit; modified DV 4 + 1 = 5;
  // - Armor 6 with AP 0 = 6, and 5 does not exceed it: no damage and no resistance roll (book).
  await resolve.setChoice('weapon', 'colt-america-l36');
  await expect(resolve.field('skill')).toHaveValue('4');
  await expect(resolve.stageLabel).toHaveText('Attack: 10 dice (Agility 6 + Pistols 4)');
  await resolve.typeFaces('5 6 1 2 3 4 2 3 4 2');
  await expect(resolve.stageLabel).toHaveText("Defence: 6 dice (Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0)");
  await resolve.typeFaces('5 1 2 3 4 2');
  const stopped = 'Street samurai shot at Sedan with Colt America L36: 2 vs 1 → 5P, no damage';
  await expect(resolve.summary).toHaveText(stopped);
  await expect(resolve.result).toContainText(
    'Armor 6 with AP 0 = 6; DV 5 does not exceed it, so the hit does Sedan no damage (vehicle Armor).',
  );
  // The stopped shot changes no one: Apply is off, and the Sedan's monitor stays at 6 of 13.
  await expect(resolve.apply).toBeDisabled();
  await expect(page.getByTestId('resolve-apply-reason')).toHaveText('Nothing to apply: this result changes no one. Log it instead.');
  await expect(tracker.health('Sedan')).toContainText('6/13');
});
