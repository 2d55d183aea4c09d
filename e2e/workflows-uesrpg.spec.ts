import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Each scenario builds an encounter, rolls initiative and types every roll from physical dice.
test.describe.configure({ timeout: 180_000 });

/** What is left of one resource in the acting combatant's economy bar ("2/3"). */
const currentLeft = (page: Page, resource: string) => page.getByTestId(`current-resource-${resource}`).locator('.left');

/** An Adventurer against two Bandits, started, with the turn moved on until `acting` acts. */
async function setUp(page: Page, seed: string, acting: string) {
  await page.goto(`/?seed=${seed}`);
  const tracker = new TrackerPage(page);
  await tracker.createEncounter('Bandit road', 'uesrpg-3e');
  await tracker.addFromBestiary('Adventurer', 1, 'party');
  await tracker.addFromBestiary('Bandit', 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await turnOf(tracker, acting);
  return { tracker, resolve: new ResolvePage(page) };
}

async function turnOf(tracker: TrackerPage, name: string): Promise<void> {
  for (let i = 0; i < 4 && !((await tracker.current.textContent()) ?? '').includes(name); i++) await tracker.next();
  await expect(tracker.current).toContainText(name);
}

test('UESRPG spell attack: the school skill against a Block, magic damage halves the plain shield’s BR', async ({
  gm,
}) => {
  const page = gm.page;
  const { tracker, resolve } = await setUp(page, 'ues-spell', 'Adventurer');
  await resolve.selectWorkflow('Spell attack');
  await resolve.only('attackers', 'Adventurer');
  await resolve.only('targets', 'Bandit 1');
  // Shown at once: the school skill, the damage dice and the defence.
  await expect(resolve.field('schoolTn')).toBeVisible();
  await expect(resolve.field('defence')).toBeVisible();
  await resolve.setNumber('schoolTn', 55);
  await resolve.setNumber('damageDice', 2);
  await resolve.setChoice('defence', 'block');
  await resolve.setNumber('shieldBr', 5);
  // Exact odds before the roll: the Adventurer's test succeeds on 01–55 (her lucky 07–37 are all within).
  await expect(resolve.figure('spell-test-succeeds')).toHaveText(/55(\.0)?\s?%/);

  // Seed, The combat roll: the cast 23 ≤ 55 succeeds with 2 DoS; the Bandit's Block (Combat Style 45)
  // 12 succeeds with 1 DoS; both succeed against a Block, so the spell is blocked. Damage 2d6: 4 + 3 = 7.
  // Magic damage against a shield without magic BR: BR 5 counts as ⌈5 / 2⌉ = 3; 7 > 3, so the full 7
  // goes to the shield arm (left arm, AR 1): 6 damage, HP 15 → 9; 6 does not exceed WT 8, no wound.
  await resolve.typeFaces('23');
  await resolve.typeFaces('12');
  await resolve.typeFaces('4 3');
  await expect(resolve.summary).toHaveText(
    'Adventurer casts at Bandit 1 (2d6 magic, 23 vs TN 55): blocked, through to the Left Arm, 7 − AR 1 = 6 damage.',
  );
  await expect(resolve.result).toContainText(
    'Magic damage against a shield without magic BR: BR 5 counts as half, rounded up: 3.',
  );
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(tracker.health('Bandit 1')).toContainText(/9\/15/);
  // The cast is one of the round's 2 attacks (1 AP); the Block is the Bandit's reaction (1 AP).
  await expect(currentLeft(page, 'ap')).toHaveText('2/3');
  await expect(currentLeft(page, 'attacks')).toHaveText('1/2');
  await expect(page.getByTestId('log-panel')).toContainText('Bandit 1: Block');
});

test('UESRPG grapple: the grab Restrains, the held target is attacked without defence and taken down, and it escapes with Resist', async ({
  gm,
}) => {
  const page = gm.page;
  const { tracker, resolve } = await setUp(page, 'ues-grapple', 'Adventurer');
  await resolve.selectWorkflow('Grapple');
  await resolve.only('attackers', 'Adventurer');
  await resolve.only('targets', 'Bandit 1');
  await expect(resolve.field('grappleAction')).toHaveValue('grab');

  // Seed, Grappling: the Adventurer's unarmed Combat Style 55 rolls 34 (success, 3 DoS); the Bandit
  // resists with Combat Style 45 and rolls 52 (failure): the grappler wins, the Bandit is Restrained.
  await resolve.typeFaces('34');
  await resolve.typeFaces('52');
  await expect(resolve.summary).toHaveText(
    'Adventurer grapples Bandit 1 (34 vs TN 55, 52 vs TN 45): Bandit 1 is Restrained.',
  );
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(tracker.row('Bandit 1')).toContainText('Restrained');
  await expect(tracker.row('Adventurer')).toContainText('Grappling');
  // Made instead of an attack: 1 AP and one of the 2 attacks.
  await expect(currentLeft(page, 'ap')).toHaveText('2/3');
  await expect(currentLeft(page, 'attacks')).toHaveText('1/2');

  // The Bandit is Restrained now, so the panel starts with the Attack. With a knife (1d8, 1 m):
  // 38 ≤ 55 hits, the Bandit cannot defend; the ones digit 8 → Right Arm (AR 1). Damage 7 − 1 = 6,
  // HP 15 → 9, no wound (WT 8).
  await expect(resolve.field('grappleAction')).toHaveValue('attack');
  await resolve.setChoice('weapon', 'weapon');
  await resolve.setChoice('damageDie', '8');
  await resolve.typeFaces('38');
  await resolve.typeFaces('7');
  await expect(resolve.summary).toHaveText(
    'Adventurer attacks the Restrained Bandit 1 (weapon 1d8, 38 vs TN 55): hit, Right Arm, 7 − AR 1 = 6 damage.',
  );
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(tracker.health('Bandit 1')).toContainText(/9\/15/);
  await expect(currentLeft(page, 'ap')).toHaveText('1/3');
  await expect(currentLeft(page, 'attacks')).toHaveText('0/2');

  // Seed, Grappling: Takedown, a Primary Action of 1 AP with no test: both fall Prone. No dice to
  // roll: the result stands at once and one Apply marks both and spends the last AP.
  await resolve.setChoice('grappleAction', 'takedown');
  await expect(resolve.summary).toHaveText('Adventurer takes Bandit 1 down: both Prone.');
  await expect(resolve.result).toContainText(
    'Takedown: both combatants fall Prone; the grappler ignores prone penalties against the target.',
  );
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(tracker.row('Bandit 1')).toContainText('Prone');
  await expect(tracker.row('Adventurer')).toContainText('Prone');
  await expect(currentLeft(page, 'ap')).toHaveText('0/3');

  // The Bandit's turn: Restrained, so the panel starts with the escape. Resist (our default: Combat
  // Style 45) rolls 12, success with 1 DoS; the Adventurer holds on with Combat Style 55 and rolls 80,
  // failure: the Bandit breaks free (a Special Action of 1 AP).
  await turnOf(tracker, 'Bandit 1');
  await resolve.only('attackers', 'Bandit 1');
  await resolve.only('targets', 'Adventurer');
  await expect(resolve.field('grappleAction')).toHaveValue('escape');
  await resolve.typeFaces('12');
  await resolve.typeFaces('80');
  await expect(resolve.summary).toHaveText(
    "Bandit 1 resists Adventurer's grapple (12 vs TN 45, 80 vs TN 55): breaks free.",
  );
  await expect(resolve.result).toContainText(
    'The grapple ends: Bandit 1 is no longer Restrained and Adventurer no longer Grappling.',
  );
  // One Apply ends both sides of the hold and spends the Bandit's Special Action (1 AP).
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(tracker.row('Bandit 1')).not.toContainText('Restrained');
  await expect(tracker.row('Adventurer')).not.toContainText('Grappling');
  await expect(currentLeft(page, 'ap')).toHaveText('2/3');
  await expect(page.getByTestId('log-panel')).toContainText(
    "Bandit 1 resists Adventurer's grapple (12 vs TN 45, 80 vs TN 55): breaks free.",
  );
});
