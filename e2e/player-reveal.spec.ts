import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { EncounterEvent } from '../shared/encounter/events';
import { replay } from '../shared/encounter/reducer';
import { rulesLookup } from './rules';
import type { EncounterState } from '../shared/encounter/state';
import { expect, test } from './fixtures';
import { LayoutPage } from './pages/layout';
import { LogPage } from './pages/log';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

/**
 * The GM's choices of what the players see, on the GM page only (the player page has its own
 * spec): an NPC's numbers, a condition, a roll shown from the roll panel and from the log, taken
 * off, and undo. Each step is checked in the tracker and log, and in the encounter as stored by
 * the page (its events read from IndexedDB and replayed by the same reducer).
 */
test.describe.configure({ timeout: 120_000 });

/** The open encounter's state as stored: its events in effect, replayed. */
async function storedState(page: Page): Promise<EncounterState> {
  const stored = await page.evaluate(async () => {
    const request = indexedDB.open('gm-screen');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const read = db.transaction(store).objectStore(store).getAll();
        read.onsuccess = () => resolve(read.result as T[]);
        read.onerror = () => reject(read.error);
      });
    const encounters = await all<{ id: string; name: string; cursor: number | null }>('encounters');
    const rows = await all<{ encounterId: string; seq: number; discarded: 0 | 1; event: unknown }>('events');
    db.close();
    const encounter = encounters.find((e) => e.name === 'Docks')!;
    const events = rows
      .filter((row) => row.encounterId === encounter.id && row.discarded === 0)
      .sort((a, b) => a.seq - b.seq)
      .map((row) => row.event);
    return { events, cursor: encounter.cursor };
  });
  const events = stored.events as EncounterEvent[];
  return replay(events.slice(0, stored.cursor ?? events.length), rulesLookup)!;
}

const combatantNamed = (state: EncounterState, name: string) => state.combatants.find((c) => c.name === name)!;

test('the GM shows an NPC\'s numbers, a condition and rolls to the players, takes a roll off and undoes', async ({ gm }, testInfo) => {
  const page = gm.page;
  await page.goto('/?seed=player-reveal');
  const tracker = new TrackerPage(page);
  const resolve = new ResolvePage(page);
  const log = new LogPage(page);
  const layout = new LayoutPage(page);
  const stored = () => storedState(page);

  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  // A third ganger in ambush: its reveal action says what it does.
  await page.getByTestId('tracker-add').click();
  await page.getByTestId('bestiary-count-ganger').fill('1');
  await page.getByTestId('bestiary-hidden-ganger').check();
  await page.getByTestId('bestiary-add-ganger').click();
  await page.getByTestId('bestiary-close').click();
  await tracker.start();
  await tracker.rollAllInitiative();

  const ganger = 'combatant-ganger-1';
  await page.getByTestId(`${ganger}-expand`).click();
  const detail = page.getByTestId(`${ganger}-detail`);

  // An NPC's numbers: the detail's toggle, the row's tag, the log line, the stored state.
  const numbers = page.getByTestId(`${ganger}-detail-numbers-shown`);
  await expect(detail.getByText('Numbers shown to players')).toBeVisible();
  await expect(numbers).not.toBeChecked();
  await expect(page.getByTestId(`${ganger}-numbers-shown`)).toHaveCount(0);
  await numbers.check();
  await expect(page.getByTestId(`${ganger}-numbers-shown`)).toBeVisible();
  await expect(page.getByTestId(`${ganger}-numbers-shown`)).toHaveText(', numbers shown to players');
  await expect(page.getByTestId(`${ganger}-detail-numbers-shown-hint`)).toHaveText('The players see its health as numbers.');
  await expect(log.text(log.last())).toHaveText('Health numbers shown to the players');
  await expect(log.who(log.last())).toHaveText('→ Ganger 1');
  await expect.poll(async () => combatantNamed(await stored(), 'Ganger 1').numbersShown).toBe(true);
  expect(combatantNamed(await stored(), 'Ganger 2').numbersShown).toBeUndefined();

  // A condition: added for the GM only, then shown with the chip's eye.
  await page.getByTestId(`${ganger}-detail-condition`).selectOption('prone');
  await page.getByTestId(`${ganger}-detail-condition-add`).click();
  const eye = page.getByTestId(`${ganger}-conditions-sees-prone`);
  await expect(eye).toHaveAttribute('aria-pressed', 'false');
  await expect(eye).toHaveAccessibleName('Players see Prone on Ganger 1');
  await eye.click();
  await expect(eye).toHaveAttribute('aria-pressed', 'true');
  await expect(log.text(log.last())).toHaveText('Prone shown to the players');
  await expect.poll(async () => combatantNamed(await stored(), 'Ganger 1').conditions.map((c) => [c.label, c.visible])).toEqual([
    ['Prone', true],
  ]);
  // Added with "Players see it" ticked: seen from the start.
  await page.getByTestId(`${ganger}-detail-condition`).selectOption('full-defense');
  await page.getByTestId(`${ganger}-detail-condition-sees`).check();
  await page.getByTestId(`${ganger}-detail-condition-add`).click();
  await expect(page.getByTestId(`${ganger}-conditions-sees-full-defense`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId(`${ganger}-detail-condition-sees`)).not.toBeChecked();
  await expect.poll(async () => combatantNamed(await stored(), 'Ganger 1').conditions.map((c) => [c.label, c.visible])).toEqual([
    ['Prone', true],
    ['Full Defense', true],
  ]);

  // The hidden ganger's detail offers its reveal in plain words.
  await page.getByTestId('combatant-ganger-expand').click();
  await expect(page.getByTestId('combatant-ganger-detail-reveal')).toHaveText('Reveal to players');
  await expect(page.getByTestId('combatant-ganger').getByText('hidden')).toBeVisible();
  // The row (its cue and chips) at the top of the list, its detail's player view section under it.
  await page.getByTestId(ganger).evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await expect(detail.getByText('Player view')).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('detail-player-toggles.png') });
  await page.getByTestId(`${ganger}-expand`).click();
  // Revealed: the ambusher joins the players' list, and rolls naming it are no longer held back.
  await page.getByTestId('combatant-ganger-detail-reveal').click();
  await expect(page.getByTestId('combatant-ganger').getByText('hidden')).toHaveCount(0);
  await expect(log.text(log.last())).toHaveText('Revealed to the players');
  await page.getByTestId('combatant-ganger-expand').click();

  // A roll from the roll panel: applied, then shown.
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Ganger 2');
  await resolve.rollUntilResolved();
  const summary = (await resolve.summary.textContent())!.trim();
  await resolve.apply.click();
  // Out of the samurai's turn the rules refuse the spends: the GM allows it, as at the table.
  const refusal = page.getByTestId('resolve-refusal');
  await expect(resolve.outcome.or(refusal)).toBeVisible();
  if (await refusal.isVisible()) await page.getByTestId('resolve-allow-anyway').click();
  await expect(resolve.outcome).toContainText(summary);
  const panelShow = page.getByTestId('resolve-players-show');
  await expect(panelShow).toHaveText('Show to players');
  await page.screenshot({ path: testInfo.outputPath('roll-result-show-button.png') });
  await panelShow.click();
  await expect(page.getByTestId('resolve-players-shown')).toHaveText('✓ Shown to players');
  await expect(page.getByTestId('resolve-players-unshow')).toHaveText('Take off');
  await expect(page.getByTestId('resolve-players-held')).toHaveCount(0);
  await expect(log.text(log.last())).toHaveText(`Roll shown to the players: ${summary}`);
  await resolve.outcome.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('roll-result-shown.png') });

  // The new controls (eyes, the numbers cue, Show / Take off) pass an accessibility scan.
  for (const panel of ['tracker-panel', 'resolve-panel', 'log-panel']) {
    const scan = await new AxeBuilder({ page }).include(`[data-testid="${panel}"]`).analyze();
    expect(scan.violations.map((v) => `${panel} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  let state = await stored();
  const applied = state.shownRolls?.[0];
  expect(state.shownRolls).toHaveLength(1);
  expect(applied).toMatchObject({
    summary,
    what: expect.stringMatching(/: Street samurai → Ganger 2$/),
    actorId: combatantNamed(state, 'Street samurai').id,
    targetIds: [combatantNamed(state, 'Ganger 2').id],
  });
  expect(applied!.who).toContain('Street samurai');
  expect(applied!.dice.length).toBeGreaterThan(0);
  for (const group of applied!.dice) expect(group.faces.every((face) => face >= 1 && face <= group.sides)).toBe(true);
  // Nothing else of the roll went with it: no odds, no steps, no result.
  expect(Object.keys(applied!).sort()).toEqual(['actorId', 'dice', 'rollId', 'summary', 'targetIds', 'what', 'who']);

  // The same roll's line in the log says it is shown; taken off from there.
  const rollLine = log.entryWithText(new RegExp(`^${summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(rollLine).toHaveCount(1);
  const rollLineId = (await rollLine.getAttribute('data-testid'))!;
  await expect(page.getByTestId(`${rollLineId}-players-shown`)).toHaveText('✓ Shown to players');
  await page.getByTestId(`${rollLineId}-players-unshow`).click();
  await expect(page.getByTestId(`${rollLineId}-players-show`)).toHaveText('Show to players');
  await expect(page.getByTestId('resolve-players-show')).toHaveText('Show to players');
  await expect(log.text(log.last())).toHaveText(`Roll taken off the player view: ${summary}`);
  await expect.poll(async () => (await stored()).shownRolls).toBeUndefined();

  // The initiative roll, shown from its log line.
  const initiativeLine = log.entryWithText(/^Initiative: /);
  const initiativeId = (await initiativeLine.getAttribute('data-testid'))!;
  await page.getByTestId(`${initiativeId}-players-show`).click();
  await expect(page.getByTestId(`${initiativeId}-players-shown`)).toHaveText('✓ Shown to players');
  const initiativeText = (await log.text(initiativeLine).textContent())!;
  // The shown line is the log's scores, without who acts first (the turn, not the roll).
  const scores = initiativeText.replace(/ · [^·]+ acts( \(pass \d+\))?$/, '');
  expect(scores).toMatch(/^Initiative: Street samurai \d+/);
  await expect(log.text(log.last())).toHaveText(`Roll shown to the players: ${scores}`);
  await expect.poll(async () => (await stored()).shownRolls?.map((r) => r.what)).toEqual(['Initiative']);
  state = await stored();
  // Every member ordered is one of the initiative's targets (the ambusher too), so a hidden one would hold it back.
  expect(state.shownRolls![0]!.targetIds).toContain(combatantNamed(state, 'Ganger').id);

  // Undo: the initiative goes off again, then the roll comes back (the take-off undone).
  await tracker.undo();
  await expect(page.getByTestId(`${initiativeId}-players-show`)).toHaveText('Show to players');
  await expect.poll(async () => (await stored()).shownRolls).toBeUndefined();
  await tracker.undo();
  await expect(page.getByTestId(`${rollLineId}-players-shown`)).toHaveText('✓ Shown to players');
  await expect(page.getByTestId('resolve-players-shown')).toHaveText('✓ Shown to players');
  await expect.poll(async () => (await stored()).shownRolls?.map((r) => r.summary)).toEqual([summary]);
  // An undone entry offers nothing: the take-off line has no Show button.
  await expect(log.last()).toHaveAttribute('data-undone', 'true');
  await expect(log.last().getByText('Show to players')).toHaveCount(0);

  // The palette: the last roll in effect is the applied one, shown already.
  await layout.runCommand('show last roll');
  await expect(layout.palette).toBeVisible();
  await expect(layout.palette).toContainText('Show last roll to players cannot run now: The last roll is already shown to the players.');
  await page.keyboard.press('Escape');
  // Taken off, then shown from the palette.
  await page.getByTestId('resolve-players-unshow').click();
  await expect.poll(async () => (await stored()).shownRolls).toBeUndefined();
  await layout.runCommand('show last roll');
  await expect(page.getByTestId('resolve-players-shown')).toHaveText('✓ Shown to players');
  await expect(log.text(log.last())).toHaveText(`Roll shown to the players: ${summary}`);
  await expect.poll(async () => (await stored()).shownRolls?.map((r) => r.summary)).toEqual([summary]);

  // Undo takes back the numbers too, as any other change (after the rolls' and conditions' events).
  for (let i = 0; i < 7; i++) await tracker.undo();
  await expect.poll(async () => combatantNamed(await stored(), 'Ganger 1').conditions.map((c) => [c.label, c.visible])).toEqual([
    ['Prone', undefined],
  ]);
  await tracker.undo();
  await tracker.undo();
  await expect(page.getByTestId(`${ganger}-numbers-shown`)).toHaveCount(0);
  await expect.poll(async () => combatantNamed(await stored(), 'Ganger 1').numbersShown).toBeUndefined();
  await expect(tracker.error).toHaveCount(0);
});
