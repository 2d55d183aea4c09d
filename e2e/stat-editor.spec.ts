import AxeBuilder from '@axe-core/playwright';
import { expect, test, type GmBrowser } from './fixtures';
import { LogPage } from './pages/log';
import { StatEditorPage } from './pages/stat-editor';
import { slug, TrackerPage } from './pages/tracker';

// One encounter per system with two reloads each; give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Screenshots for a person to look at, only when asked for: SCREENSHOT_DIR=/some/dir. */
const screenshotDir = process.env.SCREENSHOT_DIR;

interface BoundedStat {
  systemId: string;
  template: string;
  statId: string;
  label: string;
  min: number;
  max: number;
  stored: number;
  /** Above the maximum, typed through shorter numbers that are in range ("2", then "25"). */
  over: string;
  valid: number;
}

const SYSTEMS: readonly BoundedStat[] = [
  { systemId: 'shadowrun-4e', template: 'Ganger', statId: 'body', label: 'Body', min: 1, max: 20, stored: 3, over: '25', valid: 7 },
  { systemId: 'electric-state', template: 'Drone guard', statId: 'armor', label: 'Armor Level', min: 0, max: 10, stored: 2, over: '25', valid: 5 },
  // AR runs to 100, so 25 is allowed there: 125 passes through 1 and 12 instead.
  { systemId: 'uesrpg-3e', template: 'Bandit', statId: 'arHead', label: 'AR Head', min: 0, max: 100, stored: 0, over: '125', valid: 6 },
  { systemId: 'hardware', template: 'Street punk', statId: 'BOD', label: 'Body', min: 0, max: 20, stored: 8, over: '25', valid: 12 },
];

/** What the GM types, and the problem the editor must show for it. */
function refusedInputs(stat: BoundedStat): [typed: string, problem: string][] {
  const range = (got: string) => `${stat.label} must be between ${stat.min} and ${stat.max}, got ${got}.`;
  return [
    [stat.over, range(stat.over)],
    ['1.5', `${stat.label} must be a whole number, got 1.5.`],
    ['1e', `${stat.label} must be a number.`],
    ['999', range('999')],
    ['-1', range('-1')],
  ];
}

async function reloadAndResume(gm: GmBrowser, combatant: string): Promise<void> {
  await gm.page.reload();
  await gm.page.getByTestId('resume-accept').click();
  await gm.page.getByTestId(`combatant-${slug(combatant)}-expand`).click();
}

for (const stat of SYSTEMS) {
  test(`${stat.systemId}: a ready-made ${stat.template}'s ${stat.label} saves exactly what is shown, or nothing`, async ({ gm }) => {
    const tracker = new TrackerPage(gm.page);
    const log = new LogPage(gm.page);
    await tracker.createEncounter(`Stats ${stat.systemId}`, stat.systemId);
    await tracker.addFromBestiary(stat.template);
    await gm.page.getByTestId(`combatant-${slug(stat.template)}-expand`).click();
    const editor = StatEditorPage.forCombatant(gm.page, stat.template);
    const edited = log.entryWithText(/^Edited/);
    await expect(editor.field(stat.statId)).toHaveValue(String(stat.stored));
    await expect(editor.save).toBeDisabled();
    await expect(editor.blocked).toBeHidden();

    for (const [typed, problem] of refusedInputs(stat)) {
      await editor.type(stat.statId, typed);
      await editor.expectRefused(problem);
      if (typed === '1e') await expect(editor.field(stat.statId)).toHaveValue('');
      else await expect(editor.field(stat.statId)).toHaveValue(typed);
      if (stat.systemId === 'shadowrun-4e' && typed === stat.over) {
        // The problem, the refused Save and its reason must read right to a screen reader too.
        const scan = await new AxeBuilder({ page: gm.page }).include('[data-testid="combatant-ganger-detail"]').analyze();
        expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
        if (screenshotDir) {
          await editor.field(stat.statId).scrollIntoViewIfNeeded();
          await gm.page.screenshot({ path: `${screenshotDir}/stat-editor-problem.png` });
        }
      }
    }
    await expect(edited).toHaveCount(0);

    await reloadAndResume(gm, stat.template);
    await expect(editor.field(stat.statId)).toHaveValue(String(stat.stored));
    await expect(edited).toHaveCount(0);

    await editor.type(stat.statId, String(stat.valid));
    await expect(editor.blocked).toBeHidden();
    await editor.save.click();
    await expect(log.text(log.last())).toHaveText(`Edited: stats: ${stat.label} ${stat.valid}`);
    await expect(editor.save).toBeDisabled();
    await reloadAndResume(gm, stat.template);
    await expect(editor.field(stat.statId)).toHaveValue(String(stat.valid));
    await expect(edited).toHaveCount(1);
  });
}

test('the template form: Save is off while a stat has a problem, and saves exactly what is shown', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Templates', 'shadowrun-4e');
  await gm.page.getByTestId('tracker-add').click();
  await gm.page.getByTestId('bestiary-new').click();
  await gm.page.getByTestId('template-name').fill('Sentry');
  const form = StatEditorPage.forTemplateForm(gm.page);
  const [shadowrun] = SYSTEMS;
  for (const [typed, problem] of refusedInputs(shadowrun!)) {
    await form.type('body', typed);
    await form.expectRefused(problem);
    // Enter in the name field must not get round the disabled button either.
    await gm.page.getByTestId('template-name').press('Enter');
    await expect(gm.page.getByTestId('template-form')).toBeVisible();
  }
  await form.type('body', '7');
  await expect(form.blocked).toBeHidden();
  await form.save.click();
  await expect(gm.page.getByTestId('bestiary-row-sentry')).toContainText('BOD 7 · AGI 3');
  await gm.page.getByTestId('bestiary-close').click();
  await tracker.addFromBestiary('Sentry');
  await gm.page.getByTestId('combatant-sentry-expand').click();
  await expect(StatEditorPage.forCombatant(gm.page, 'Sentry').field('body')).toHaveValue('7');
});

test('a note pasted past its 2,000 characters says it was cut', async ({ gm }) => {
  await gm.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Long notes', 'hardware');
  await tracker.addFromBestiary('Runner');
  await gm.page.getByTestId('combatant-runner-expand').click();
  const notes = gm.page.getByTestId('combatant-runner-detail-notes');
  const hint = gm.page.getByTestId('combatant-runner-detail-notes-length');
  const note = 'The runner owes the fixer. '.repeat(78).slice(0, 2100);
  await gm.page.evaluate((text) => navigator.clipboard.writeText(text), note);
  await notes.fill('');
  await notes.focus();
  await gm.page.keyboard.press('Control+V');
  await expect(notes).toHaveValue(note.slice(0, 2000));
  await expect(hint.getByTestId('combatant-runner-detail-notes-length-cut')).toHaveText(
    'Pasted text was cut to fit the 2,000-character limit: 100 characters left out.',
  );
  await expect(hint.getByTestId('combatant-runner-detail-notes-length-count')).toHaveText(
    '2,000 / 2,000 characters, the most this field holds.',
  );
  if (screenshotDir) {
    await hint.scrollIntoViewIfNeeded();
    await gm.page.screenshot({ path: `${screenshotDir}/notes-at-limit.png` });
  }
  await notes.press('Backspace');
  await expect(hint).toHaveText('1,999 / 2,000 characters.');
});
