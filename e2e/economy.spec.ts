import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResolvePage } from './pages/resolve';
import { TrackerPage, slug } from './pages/tracker';

// Each scenario builds an encounter, rolls initiative and types several rolls through the panel.
test.describe.configure({ timeout: 180_000 });

/** Roll-under d100 (UESRPG): low succeeds; every other die here counts high as good. */
const best = (sides: number) => (sides === 100 ? 10 : sides);
const worst = (sides: number) => (sides === 100 ? 96 : 1);

/** Types every stage until the result shows: `attacker`'s dice at their best, everyone else's at their worst. */
async function typeUntilResolved(page: Page, resolve: ResolvePage, attacker: string): Promise<void> {
  await expect(resolve.roll).toBeEnabled();
  for (let i = 0; i < 8 && (await resolve.stageLabel.isVisible()); i++) {
    const roller = (await page.getByTestId('resolve-stage-roller').textContent()) ?? '';
    await resolve.typeAll(roller.includes(attacker) ? best : worst);
  }
  await expect(resolve.result).toBeVisible();
}

/** What is left of one resource in the acting combatant's economy bar ("2/3"). */
const currentLeft = (page: Page, resource: string) => page.getByTestId(`current-resource-${resource}`).locator('.left');

async function setUp(page: Page, seed: string, name: string, system: string, pc: string, npc: string, npcs = 2) {
  await page.goto(`/?seed=${seed}`);
  const tracker = new TrackerPage(page);
  await tracker.createEncounter(name, system);
  await tracker.addFromBestiary(pc, 1, 'party');
  await tracker.addFromBestiary(npc, npcs, 'opponents');
  await tracker.start();
  return { tracker, resolve: new ResolvePage(page) };
}

test('Electric State: a target that fights back or dodges through the panel forfeits its next turn; undo gives it back', async ({
  gm,
}) => {
  const page = gm.page;
  const { tracker, resolve } = await setUp(page, 'economy-es', 'Junkyard', 'electric-state', 'Drifter', 'Drone guard');
  await tracker.rollAllInitiative();
  const acting = (await tracker.current.textContent())!.replace('▶', '').trim();
  const foe = acting === 'Drifter' ? 'Drone guard 1' : 'Drifter';
  await resolve.only('attackers', acting);
  await resolve.only('targets', foe);
  // Unarmed, not the sheet's gun: at its best dice a gun kills the foe outright, and its turn would never come.
  await resolve.setChoice('weapon', 'unarmed');
  // The target reacts: a dodge against a ranged attack, a fight-back against a close one.
  await resolve.setChoice('defence', 'dodge');
  if (!(await resolve.roll.isEnabled())) await resolve.setChoice('defence', 'fight-back');
  await typeUntilResolved(page, resolve, acting);
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(currentLeft(page, 'action')).toHaveText('0/1');
  await expect(tracker.row(foe)).toContainText('forfeits next turn');
  await expect(page.getByTestId('log-panel')).toContainText(
    `used ${acting}: Action (attack, reload, take cover, rally…), ${foe}:`,
  );

  // Undo takes the reaction back with the roll; redo brings both.
  await page.locator('body').press('Control+z');
  await expect(tracker.row(foe)).not.toContainText('forfeits next turn');
  await expect(currentLeft(page, 'action')).toHaveText('1/1');
  await page.locator('body').press('Control+Shift+Z');
  await expect(tracker.row(foe)).toContainText('forfeits next turn');

  // Its turn comes round and is skipped with the reason.
  for (let i = 0; i < 4; i++) {
    await tracker.next();
    if (await page.getByTestId('log-panel').getByText(`${foe} reacted and forfeits this turn.`).count()) break;
  }
  await expect(page.getByTestId('log-panel')).toContainText(`${foe} reacted and forfeits this turn.`);
  await expect(tracker.current).not.toContainText(foe);
});

test('UESRPG: attacks and defences spend AP, the third attack in a round is refused until the GM rules, and undo takes it all back', async ({
  gm,
}) => {
  const page = gm.page;
  const { tracker, resolve } = await setUp(page, 'economy-ues', 'Bandit road', 'uesrpg-3e', 'Adventurer', 'Bandit');
  await tracker.rollAllInitiative();
  const acting = (await tracker.current.textContent())!.replace('▶', '').trim();
  const foe = acting === 'Adventurer' ? 'Bandit 1' : 'Adventurer';
  await resolve.only('attackers', acting);
  await resolve.only('targets', foe);
  await resolve.setChoice('defence', 'evade');

  for (const [ap, attacks] of [
    ['2/3', '1/2'],
    ['1/3', '0/2'],
  ]) {
    await typeUntilResolved(page, resolve, acting);
    await resolve.apply.click();
    await expect(resolve.outcome).toBeVisible();
    await expect(currentLeft(page, 'ap')).toHaveText(ap!);
    await expect(currentLeft(page, 'attacks')).toHaveText(attacks!);
  }
  // The defender's AP went down with each Evade: the panel now starts with "no AP left".
  await page.getByTestId(`combatant-${slug(foe)}-expand`).click();
  await expect(page.getByTestId(`combatant-${slug(foe)}-detail-economy-resource-ap`).locator('.left')).toHaveText(
    '1/3',
  );
  await page.getByTestId(`combatant-${slug(foe)}-expand`).click();

  await typeUntilResolved(page, resolve, acting);
  await resolve.apply.click();
  const refusal = page.getByTestId('resolve-refusal');
  await expect(refusal).toContainText(
    `${acting} has 0 Attacks this round left; Attack (1 AP) needs 1. (Seed: Action economy)`,
  );
  await expect(currentLeft(page, 'ap')).toHaveText('1/3');
  await page.getByTestId('resolve-allow-anyway').click();
  await expect(refusal).toBeHidden();
  await expect(page.getByTestId('log-panel')).toContainText('GM ruling: allowed although');
  await expect(currentLeft(page, 'attacks')).toHaveText('0/2');

  // Undo the ruling, then the second attack: its AP and the defender's come back.
  await page.locator('body').press('Control+z');
  await page.locator('body').press('Control+z');
  await expect(currentLeft(page, 'ap')).toHaveText('2/3');
  await expect(currentLeft(page, 'attacks')).toHaveText('1/2');
});

test('Shadowrun: a shot spends a Simple Action, Full Defense spends the target’s next action, full-auto fire a Complex Action', async ({
  gm,
}) => {
  const page = gm.page;
  const { tracker, resolve } = await setUp(page, 'economy-sr', 'Docks', 'shadowrun-4e', 'Street samurai', 'Ganger');
  await tracker.rollAllInitiative();
  const acting = (await tracker.current.textContent())!.replace('▶', '').trim();
  const foe = acting === 'Street samurai' ? 'Ganger 1' : 'Street samurai';
  await resolve.only('attackers', acting);
  await resolve.only('targets', foe);
  await resolve.setChoice('weapon', 'ak-97');
  await resolve.setChoice('firingMode', 'semi-auto');
  await resolve.field('fullDefense').check();
  await typeUntilResolved(page, resolve, acting);
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(currentLeft(page, 'simple')).toHaveText('1/2');
  await expect(tracker.row(foe)).toContainText('forfeits next turn');
  await expect(page.getByTestId('log-panel')).toContainText(`${foe}: Full Defense (interrupt)`);

  // Undo: the Simple Action and the target's next action are back.
  await page.locator('body').press('Control+z');
  await expect(currentLeft(page, 'simple')).toHaveText('2/2');
  await expect(tracker.row(foe)).not.toContainText('forfeits next turn');

  await resolve.setChoice('firingMode', 'long-burst');
  await resolve.field('fullDefense').uncheck();
  await typeUntilResolved(page, resolve, acting);
  await resolve.apply.click();
  await expect(resolve.outcome).toBeVisible();
  await expect(currentLeft(page, 'simple')).toHaveText('0/2');
});

test('Hardware: a PC that failed the AGL save cannot attack without the GM’s ruling, which the log shows', async ({
  gm,
}) => {
  const page = gm.page;
  const { tracker, resolve } = await setUp(page, 'economy-hw', 'Rooftop', 'hardware', 'Runner', 'Street punk');
  // The AGL save typed from a physical d20: 20 fails, so the Runner loses this round's turn.
  await page.getByTestId('initiative-Runner-faces').fill('20');
  await page.getByTestId('initiative-Runner-use').click();
  await expect(tracker.current).toContainText('Street punk');
  // The panel follows the tracker a frame behind: once it has the one acting now as the attacker, the choice is ours.
  await expect(page.getByTestId('resolve-attackers-street-punk-1')).toBeChecked();
  await resolve.only('attackers', 'Runner');
  await resolve.only('targets', 'Street punk 1');
  await expect(page.getByTestId('resolve-attackers-runner')).toBeChecked();
  await expect(page.getByTestId('resolve-attackers-street-punk-1')).not.toBeChecked();
  await typeUntilResolved(page, resolve, 'Runner');
  await resolve.apply.click();
  const refusal = page.getByTestId('resolve-refusal');
  await expect(refusal).toContainText(
    "Runner lost this round's turn (Loses turn) and cannot act until the next round.",
  );
  const health = tracker.health('Street punk 1');
  const before = (await health.textContent())!;
  await page.getByTestId('resolve-allow-anyway').click();
  await expect(refusal).toBeHidden();
  await expect(health).not.toHaveText(before);
  await expect(page.getByTestId('log-panel')).toContainText(
    "GM ruling: allowed although “Runner lost this round's turn (Loses turn)",
  );
  await page.locator('body').press('Control+z');
  await expect(health).toHaveText(before);
});
