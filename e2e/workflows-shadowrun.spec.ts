import { expect, test } from './fixtures';
import { grenadeEncounter, throwGrenade } from './pages/shadowrun-grenade';

// Builds an encounter, types initiative and six stages of dice through the panel.
test.describe.configure({ timeout: 180_000 });

const SUMMARY =
  "Street samurai's Fragmentation (grenade): 3 vs 1, scatter 2 m → Ganger 1 8 Physical, Ganger 2 8 Physical, Ganger 3 4 Stun";

test('Shadowrun grenade: scatter, the blast on three gangers by distance in one Apply, a Simple Action, and the reminder until the thrower’s next pass', async ({
  gm,
}) => {
  const page = gm.page;
  await page.goto('/?seed=workflows-sr-grenade');
  const { tracker, resolve } = await grenadeEncounter(page);
  await throwGrenade(resolve);

  await expect(resolve.summary).toHaveText(SUMMARY);
  await expect(resolve.result).toContainText(
    'Ganger 2 stands 2 m from the intended point in direction 1; it lands 2 m off in direction 3: 3 m from the blast (rounded to whole metres).',
  );
  await expect(resolve.result).toContainText('Ganger 3: DV 4 does not exceed armour 7: the Physical damage becomes Stun.');
  await expect(resolve.result).toContainText("It detonates on the thrower's next Initiative Pass.");

  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(SUMMARY);
  await expect(tracker.health('Ganger 1')).toContainText(/Physical\s*8\/10 marked/);
  await expect(tracker.health('Ganger 2')).toContainText(/Physical\s*8\/10 marked/);
  await expect(tracker.health('Ganger 3')).toContainText(/Physical\s*0\/10 marked\s*Stun\s*4\/9 marked/);
  // One Simple Action of the two (seed, Actions: firing a weapon once; the book's throw is Simple too).
  await expect(page.getByTestId('current-resource-simple').locator('.left')).toHaveText('1/2');
  const reminder = tracker.row('Street samurai').getByText('Grenade in flight · 1 rd');
  await expect(reminder).toBeVisible();
  await expect(page.getByTestId('log-panel')).toContainText(SUMMARY);

  // The gangers' Action Phases go by with the grenade still in flight; it goes off (and the reminder
  // ends) when the samurai's next Action Phase, in Initiative Pass 2, begins.
  for (let i = 0; i < 3; i++) {
    await tracker.next();
    await expect(tracker.current).not.toHaveText('▶ Street samurai');
    await expect(reminder).toBeVisible();
  }
  await tracker.next();
  await expect(tracker.current).toHaveText('▶ Street samurai');
  await expect(reminder).toBeHidden();

  // Undo gives the reminder back; undoing the roll takes the blast off every ganger.
  await page.locator('body').press('Control+z');
  await expect(reminder).toBeVisible();
  for (let i = 0; i < 3; i++) await page.locator('body').press('Control+z');
  await expect(tracker.current).toHaveText('▶ Street samurai');
  await page.locator('body').press('Control+z');
  await expect(reminder).toBeHidden();
  await expect(tracker.health('Ganger 1')).toContainText(/Physical\s*0\/10 marked/);
  await expect(tracker.health('Ganger 3')).toContainText(/Stun\s*0\/9 marked/);
});
