import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, serverDataDirectory, test } from './fixtures';

/** The first lines of the server's log entries that mention this text (other specs write there too). */
function logLinesWith(text: string): string[] {
  try {
    return readFileSync(join(serverDataDirectory(), 'logs', 'gm-screen.log'), 'utf8')
      .split('\n')
      .filter((line) => /^\d{4}-/.test(line) && line.includes(text));
  } catch {
    return [];
  }
}

test("the page's uncaught errors and unhandled rejections reach <data>/logs/gm-screen.log through GM Screen's own server, marked as the GM page's", async ({
  gm,
}) => {
  const page = gm.page;
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  // An evaluated script has no file name, so the entry carries no place; its stack follows, indented.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new TypeError('e2e uncaught error');
    });
    void Promise.reject(new Error('e2e unhandled rejection'));
  });
  await expect.poll(() => logLinesWith('e2e uncaught error').length).toBe(1);
  await expect.poll(() => logLinesWith('e2e unhandled rejection').length).toBe(1);
  expect(logLinesWith('e2e uncaught error')[0]).toMatch(
    /^\d{4}-\d\d-\d\dT[\d:.]+Z ERROR \[gm page\] TypeError: e2e uncaught error$/,
  );
  expect(logLinesWith('e2e unhandled rejection')[0]).toMatch(
    /^\d{4}-\d\d-\d\dT[\d:.]+Z ERROR \[gm page\] Error: e2e unhandled rejection \(unhandled rejection\)$/,
  );
  // Nowhere but GM Screen's own server.
  expect([...hosts].filter((host) => host !== new URL(page.url()).host)).toEqual([]);
});

test("the player page's errors reach the same log with the player page's own token, marked as the player page's", async ({
  page,
  baseURL,
}) => {
  await page.goto(new URL('/player.html', baseURL).toString());
  await expect(page.locator('#player')).not.toBeEmpty();
  await page.evaluate(() => {
    setTimeout(() => {
      throw new RangeError('e2e player page error');
    });
  });
  await expect.poll(() => logLinesWith('e2e player page error').length).toBe(1);
  expect(logLinesWith('e2e player page error')[0]).toMatch(
    /^\d{4}-\d\d-\d\dT[\d:.]+Z ERROR \[player page\] RangeError: e2e player page error$/,
  );
});
