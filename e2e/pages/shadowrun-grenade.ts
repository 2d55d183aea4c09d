import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ResolvePage } from './resolve';
import { TrackerPage } from './tracker';

/** The Shadowrun grenade scenario, shared by its e2e spec and the screenshot of docs/screenshots/. */

/**
 * The samurai (Reaction 5 + Intuition 4 = 9 dice) types four hits: Initiative Score 13, two passes.
 * The gangers' group (3 + 3 = 6 dice) types none: 6. So the samurai acts first.
 */
export async function grenadeEncounter(page: Page): Promise<{ tracker: TrackerPage; resolve: ResolvePage }> {
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  await tracker.createEncounter('Loading dock', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 3, 'opponents');
  await tracker.start();
  const typed = async (label: string, faces: string) => {
    await page.getByTestId(`initiative-${label}-faces`).fill(faces);
    await page.getByTestId(`initiative-${label}-use`).click();
  };
  await typed('Streetsamurai', '5 5 5 5 2 2 2 2 2');
  await typed('Ganger1Ganger2Ganger3', '2 2 2 2 2 2');
  await expect(tracker.current).toHaveText('▶ Street samurai');
  return { tracker, resolve };
}

/**
 * The samurai throws a fragmentation grenade at Ganger 1; Ganger 2 stands 2 m off in direction 1,
 * Ganger 3 9 m off in direction 4. By hand from the seed (Grenades, Rockets & Missiles):
 * - attack Agility 6 + Throwing Weapons 3 = 9 dice: 5 5 6 → 3 hits; Ganger 1's Reaction 3: one 5 → 1 hit;
 *   2 net hits;
 * - scatter 1D6 = 4, −1 m per net hit = 2 m, direction 3;
 * - Ganger 1 (on the point) is 2 m from the blast: 12P(f) − 2 = 10P; Impact 2 + AP +5 = 7, 10 > 7 stays
 *   Physical; Body 3 + 7 = 10 dice, 2 hits → 8 Physical;
 * - Ganger 2: √(2² + 2² + 2·2·2) (two sides apart) = 3.46 → 3 m: 9P, 1 hit → 8 Physical;
 * - Ganger 3: √(9² + 2² − 9·2) (one side apart) = 8.19 → 8 m: 4P, 4 ≤ 7 so Stun, 0 hits → 4 Stun.
 */
export async function throwGrenade(resolve: ResolvePage): Promise<void> {
  await resolve.selectWorkflow('Grenade, rocket or missile');
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Ganger 1');
  await resolve.tick('targets', ['ganger-2', 'ganger-3']);
  await expect(resolve.field('t1.distance')).toBeVisible();
  await resolve.setNumber('t1.distance', 2);
  await resolve.setNumber('t2.distance', 9);
  // The direction waits under "More modifiers" (the distances are the common fields).
  await resolve.more.click();
  await expect(resolve.field('t2.direction')).toBeVisible();
  await resolve.setChoice('t2.direction', '4');
  await expect(resolve.roll).toBeEnabled();
  await expect(resolve.stageLabel).toHaveText('Attack: 9 dice (Agility 6 + Throwing Weapons 3)');
  await resolve.typeFaces('5 5 6 1 2 3 4 2 3');
  await expect(resolve.stageLabel).toHaveText("Defence: 3 dice (Ganger 1's Reaction 3)");
  await resolve.typeFaces('5 1 2');
  await expect(resolve.stageLabel).toHaveText('Scatter: 1D6 metres (standard thrown grenade) and 1D6 for the direction');
  await resolve.typeFaces('4', '3');
  await expect(resolve.stageLabel).toHaveText('Ganger 1 resists 10P: 10 dice (Body 3 + Impact armour 7 after AP)');
  await resolve.typeFaces('5 5 1 1 1 1 2 2 2 2');
  await expect(resolve.stageLabel).toHaveText('Ganger 2 resists 9P: 10 dice (Body 3 + Impact armour 7 after AP)');
  await resolve.typeFaces('6 2 2 2 2 2 2 2 2 2');
  await expect(resolve.stageLabel).toHaveText('Ganger 3 resists 4S: 10 dice (Body 3 + Impact armour 7 after AP)');
  await resolve.typeFaces('2 2 2 2 2 2 2 2 2 2');
  await expect(resolve.result).toBeVisible();
}
