import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { systemIds } from '../shared/systems/profiles';
import { expect, test } from './fixtures';
import { TrackerPage } from './pages/tracker';

/**
 * Each game system is its own chunk, loaded when the screen needs its rules: the last-used
 * system at start, an encounter's own when it opens. Read from the requests the page makes, with
 * the HTTP cache off (routing every request turns it off), so a chunk counts each time it loads.
 */

const BUILT = join(__dirname, '..', 'out', 'renderer');
/** A system's chunk: `system-<id>-<hash>.js` (a hash may start with '-', so the ids are spelled out). */
const SYSTEM_CHUNK = new RegExp(`/assets/system-(${systemIds.join('|')})-[\\w-]+\\.js$`);
/** Issue 18: the GM page's start-up JavaScript stays under 120 KB gzip (it was 165.6 KB before). */
const INITIAL_GZIP_LIMIT = 120 * 1024;

/** The systems whose chunk the page requests from now on, in request order. */
async function recordSystemChunks(page: Page): Promise<string[]> {
  // The page the fixture opened finishes its own start first, so its requests are not counted.
  await expect(page.getByTestId('tracker-panel')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const requested: string[] = [];
  await page.route('**/*', (route) => {
    const match = SYSTEM_CHUNK.exec(new URL(route.request().url()).pathname);
    if (match) requested.push(match[1]!);
    return route.continue();
  });
  return requested;
}

async function startAgain(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('tracker-panel')).toBeVisible();
}

test('a start loads only the last-used system, and opening an encounter loads only its own', async ({ gm }) => {
  const { page } = gm;
  const requested = await recordSystemChunks(page);

  // A first start: the system in the settings is the first the registry lists.
  await startAgain(page);
  expect(requested).toEqual([systemIds[0]]);

  // A Hardware encounter brings Hardware's rules, and nobody else's.
  requested.length = 0;
  const tracker = new TrackerPage(page);
  await tracker.createEncounter('Alley', 'hardware');
  await tracker.addFromBestiary('Street punk');
  await expect(tracker.row('Street punk')).toBeVisible();
  expect(requested).toEqual(['hardware']);

  // Started again, the screen comes back in Hardware (the system last used) and resumes the
  // encounter without loading any other system.
  requested.length = 0;
  await startAgain(page);
  await page.getByTestId('resume-accept').click();
  await expect(tracker.row('Street punk')).toBeVisible();
  expect(requested).toEqual(['hardware']);

  // Another system's encounter: its chunk, once.
  await tracker.createEncounter('Ambush', 'uesrpg-3e');
  await tracker.addFromBestiary('Bandit');
  await expect(tracker.row('Bandit')).toBeVisible();
  expect(requested).toEqual(['hardware', 'uesrpg-3e']);
});

test('searching the quick reference loads every system, for hits in the others', async ({ gm }) => {
  const { page } = gm;
  const requested = await recordSystemChunks(page);
  await startAgain(page);
  expect(requested).toEqual([systemIds[0]]);
  await page.getByTestId('reference-search').fill('grenade');
  await expect(page.getByTestId('reference-panel')).toContainText(/grenade/i);
  expect([...requested].sort()).toEqual([...systemIds].sort());
});

test('the built chunks say what they hold, and the start-up JavaScript stays within its budget', () => {
  const assets = readdirSync(join(BUILT, 'assets'));
  for (const id of systemIds) expect(assets.filter((file) => file.startsWith(`system-${id}-`) && file.endsWith('.js'))).toHaveLength(1);
  // Vue and Pinia, which both pages use: one `common` chunk (renderer/build/start-chunks.mts).
  expect(assets.filter((file) => /^common-[\w-]+\.js$/.test(file))).toHaveLength(1);

  // What index.html loads before the first paint: the start preview's classic script, its entry
  // and the chunks it preloads. Few files, as a browser fetches only six at a time from one host
  // (47 before issue 18).
  const scriptsOf = (page: string) =>
    [...readFileSync(join(BUILT, page), 'utf8').matchAll(/(?:src|href)="\.\/((?:assets\/)?[^"/]+\.js)"/g)].map((m) => m[1]!);
  const initial = scriptsOf('index.html');
  expect(initial.filter((file) => !file.startsWith('assets/'))).toEqual(['start-preview.js']);
  expect(initial.filter((file) => file.startsWith('assets/')).length).toBeLessThanOrEqual(3);
  expect(initial.some((file) => /\/common-[\w-]+\.js$/.test(file))).toBe(true);
  expect(initial.filter((file) => SYSTEM_CHUNK.test(`/${file}`))).toEqual([]);
  // The player's page shares only `common` with the GM's: it never loads the GM screen's code.
  const player = scriptsOf('player.html');
  expect(player.filter((file) => initial.includes(file) && !/\/(common|rolldown-runtime)-[\w-]+\.js$/.test(file))).toEqual([]);
  // Nor does the GM's page ever load the player page's own chunk (it ran the player page in the
  // GM's window when a panel imported the health track's shapes from it).
  const playerOwn = player.filter((file) => /\/player-start-[\w-]+\.js$/.test(file)).map((file) => file.replace('assets/', ''));
  expect(playerOwn).toHaveLength(1);
  const importers = assets.filter((file) => file.endsWith('.js') && readFileSync(join(BUILT, 'assets', file), 'utf8').includes(playerOwn[0]!));
  expect(importers).toEqual([]);
  const gzip = initial.reduce((sum, file) => sum + gzipSync(readFileSync(join(BUILT, file)), { level: 9 }).length, 0);
  expect(gzip).toBeLessThanOrEqual(INITIAL_GZIP_LIMIT);
});
