import { expect, test } from './fixtures';
import { DiceRollerPage } from './pages/dice-roller';

test('a roll is logged and still listed after a reload and a restart', async ({ gm }) => {
  const roller = new DiceRollerPage(gm.page);
  await expect(roller.logEntries).toHaveCount(0);
  await roller.roll('5', 6);
  await expect(roller.logEntries).toHaveCount(1);
  const faces = await roller.logEntries.first().locator('.face').allTextContents();
  expect(faces).toHaveLength(5);
  for (const face of faces) expect(Number(face)).toBeGreaterThanOrEqual(1);

  await gm.page.reload();
  const afterReload = new DiceRollerPage(gm.page);
  await expect(afterReload.logEntries).toHaveCount(1);
  expect(await afterReload.logEntries.first().locator('.face').allTextContents()).toEqual(faces);

  const afterRestart = new DiceRollerPage(await gm.restart());
  await expect(afterRestart.logEntries).toHaveCount(1);
  expect(await afterRestart.logEntries.first().locator('.face').allTextContents()).toEqual(faces);
});

for (const [input, message] of [
  ['0', /Cannot roll 0 dice/],
  ['-1', /Cannot roll -1 dice/],
  ['10001', /more than one roll allows/],
  ['abc', /is not a number of dice/],
] as const) {
  test(`dice count ${input} is refused with a message and nothing is logged`, async ({ gm }) => {
    const roller = new DiceRollerPage(gm.page);
    await roller.roll(input);
    await expect(roller.error).toHaveText(message);
    await expect(roller.logEntries).toHaveCount(0);
    await gm.page.reload();
    await expect(new DiceRollerPage(gm.page).logEntries).toHaveCount(0);
  });
}
