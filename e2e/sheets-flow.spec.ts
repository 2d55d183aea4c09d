import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { QuickAddPage } from './pages/quick-add';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

// Two quick adds, initiative and a typed attack per system; room for a busy machine.
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 14's whole flow, per system, through the UI only: a PC and a group of two NPCs from the
 * quick form (typed key stats, one table weapon), the fight started with typed initiative so the PC
 * acts first, the attack workflow chosen, the PC (acting now) as attacker and NPC 1 as target — and
 * no other field touched: weapon, skill or pool and armour come from the sheets. The dice are typed;
 * the explanation's "From the sheets" step and the result are checked against a hand computation.
 */

interface Sheet {
  readonly name: string;
  readonly stats: Readonly<Record<string, number>>;
  /** Skills typed under the form's "Skills" disclosure. */
  readonly skills?: Readonly<Record<string, number>>;
  readonly weapon?: string;
}

/** Adds the PC and then a group of two NPCs, each from the quick form. */
async function quickAdd(page: Page, pc: Sheet, npc: Sheet): Promise<void> {
  const quick = new QuickAddPage(page);
  for (const [kind, sheet] of [
    ['pc', pc],
    ['npc', npc],
  ] as const) {
    await quick.open(kind);
    await quick.name.fill(sheet.name);
    if (kind === 'npc') await quick.count.fill('2');
    await quick.typeStats(sheet.stats);
    if (sheet.skills) {
      await page.getByTestId('quick-add-skills').locator('summary').click();
      await quick.typeStats(sheet.skills);
    }
    if (sheet.weapon) await quick.addTableWeapon(sheet.weapon);
    await quick.addWithEnter();
    await expect(quick.dialog).toBeHidden();
  }
}

/** Types one initiative roll (its row named by the participant's label without spaces). */
async function typeInitiative(page: Page, label: string, faces: string): Promise<void> {
  await page.getByTestId(`initiative-${label}-faces`).fill(faces);
  await page.getByTestId(`initiative-${label}-use`).click();
}

/** The explanation's first step without its citation: the "From the sheets" sentence alone. */
async function firstStepSentence(page: Page): Promise<string | undefined> {
  return page.getByTestId('resolve-step-1').evaluate((li) => li.childNodes[0]?.textContent?.trim());
}

async function openEncounter(page: Page, name: string, systemId: string): Promise<TrackerPage> {
  const tracker = new TrackerPage(page);
  await new BackupsPage(page).declineOfferIfShown();
  await tracker.createEncounter(name, systemId);
  return tracker;
}

test('Electric State: Mara’s Knife and Strength against Scrapper 1’s Armor Level, all from the quick form’s sheets', async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = await openEncounter(page, 'Flow: junkyard', 'electric-state');
  const resolve = new ResolvePage(page);
  await quickAdd(
    page,
    { name: 'Mara', stats: { strength: 4, agility: 3, wits: 3 }, weapon: 'Knife' },
    { name: 'Scrapper', stats: { strength: 4, agility: 4, wits: 2, armor: 1 } },
  );

  // Seed, Round Structure: each side rolls D6 + its highest Wits. Party 5 + 3 = 8, opponents 1 + 2 = 3.
  await tracker.start();
  await typeInitiative(page, 'Party', '5');
  await typeInitiative(page, 'Opponents', '1');
  await expect(tracker.current).toHaveText('▶ Mara');
  await expect(page.getByTestId('combatant-mara-initiative')).toHaveText('8');
  await expect(page.getByTestId('combatant-scrapper-1-initiative')).toHaveText('3');

  await resolve.selectWorkflow('Attack');
  await expect(page.getByTestId('resolve-attackers-select').locator('option:checked')).toHaveText('▶ Acting now: Mara');
  await resolve.choose('targets', 'Scrapper 1');
  await expect(resolve.field('weapon')).toHaveValue('sheet:w1');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Sheet: Knife (+1, damage 2, Engaged)');
  await resolve.reveal('armorLevel');
  await expect(resolve.field('armorLevel')).toHaveValue('1');

  // Seed, Close Combat: "Roll: Strength + weapon bonus dice" — Mara's Strength 4 + the Knife's +1.
  // Typed: base 6 6 3 2, gear 6 = three sixes; the target takes the hit: base Damage 2 + 1 per extra 6
  // (two) = 4. Body Armor: Scrapper's Armor Level 1, one die; a 6 eliminates 1 point → 3 damage.
  await expect(resolve.stageLabel).toContainText('5 dice (Strength 4 + 1 gear, knife)');
  await resolve.typeFaces('6 6 3 2', '6');
  await expect(resolve.stageLabel).toContainText("Scrapper 1's armour: Armor Level 1");
  await resolve.typeFaces('6');
  await expect(resolve.result).toBeVisible();
  expect(await firstStepSentence(page)).toBe(
    "From the sheets: Weapon Sheet: Knife (+1, damage 2, Engaged) (Mara's sheet: Knife); Target's Armor Level 1 (Scrapper 1's sheet: Armor Level 1).",
  );
  const summary = 'Mara → Scrapper 1 (knife, Engaged): hit, 4 damage − 1 blocked = 3.';
  await expect(resolve.summary).toHaveText(summary);

  // Scrapper: max Health ⌈(Strength 4 + Agility 4) / 2⌉ = 4; 3 damage leaves 1.
  const health = tracker.health('Scrapper 1');
  await expect(health).toContainText('Health4/4');
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText('Health1/4');
  await expect(tracker.health('Scrapper 2')).toContainText('Health4/4');
  await expect(page.getByTestId('log-panel')).toContainText(summary);
  await expect(tracker.error).toHaveCount(0);
});

test('Hardware: Rook’s Sniper Rifle against Goon 1’s Armor, all from the quick form’s sheets', async ({ gm }) => {
  const page = gm.page;
  const tracker = await openEncounter(page, 'Flow: rooftop', 'hardware');
  const resolve = new ResolvePage(page);
  await quickAdd(
    page,
    { name: 'Rook', stats: { BOD: 10, AGL: 12, CTR: 11, stamina: 6 }, weapon: 'Sniper Rifle' },
    { name: 'Goon', stats: { BOD: 8, AGL: 9, stamina: 8, armor: 1 } },
  );

  // Seed, Rounds: each PC makes an AGL save to act before the opponents. Rook's AGL 12, typed 7: 7 ≤ 12, a success.
  await tracker.start();
  await typeInitiative(page, 'Rook', '7');
  await expect(tracker.current).toHaveText('▶ Rook');

  await resolve.selectWorkflow('Attack');
  await expect(page.getByTestId('resolve-attackers-rook')).toBeChecked();
  await resolve.only('targets', 'Goon 1');
  await expect(resolve.field('a0.die')).toHaveValue('sheet:w1');
  await expect(resolve.field('a0.die').locator('option:checked')).toHaveText('Sheet: Sniper Rifle (d8)');
  await resolve.reveal('armor');
  await expect(resolve.field('armor')).toHaveValue('1');

  // Seed, Attacking & Damage: attacks hit; the attacker rolls the weapon die (the Sniper Rifle's d8) and
  // subtracts the target's Armor (Goon's sheet: 1). Typed 7: 7 − 1 = 6 damage to Stamina 8 → 2.
  await expect(resolve.stageLabel).toContainText("Rook's damage die, d8");
  await resolve.typeFaces('7');
  await expect(resolve.result).toBeVisible();
  expect(await firstStepSentence(page)).toBe(
    "From the sheets: Rook: weapon Sheet: Sniper Rifle (d8) (Rook's sheet: Sniper Rifle); Goon 1: Armor 1 (Goon 1's sheet: Armor 1); Goon 1: Buffer 0 (Goon 1's sheet: Buffer 0).",
  );
  const summary = 'Rook attacked Goon 1: 7 − Armor 1 → 6 damage; Stamina 8 → 2.';
  await expect(resolve.summary).toHaveText(summary);
  const health = tracker.health('Goon 1');
  await expect(health).toContainText('Stamina8/8');
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText('Stamina2/8');
  await expect(tracker.health('Goon 2')).toContainText('Stamina8/8');
  await expect(page.getByTestId('log-panel')).toContainText(summary);
  await expect(tracker.error).toHaveCount(0);
});

test('UESRPG: Lydia’s Punches/Kicks and Combat Style against Footpad 1’s Evade and body AR, all from the quick form’s sheets', async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = await openEncounter(page, 'Flow: the old road', 'uesrpg-3e');
  const resolve = new ResolvePage(page);
  await quickAdd(
    page,
    {
      name: 'Lydia',
      stats: { strength: 40, endurance: 40, agility: 45, willpower: 35, combatStyle: 55, evade: 40 },
      weapon: 'Punches/Kicks',
    },
    {
      name: 'Footpad',
      stats: { strength: 30, endurance: 30, agility: 35, willpower: 30, combatStyle: 40, evade: 35, arBody: 1 },
    },
  );

  // Seed, Combat sequence › Step 3: 1d6 + Initiative Rating, highest first; one roll for the group.
  // IR = Agility + Intelligence + Perception bonuses (the last two at their default 30): Lydia 4 + 3 + 3
  // = 10, typed 6 → 16; the Footpads 3 + 3 + 3 = 9, typed 1 → 10.
  await tracker.start();
  await typeInitiative(page, 'Lydia', '6');
  await typeInitiative(page, 'Footpad1Footpad2', '1');
  await expect(tracker.current).toHaveText('▶ Lydia');
  await expect(page.getByTestId('combatant-lydia-initiative')).toHaveText('16');
  await expect(page.getByTestId('combatant-footpad-1-initiative')).toHaveText('10');

  await resolve.selectWorkflow('Melee attack');
  await expect(page.getByTestId('resolve-attackers-select').locator('option:checked')).toHaveText(
    '▶ Acting now: Lydia',
  );
  await resolve.choose('targets', 'Footpad 1');
  await expect(resolve.field('weapon')).toHaveValue('sheet:w1');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Sheet: Punches/Kicks (1d4, 1 m)');
  await expect(resolve.field('styleTn')).toHaveValue('55');
  // The defender's choice starts at Evade, with the Footpad's Evade from its sheet.
  await expect(resolve.field('defence')).toHaveValue('evade');
  await resolve.reveal('evadeTn');
  await expect(resolve.field('evadeTn')).toHaveValue('35');

  // Seed, The combat roll: Lydia's Combat Style 55 rolls 23, a success (2 DoS); the Footpad's Evade
  // 35 rolls 47, a failure: the attacker wins. Hit location (ones digit of the attack roll, 3): Body,
  // AR 1 from the Footpad's sheet. Punches/Kicks 1d4 rolls 4: 4 − 1 = 3 damage. HP ⌈Endurance 30 / 2⌉
  // = 15 → 12; 3 does not exceed WT 3 + 3 + 3 = 9, no wound.
  await expect(resolve.stageLabel).toContainText('TN 55 (Combat Style 55)');
  await resolve.typeFaces('23');
  await expect(resolve.stageLabel).toContainText('TN 35 (Evade 35)');
  await resolve.typeFaces('47');
  await expect(resolve.stageLabel).toContainText('Damage: Punches/Kicks 1d4');
  await resolve.typeFaces('4');
  await expect(resolve.result).toBeVisible();
  expect(await firstStepSentence(page)).toBe(
    "From the sheets: Weapon Sheet: Punches/Kicks (1d4, 1 m) (Lydia's sheet: Punches/Kicks); Combat Style TN 55 (Lydia's sheet: Combat Style 55); Defender’s Evade TN 35 (Footpad 1's sheet: Evade 35); Defender’s Combat Style TN 40 (Footpad 1's sheet: Combat Style 40).",
  );
  const summary = 'Lydia → Footpad 1 (Punches/Kicks 1d4, 23 vs TN 55): hit, Body, 4 − AR 1 = 3 damage.';
  await expect(resolve.summary).toHaveText(summary);
  const health = tracker.health('Footpad 1');
  await expect(health).toContainText(/15\/15/);
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText(/12\/15/);
  await expect(tracker.health('Footpad 2')).toContainText(/15\/15/);
  // The attack is 1 of Lydia's 3 AP and one of the round's 2 attacks.
  await expect(page.getByTestId('current-resource-ap').locator('.left')).toHaveText('2/3');
  await expect(page.getByTestId('current-resource-attacks').locator('.left')).toHaveText('1/2');
  await expect(page.getByTestId('log-panel')).toContainText(summary);
  await expect(tracker.error).toHaveCount(0);
});

test('Shadowrun: Ghost’s Ares Predator IV and Pistols against Halloweener 1’s Reaction and armour, all from the quick form’s sheets', async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = await openEncounter(page, 'Flow: Barrens', 'shadowrun-4e');
  const resolve = new ResolvePage(page);
  await quickAdd(
    page,
    {
      name: 'Ghost',
      stats: { body: 4, agility: 5, reaction: 4, intuition: 4 },
      skills: { pistols: 5 },
      weapon: 'Ares Predator IV',
    },
    {
      name: 'Halloweener',
      stats: { body: 3, agility: 3, reaction: 3, intuition: 3, ballistic: 4, impact: 2 },
      skills: { dodge: 2 },
    },
  );

  // Seed, The Combat Turn: Reaction + Intuition + hits. Ghost rolls 4 + 4 = 8 dice, typed 5 5 5 2 2 2 2 2:
  // 3 hits → 11. The Halloweeners (one group roll) 3 + 3 = 6 dice, typed 2 2 2 2 2 3: no hits → 6.
  await tracker.start();
  await typeInitiative(page, 'Ghost', '5 5 5 2 2 2 2 2');
  await typeInitiative(page, 'Halloweener1Halloweener2', '2 2 2 2 2 3');
  await expect(tracker.current).toHaveText('▶ Ghost');
  await expect(page.getByTestId('combatant-ghost-initiative')).toHaveText('11');
  await expect(page.getByTestId('combatant-halloweener-1-initiative')).toHaveText('6');

  await resolve.selectWorkflow('Ranged attack');
  await expect(page.getByTestId('resolve-attackers-select').locator('option:checked')).toHaveText(
    '▶ Acting now: Ghost',
  );
  await resolve.choose('targets', 'Halloweener 1');
  await expect(resolve.field('weapon')).toHaveValue('sheet:w1');
  await expect(resolve.field('weapon').locator('option:checked')).toHaveText('Ares Predator IV');
  await expect(resolve.field('skill')).toHaveValue('5');
  // The target's numbers: fields named by its combatant id, so found by the stat they hold.
  const targetStat = (stat: string) => page.locator(`[data-testid^="resolve-field-target."][data-testid$=".${stat}"]`);
  // They wait under "More modifiers" (opened when closed, as reveal() does for a field of known id).
  if (!(await targetStat('reaction').isVisible())) await resolve.more.click();
  await expect(targetStat('reaction')).toHaveValue('3');
  await expect(targetStat('ballistic')).toHaveValue('4');
  await expect(targetStat('impact')).toHaveValue('2');

  // By hand from the seed (Resolving an Attack, Ranged Combat) and the book's Ares Predator IV (heavy
  // pistol, 5P, AP −1, SA; the default 5 m is Short range, no modifier):
  // - attack: Agility 5 + Pistols 5 = 10 dice; typed 5 5 6 2 2 3 3 4 4 1 → 3 hits (one 1, no glitch);
  await expect(resolve.stageLabel).toHaveText('Attack: 10 dice (Agility 5 + Pistols 5)');
  await resolve.typeFaces('5 5 6 2 2 3 3 4 4 1');
  // - defence against a ranged attack: Reaction 3 alone; typed 5 1 2 → 1 hit; 2 net hits;
  await expect(resolve.stageLabel).toHaveText('Defence: 3 dice (Reaction 3)');
  await resolve.typeFaces('5 1 2');
  // - modified DV 5 + 2 = 7 against Ballistic 4 − 1 AP = 3: 7 > 3, Physical;
  // - resistance: Body 3 + armour 3 = 6 dice; typed 5 2 2 3 4 1 → 1 hit; 7 − 1 = 6 Physical.
  await expect(resolve.stageLabel).toHaveText('Damage resistance: 6 dice (Body 3 + Ballistic armour 3 after AP)');
  await resolve.typeFaces('5 2 2 3 4 1');
  await expect(resolve.result).toBeVisible();
  expect(await firstStepSentence(page)).toBe(
    "From the sheets: Weapon Ares Predator IV (Ghost's sheet); Firearm skill 5 (Ghost's sheet: Pistols 5); Target's Reaction 3 (Halloweener 1's sheet); Target's Ballistic armour 4 (Halloweener 1's sheet); Target's Impact armour 2 (Halloweener 1's sheet); Target's Dodge 2 (Halloweener 1's sheet: Dodge 2).",
  );
  const summary = 'Ghost shot at Halloweener 1 with Ares Predator IV: 3 vs 1 → 7P, resisted 1 → 6 Physical';
  await expect(resolve.summary).toHaveText(summary);

  // Halloweener's Physical monitor: 8 + ⌈Body 3 / 2⌉ = 10 boxes, 6 of them marked.
  const health = tracker.health('Halloweener 1');
  await expect(health).toContainText(/Physical\s*0\/10 marked/);
  await resolve.apply.click();
  await expect(resolve.outcome).toContainText(summary);
  await expect(health).toContainText(/Physical\s*6\/10 marked/);
  // Seed, The Combat Turn: the wound modifier (−1 per full 3 boxes: −2) lowers the Initiative Score at once, 6 → 4.
  await expect(page.getByTestId('combatant-halloweener-1-initiative')).toHaveText(/^4/);
  await expect(tracker.health('Halloweener 2')).toContainText(/Physical\s*0\/10 marked/);
  await expect(page.getByTestId('log-panel')).toContainText(summary);
  await expect(tracker.error).toHaveCount(0);
});
