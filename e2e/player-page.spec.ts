import { expect, test } from './fixtures';
import type { PlayerCombatant, PlayerTrack } from '../shared/player-view/contract';
import { crowdScreen, PlayerViewPage, ScreenSender, shadowrunScreen } from './pages/player-view';

/**
 * The player view page on its own (renderer/player.html): a test sender of the same origin posts
 * on the player link as the GM screen does, and the page draws exactly what it was sent, at
 * 1920×1080 as on the table's TV. The GM screen's end is tested with it in player-view specs of its own.
 */
test.use({ viewport: { width: 1920, height: 1080 } });

test('waits calmly, says hello and keeps saying it is there, then draws the encounter it is sent', async ({ page }) => {
  const sender = await ScreenSender.open(page.context());
  await sender.listen();
  const view = new PlayerViewPage(page);
  await view.open();

  await expect(view.waiting.locator('h1')).toHaveText('GM Screen');
  await expect(view.waiting.locator('p')).toHaveText('Waiting for the GM to open an encounter');
  await expect(view.waiting.locator('*')).toHaveCount(2);
  // Calm: nothing on the waiting screen moves.
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);

  await expect
    .poll(async () => (await sender.heard()).map((message) => message.type).slice(0, 2), { timeout: 3000 })
    .toEqual(['hello', 'present']);
  const [hello] = await sender.heard();
  expect(hello!.viewId).toMatch(/^view-[0-9a-f-]{36}$/);

  await sender.post(shadowrunScreen());
  await expect(view.progress).toHaveText('Combat Turn 2 · Initiative Pass 1 · Action Phase 3 of 5');
  await expect(view.encounterName).toHaveText('Warehouse ambush');
  await expect(view.now).toHaveText('Decker');
  await expect(view.next).toHaveText('Ganger 2');
  await expect(view.rowNames).toHaveText(['Street samurai', 'Ganger 1', 'Decker', 'Ganger 2', 'Ganger 3', 'Ganger 4']);
  await expect(view.page.getByTestId('player-row-standing')).toHaveText(['✓ Done', '✓ Done', '▶ Now', 'Next', '', '']);
  await expect(view.order).not.toHaveClass(/compact/);

  // A PC's condition monitors, as boxes with the boxes marked said in words.
  const decker = view.row('decker');
  await expect(decker.getByTestId('player-track')).toHaveText(['Physical3/11 marked', 'Stun4/10 marked']);
  await expect(decker.getByTestId('player-track').first()).toHaveAttribute('aria-label', 'Physical 3/11 marked');
  await expect(decker.locator('svg.boxes path.filled').first()).toHaveAttribute('d', /^M0 0h10v10h-10z/);
  await expect(decker.getByTestId('player-condition')).toHaveText(['Suppressed · 1 round']);
  await expect(decker).toContainText('Party');
  // NPCs: a word and a three-step cue, never numbers.
  await expect(view.row('ganger-1').getByTestId('player-descriptor')).toHaveText('wounded');
  await expect(view.row('ganger-1').locator('.segment.kept')).toHaveCount(2);
  await expect(view.row('ganger-2').getByTestId('player-descriptor')).toHaveText('badly hurt');
  await expect(view.row('ganger-2').getByTestId('player-condition')).toHaveText(['Prone']);
  await expect(view.row('ganger-4').locator('.segment.kept')).toHaveCount(0);
  // The shown roll: who, what, the faces, the result.
  await expect(view.rolls).toHaveCount(1);
  await expect(view.rolls.first()).toContainText('Street samurai');
  await expect(view.rolls.first()).toContainText('Ares Predator at Ganger 1');
  await expect(view.rolls.first().getByTestId('player-dice').locator('li')).toHaveText([
    '6',
    '5',
    '2',
    '6',
    '1',
    '3',
    '5',
    '4',
    '2',
  ]);
  await expect(view.rolls.first()).toContainText('4 hits vs 1: 8P, soaked 2 → 6 Physical');

  // Read from 3 m: names at 40 px and more, no text under 24 px.
  const sizes = await page.evaluate(() => {
    const px = (element: Element) => parseFloat(getComputedStyle(element).fontSize);
    const withText = [...document.querySelectorAll('body *')].filter((element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '' && element.checkVisibility(),
      ),
    );
    return {
      smallest: Math.min(...withText.map(px)),
      name: px(document.querySelector('[data-testid="player-row-name"]')!),
    };
  });
  expect(sizes.name).toBe(44);
  expect(sizes.smallest).toBe(24);
});

test("each system's health is drawn in its own look and fits its row: pips, HP bars, Hardware's four tracks", async ({
  page,
}) => {
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  const pc = (key: string, name: string, tracks: PlayerTrack[]): PlayerCombatant => ({
    ...shadowrunScreen().combatants[2]!,
    key,
    name,
    acting: false,
    conditions: [],
    health: { kind: 'numbers', state: '', tracks },
  });
  await sender.post({
    ...shadowrunScreen(),
    combatants: [
      pc('drifter', 'Drifter', [
        { label: 'Health', current: 2, max: 4, style: 'pips' },
        { label: 'Hope', current: 3, max: 3, style: 'pips' },
      ]),
      pc('adventurer', 'Adventurer', [{ label: 'HP', current: 11, max: 20, style: 'bar' }]),
      pc('runner', 'Runner', [
        { label: 'Stamina', current: 3, max: 5, style: 'bar' },
        { label: 'BOD', current: 10, max: 10, style: 'bar' },
        { label: 'AGL', current: 12, max: 12, style: 'bar' },
        { label: 'CTR', current: 11, max: 11, style: 'bar' },
      ]),
    ],
  });
  await expect(view.row('drifter').getByTestId('player-track')).toHaveText(['Health2/4', 'Hope3/3']);
  await expect(view.row('drifter').locator('svg.pips path.filled')).toHaveCount(2);
  await expect(view.row('adventurer').getByTestId('player-track')).toHaveText(['HP11/20']);
  await expect(view.row('adventurer').locator('.bar-fill')).toHaveAttribute('style', 'width: 55%;');
  await expect(view.row('runner').getByTestId('player-track')).toHaveText([
    'Stamina3/5',
    'BOD10/10',
    'AGL12/12',
    'CTR11/11',
  ]);
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="player-order"] li.row')].flatMap((row) => {
      const box = row.getBoundingClientRect();
      return [...row.querySelectorAll('.track-label, .track-value, .shapes, .bar')]
        .filter((part) => {
          const inner = part.getBoundingClientRect();
          return inner.top < box.top || inner.bottom > box.bottom || inner.left < box.left || inner.right > box.right;
        })
        .map((part) => `${row.getAttribute('data-testid')}: ${part.textContent}`);
    }),
  );
  expect(outside).toEqual([]);
});

test('the high-contrast theme is pure black, white and yellow with thick borders, and the dark one comes back', async ({
  page,
}) => {
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  const colours = () =>
    page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        theme: document.documentElement.dataset.playerTheme,
        background: style('body').backgroundColor,
        text: style('body').color,
        now: style('[data-testid="player-now"]').color,
        rowBorder: style('[data-testid="player-row-ganger-3"]').borderTopWidth,
      };
    });

  await sender.post(shadowrunScreen(), { theme: 'high-contrast', timer: null });
  await expect(view.now).toHaveText('Decker');
  await expect.poll(colours).toEqual({
    theme: 'high-contrast',
    background: 'rgb(0, 0, 0)',
    text: 'rgb(255, 255, 255)',
    now: 'rgb(255, 255, 0)',
    rowBorder: '4px',
  });

  await sender.post(shadowrunScreen(), { theme: 'dark', timer: null });
  await expect.poll(colours).toEqual({
    theme: 'dark',
    background: 'rgb(21, 19, 15)',
    text: 'rgb(238, 232, 220)',
    now: 'rgb(233, 185, 73)',
    rowBorder: '2px',
  });
});

test('the timer counts down once a second from when the GM started it and says "Time!" when it runs out', async ({
  page,
}) => {
  const start = new Date('2026-12-02T20:00:00Z').getTime();
  await page.clock.install({ time: start });
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  await page.clock.pauseAt(start + 10_000);

  // Started 5 s before this page's clock: 85 of 90 seconds left.
  await sender.post(shadowrunScreen(), { theme: 'dark', timer: { seconds: 90, startedAt: start + 5_000 } });
  await expect(view.timer).toHaveText('1:25');
  await page.clock.runFor(999);
  await expect(view.timer).toHaveText('1:25');
  await page.clock.runFor(1);
  await expect(view.timer).toHaveText('1:24');
  await page.clock.runFor(84_000);
  await expect(view.timer).toHaveText('Time!');
  await expect(page.getByTestId('player-timer')).toHaveClass(/out/);

  // The GM restarts it (a new turn): a new startedAt.
  await sender.post(
    { ...shadowrunScreen(), timerKey: 'turn:2:1:4' },
    { theme: 'dark', timer: { seconds: 90, startedAt: start + 95_000 } },
  );
  await expect(view.timer).toHaveText('1:30');
  // No timer between rounds (no timer key), nor when the GM turns it off.
  await sender.post(
    { ...shadowrunScreen(), timerKey: null },
    { theme: 'dark', timer: { seconds: 90, startedAt: start + 95_000 } },
  );
  await expect(view.timer).toHaveCount(0);
  await sender.post(shadowrunScreen(), { theme: 'dark', timer: null });
  await expect(view.now).toHaveText('Decker');
  await expect(view.timer).toHaveCount(0);
});

test('screen down blanks the page: all black, no text, and no encounter data left in the DOM', async ({ page }) => {
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  await sender.post(shadowrunScreen());
  await expect(view.now).toHaveText('Decker');

  await sender.post({ kind: 'blank' });
  await expect(view.blank).toBeVisible();
  const blank = await page.evaluate(() => ({
    text: document.body.innerText,
    html: document.body.innerHTML,
    background: getComputedStyle(document.querySelector('[data-testid="player-blank"]')!).backgroundColor,
  }));
  expect(blank.text).toBe('');
  expect(blank.background).toBe('rgb(0, 0, 0)');
  for (const secret of [
    'Warehouse',
    'Decker',
    'Ganger',
    'Street samurai',
    'Combat Turn',
    'Ares',
    'Physical',
    'Full screen',
  ]) {
    expect(blank.html).not.toContain(secret);
  }

  await sender.post(shadowrunScreen());
  await expect(view.now).toHaveText('Decker');
});

test('rows get compact and then show the ones around the acting one with "+N more", never a scrollbar', async ({
  page,
}) => {
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  const layout = () =>
    page.evaluate(() => {
      const order = document.querySelector('[data-testid="player-order"]')!.getBoundingClientRect();
      const rows = [...document.querySelectorAll('[data-testid="player-order"] li.row')].map((row) =>
        row.getBoundingClientRect(),
      );
      return {
        scrolls:
          document.documentElement.scrollHeight > window.innerHeight || document.body.scrollHeight > window.innerHeight,
        inside: rows.every((row) => row.top >= order.top - 0.5 && row.bottom <= order.bottom + 0.5),
      };
    });

  await sender.post(crowdScreen(8, 0));
  await expect(view.rowNames).toHaveCount(8);
  await expect(view.order).not.toHaveClass(/compact/);
  expect(await layout()).toEqual({ scrolls: false, inside: true });

  await sender.post(crowdScreen(11, 0));
  await expect(view.rowNames).toHaveCount(11);
  await expect(view.order).toHaveClass(/compact/);
  await expect(view.moreBefore).toHaveCount(0);
  await expect(view.moreAfter).toHaveCount(0);
  expect(await layout()).toEqual({ scrolls: false, inside: true });

  // 200, the 101st acting: a window of rows around it, the rest counted.
  await sender.post(crowdScreen(200, 100));
  await expect(view.now).toHaveText('Soldier 101');
  const names = await view.rowNames.allTextContents();
  const before = Number((await view.moreBefore.textContent())!.match(/^▲ \+(\d+) more$/)![1]);
  const after = Number((await view.moreAfter.textContent())!.match(/^▼ \+(\d+) more$/)![1]);
  expect(names.length).toBeGreaterThan(5);
  expect(before + names.length + after).toBe(200);
  expect(names[0]).toBe(`Soldier ${before + 1}`);
  expect(names).toContain('Soldier 101');
  expect(names[2]).toBe('Soldier 101');
  expect(await layout()).toEqual({ scrolls: false, inside: true });

  // The first acting: no "+N more" above.
  await sender.post(crowdScreen(200, 0));
  await expect(view.rowNames.first()).toHaveText('Soldier 1');
  await expect(view.moreBefore).toHaveCount(0);
  await expect(view.moreAfter).toHaveText(`▼ +${200 - (await view.rowNames.count())} more`);
});

test('a message that fails validation, or comes late, changes nothing; the GM screen that sent last is followed', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  await sender.post(shadowrunScreen(), undefined, { seq: 5 });
  await expect(view.now).toHaveText('Decker');

  const good = shadowrunScreen();
  const crowd = crowdScreen(3, 1);
  const hostile: unknown[] = [
    'not an object',
    null,
    { type: 'screen', gmId: 'gm-test', seq: 6, screen: crowd },
    { type: 'screen', gmId: 'gm-test', seq: 6, screen: crowd, look: { theme: 'neon', timer: null } },
    { type: 'screen', gmId: 'gm-test', seq: -1, screen: crowd, look: { theme: 'dark', timer: null } },
    {
      type: 'screen',
      gmId: 'gm-test',
      seq: 6,
      screen: { ...crowd, notes: 'The GM note' },
      look: { theme: 'dark', timer: null },
    },
    {
      type: 'screen',
      gmId: 'gm-test',
      seq: 6,
      screen: { ...crowd, combatants: [{ ...crowd.combatants[0], stats: { body: 9 } }] },
      look: { theme: 'dark', timer: null },
    },
    {
      type: 'screen',
      gmId: 'gm-test',
      seq: 6,
      screen: { ...crowd, name: 'x'.repeat(10_000) },
      look: { theme: 'dark', timer: null },
    },
    { type: 'screen', gmId: 'gm-test', seq: 6, screen: { kind: 'bestiary' }, look: { theme: 'dark', timer: null } },
    // Late: an older number from the same GM screen, valid as it is.
    { type: 'screen', gmId: 'gm-test', seq: 4, screen: crowd, look: { theme: 'dark', timer: null } },
    { type: 'screen', gmId: 'gm-test', seq: 5, screen: crowd, look: { theme: 'dark', timer: null } },
  ];
  for (const data of hostile) await sender.postRaw(data);
  // A later valid screen is the proof that everything before it was read (the channel keeps order).
  await sender.post(good, { theme: 'high-contrast', timer: null }, { seq: 6 });
  await expect(page.locator('html')).toHaveAttribute('data-player-theme', 'high-contrast');
  await expect(view.rowNames).toHaveText(['Street samurai', 'Ganger 1', 'Decker', 'Ganger 2', 'Ganger 3', 'Ganger 4']);
  expect(await view.pageText()).not.toContain('Soldier');
  expect(await view.pageText()).not.toContain('GM note');
  expect(warnings.filter((text) => text.startsWith('Player view:'))).toEqual([
    'Player view: a message on the link was refused and changed nothing (message: Invalid input: expected object, received string).',
  ]);

  // Another GM screen sends (a second GM window): the page follows whichever sent last, with its own numbering.
  await sender.post(crowd, undefined, { gmId: 'gm-other', seq: 1 });
  await expect(view.now).toHaveText('Soldier 2');
  await sender.post(good, undefined, { seq: 7 });
  await expect(view.now).toHaveText('Decker');
});

test('full screen: a button while the mouse moves, gone 2 s after it stops; F and a double-click toggle it', async ({
  page,
}) => {
  const sender = await ScreenSender.open(page.context());
  const view = new PlayerViewPage(page);
  await view.open();
  await sender.post(shadowrunScreen());
  await expect(view.now).toHaveText('Decker');
  const isFullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
  // The sender opened first: the table's page must be the focused one, as it is on its own display.
  await page.bringToFront();

  await expect(view.fullscreenButton).toBeHidden();
  await page.mouse.move(400, 400);
  await page.mouse.move(420, 420);
  await expect(view.fullscreenButton).toBeVisible();
  await expect(view.fullscreenButton).toHaveText('Full screen (F)');
  await expect(view.fullscreenButton).toBeHidden({ timeout: 3500 });

  await page.keyboard.press('f');
  await expect.poll(isFullscreen).toBe(true);
  await page.mouse.move(500, 500);
  await expect(view.fullscreenButton).toHaveText('Leave full screen (F)');
  await page.keyboard.press('F');
  await expect.poll(isFullscreen).toBe(false);

  await page.mouse.dblclick(960, 700);
  await expect.poll(isFullscreen).toBe(true);
  // The button, clicked while the mouse is moving.
  await page.mouse.move(1700, 1000);
  const button = (await view.fullscreenButton.boundingBox())!;
  await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
  await expect.poll(isFullscreen).toBe(false);
});

test('leaving the page says bye', async ({ page }) => {
  const sender = await ScreenSender.open(page.context());
  await sender.listen();
  const view = new PlayerViewPage(page);
  await view.open();
  await expect.poll(async () => (await sender.heard()).map((message) => message.type)[0]).toBe('hello');
  await page.goto('/e2e-sender.html').catch(() => undefined);
  await expect.poll(async () => (await sender.heard()).map((message) => message.type).at(-1)).toBe('bye');
  const ids = new Set((await sender.heard()).map((message) => message.viewId));
  expect(ids.size).toBe(1);
});
