import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { LogPage } from './pages/log';
import { TrackerPage } from './pages/tracker';

interface SystemCase {
  id: string;
  label: string;
  pc: string;
  npc: string;
  /** A condition id of the system to put on the first NPC. */
  condition: string;
  /** Damage that brings the PC to the point where the rules ask for a roll, and that roll. */
  downPc?: { amount: number; kind?: string; prompt: string; faces: string; shows?: string };
  /** A hit on an NPC and the text its health shows afterwards. */
  hit: { amount: number; kind?: string; location?: string; shows: RegExp };
  /** What the header calls a round ("Combat Turn" in Shadowrun). */
  round?: string;
}

const systems: SystemCase[] = [
  {
    id: 'electric-state',
    label: 'The Electric State',
    pc: 'Drifter',
    npc: 'Drone guard',
    condition: 'in-cover',
    // The dying PC's row keeps the tally of its death rolls.
    downPc: { amount: 4, prompt: 'death-roll', faces: '6 2 3 4', shows: 'Death rolls: 1 roll made — 1 six of 3, 0 failed rolls of 3' },
    hit: { amount: 1, shows: /2\/3/ },
  },
  {
    id: 'uesrpg-3e',
    label: 'UESRPG',
    pc: 'Adventurer',
    npc: 'Bandit',
    condition: 'prone',
    hit: { amount: 4, location: 'body', shows: /11\/15/ },
  },
  {
    id: 'shadowrun-4e',
    label: 'Shadowrun',
    pc: 'Street samurai',
    npc: 'Ganger',
    condition: 'running',
    // A condition monitor reads as damage taken: 3 of 10 boxes marked.
    hit: { amount: 3, shows: /3\/10 marked/ },
    round: 'Combat Turn',
  },
  {
    id: 'hardware',
    label: 'Hardware',
    pc: 'Runner',
    npc: 'Street punk',
    condition: 'heavy-cover',
    downPc: { amount: 7, prompt: 'critical-damage', faces: '3' },
    hit: { amount: 2, shows: /1\/3/ },
  },
];

/** Advances until the round counter moves on, rolling initiative where the system rerolls it each round. */
/** Clicks "Next turn" and waits until the round or the acting combatant has changed on screen. */
async function advance(tracker: TrackerPage): Promise<void> {
  const where = async () => `${await tracker.round.textContent()}|${(await tracker.current.allTextContents()).join('')}`;
  const before = await where();
  await tracker.next();
  await expect.poll(where).not.toBe(before);
}

async function finishRound(tracker: TrackerPage, round: number, word = 'Round'): Promise<void> {
  for (let i = 0; i < 20 && !(await tracker.round.textContent())?.startsWith(`${word} ${round + 1}`); i++) await advance(tracker);
  await expect(tracker.round).toContainText(`${word} ${round + 1}`);
  if (await tracker.page.getByTestId('initiative-roll-all').isVisible()) await tracker.rollAllInitiative();
  await expect(tracker.current).toBeVisible();
}

for (const system of systems) {
  test(`${system.label}: build from the bestiary, run three rounds, harm, conditions, rolls, undo and redo`, async ({ gm }) => {
    const page = gm.page;
    const tracker = new TrackerPage(page);
    await tracker.createEncounter(`${system.label} fight`, system.id);
    await tracker.addFromBestiary(system.pc, 1, 'party');
    await tracker.addFromBestiary(system.npc, 3, 'opponents');
    await expect(tracker.row(`${system.npc} 3`)).toBeVisible();
    await tracker.start();
    await tracker.rollAllInitiative();
    const word = system.round ?? 'Round';
    await expect(tracker.round).toContainText(`${word} 1`);
    await expect(tracker.current).toBeVisible();

    // Round 1: a hit on an NPC and a condition.
    await tracker.harm(`${system.npc} 1`, system.hit.amount, system.hit.kind, system.hit.location);
    await expect(tracker.health(`${system.npc} 1`)).toContainText(system.hit.shows);
    await tracker.addCondition(`${system.npc} 2`, system.condition, 2);
    await expect(tracker.row(`${system.npc} 2`).getByTestId(`combatant-${system.npc.toLowerCase().replace(/\s+/g, '-')}-2-conditions-remove-${system.condition}`)).toBeVisible();
    await finishRound(tracker, 1, word);

    // Round 2: the PC goes down and the rules ask for a roll, entered from physical dice.
    if (system.downPc) {
      await tracker.harm(system.pc, system.downPc.amount, system.downPc.kind);
      for (let i = 0; i < 10 && !(await page.getByTestId(`prompt-${system.downPc.prompt}`).isVisible()); i++) await advance(tracker);
      const prompt = page.getByTestId(`prompt-${system.downPc.prompt}`);
      await expect(prompt).toBeVisible();
      await page.getByTestId(`prompt-${system.downPc.prompt}-faces`).fill(system.downPc.faces);
      await page.getByTestId(`prompt-${system.downPc.prompt}-use`).click();
      await expect(prompt).toBeHidden();
      if (system.downPc.shows) await expect(tracker.health(system.pc)).toContainText(system.downPc.shows);
    }
    const round = Number((await tracker.round.textContent())!.match(new RegExp(`${word} (\\d+)`))![1]);
    await finishRound(tracker, round, word);
    await finishRound(tracker, round + 1, word);
    await expect(tracker.round).toContainText(`${word} ${round + 2}`);

    // Undo the last hit and redo it.
    const unhurt = await tracker.health(`${system.npc} 3`).textContent();
    await tracker.harm(`${system.npc} 3`, 1, system.hit.kind, system.hit.location);
    await expect(tracker.health(`${system.npc} 3`)).not.toHaveText(unhurt!);
    const hurt = await tracker.health(`${system.npc} 3`).textContent();
    await tracker.undo();
    await expect(tracker.health(`${system.npc} 3`)).not.toHaveText(hurt!);
    await tracker.redo();
    await expect(tracker.health(`${system.npc} 3`)).toHaveText(hurt!);
    await expect(tracker.error).toHaveCount(0);
  });
}

/** Types the initiative faces of one participant (its row is named by its label without spaces or commas). */
async function typeInitiative(tracker: TrackerPage, label: string, faces: string): Promise<void> {
  await tracker.page.getByTestId(`initiative-${label}-faces`).fill(faces);
  await tracker.page.getByTestId(`initiative-${label}-use`).click();
}

test('Shadowrun: a wounding hit lowers the Initiative Score at once, moves the row and says so in the log', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  const log = new LogPage(gm.page);
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  // The samurai: Reaction 5 + Intuition 4 + 1 hit = 10. The gangers' group: 3 + 3 + 5 hits = 11.
  await typeInitiative(tracker, 'Streetsamurai', '5 2 2 2 2 2 2 2 2');
  await typeInitiative(tracker, 'Ganger1Ganger2', '5 5 6 5 5 2');
  await expect(tracker.current).toHaveText('▶ Ganger 1');
  await expect(tracker.round).toHaveText('Combat Turn 1 · Initiative Pass 1 · Action Phase 1 of 4');
  expect(await tracker.rowNames()).toEqual(['Ganger 1', 'Ganger 2', 'Street samurai']);
  const score = tracker.page.getByTestId('combatant-ganger-2-initiative');
  await expect(score).toHaveText('11');
  await expect(score).toHaveAttribute('title', 'Rolled 11');

  // Six Physical boxes on Ganger 2: wound modifier −2, so 9, below the samurai's 10.
  await tracker.harm('Ganger 2', 6);
  await expect(score).toHaveText(/^9/);
  await expect(score).toHaveAttribute('title', 'Rolled 11, wound modifier −2');
  await expect.poll(() => tracker.rowNames()).toEqual(['Ganger 1', 'Street samurai', 'Ganger 2']);
  await expect(tracker.health('Ganger 2')).toContainText('6/10 marked');
  await expect(tracker.health('Ganger 2')).toContainText('Wound modifier −2');
  await expect(log.entryWithText('Physical damage 6 → Physical 6/10 marked, Wounded; Initiative Score 11 → 9')).toHaveCount(1);
  // The header's next turns follow the new order.
  await expect(tracker.panel.getByText('next: Street samurai, Ganger 2, Street samurai', { exact: true })).toBeVisible();
  // The lowered score and the marked boxes pass axe (contrast included).
  const scan = await new AxeBuilder({ page: gm.page }).include('[data-testid="tracker-list"]').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Undo puts the score and the row back.
  await tracker.undo();
  await expect(score).toHaveText('11');
  await expect.poll(() => tracker.rowNames()).toEqual(['Ganger 1', 'Ganger 2', 'Street samurai']);
  await expect(tracker.error).toHaveCount(0);
});

test('Shadowrun: a hit that moves its row past others leaves the focus on its Apply', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Alley', 'shadowrun-4e');
  await tracker.addFromBestiary('Ganger', 4, 'opponents');
  await tracker.start();
  // One roll for the group: every ganger on 3 + 3 + 5 hits = 11.
  await typeInitiative(tracker, 'Ganger1Ganger2Ganger3Ganger4', '5 5 6 5 5 2');
  expect(await tracker.rowNames()).toEqual(['Ganger 1', 'Ganger 2', 'Ganger 3', 'Ganger 4']);
  // Three Physical boxes: wound modifier −1, so 10, below the three others.
  await tracker.harm('Ganger 1', 3);
  await expect.poll(() => tracker.rowNames()).toEqual(['Ganger 2', 'Ganger 3', 'Ganger 4', 'Ganger 1']);
  await expect(gm.page.getByTestId('combatant-ganger-1-harm-apply')).toBeFocused();
  // The keyboard carries on from there, back through the same row's fields.
  await gm.page.keyboard.press('Shift+Tab');
  await gm.page.keyboard.press('Shift+Tab');
  await expect(gm.page.getByTestId('combatant-ganger-1-harm-amount')).toBeFocused();
});

test('closing the page mid-encounter loses nothing: reopening resumes every committed event', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await tracker.harm('Ganger 1', 5);
  await tracker.harm('Ganger 2', 2, 'stun');
  await tracker.next();
  const before = {
    round: await tracker.round.textContent(),
    current: await tracker.current.textContent(),
    g1: await tracker.health('Ganger 1').textContent(),
    g2: await tracker.health('Ganger 2').textContent(),
  };
  // No beforeunload, no save button: the browser is simply closed.
  const page = await gm.restart();
  const reopened = new TrackerPage(page);
  await page.getByTestId('resume-accept').click();
  await expect(reopened.round).toHaveText(before.round!);
  await expect(reopened.current).toHaveText(before.current!);
  await expect(reopened.health('Ganger 1')).toHaveText(before.g1!);
  await expect(reopened.health('Ganger 2')).toHaveText(before.g2!);
});

test('bad input is refused with a message and changes nothing', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Bad input', 'hardware');
  await tracker.addFromBestiary('Street punk', 1, 'opponents');
  const before = await tracker.health('Street punk').textContent();
  await tracker.harm('Street punk', -3 as number);
  await expect(gm.page.getByTestId('combatant-street-punk-harm-amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(tracker.health('Street punk')).toHaveText(before!);
  await gm.page.getByTestId('combatant-street-punk-harm-amount').fill('abc');
  await gm.page.getByTestId('combatant-street-punk-harm-apply').click();
  await expect(gm.page.getByText(/whole number/).first()).toBeVisible();
  await expect(tracker.health('Street punk')).toHaveText(before!);
  await gm.page.getByTestId('tracker-start').click();
  await gm.page.getByTestId('tracker-end').click();
  await expect(gm.page.getByTestId('tracker-next')).toHaveCount(0);
});

test("a group's members each roll their own initiative when the GM ticks it", async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  const log = new LogPage(gm.page);
  await tracker.createEncounter('Alley', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 3, 'opponents');
  await tracker.start();
  const panel = tracker.page.getByTestId('initiative-panel');
  // One roll for the whole group at first.
  await expect(panel.getByTestId('initiative-Ganger1Ganger2Ganger3-faces')).toBeVisible();
  const each = panel.getByTestId('initiative-group-each-Ganger3');
  await expect(each).not.toBeChecked();
  await each.check();
  await expect(log.entryWithText('Each member of Ganger ×3 rolls its own initiative')).toHaveCount(1);
  await expect(panel.getByTestId('initiative-Ganger1Ganger2Ganger3-faces')).toHaveCount(0);
  // Each ganger rolls Reaction 3 + Intuition 3 = 6 dice; Initiative Score = 6 + hits (5s and 6s).
  // Samurai: Reaction 5 + Intuition 4 = 9 dice, 1 hit → 10. Ganger 1: 0 hits → 6; Ganger 2: 3 hits → 9;
  // Ganger 3: 6 hits → 12.
  await typeInitiative(tracker, 'Streetsamurai', '5 2 2 2 2 2 2 2 2');
  await typeInitiative(tracker, 'Ganger1', '1 2 3 4 1 2');
  await typeInitiative(tracker, 'Ganger2', '5 6 5 1 2 3');
  await typeInitiative(tracker, 'Ganger3', '5 6 5 6 5 6');
  await expect(tracker.current).toHaveText('▶ Ganger 3');
  expect(await tracker.rowNames()).toEqual(['Ganger 3', 'Street samurai', 'Ganger 2', 'Ganger 1']);
  await expect(tracker.error).toHaveCount(0);
});
