import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { loadedSystem, rulesLookup } from '../systems/loaded-systems';
import type { StatField, Stats } from '../../../shared/system-kit/tracker-rules';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import {
  EMPTY_STAT_DRAFT,
  defaultStats,
  formatStatValue,
  groupStatFields,
  parseStatText,
  saveBlockedReason,
  summarizeStats,
  useStatDraft,
} from './useStatDraft';

const field = (id: string, systemId: Parameters<typeof rulesLookup.tracker>[0]): StatField => {
  const found = rulesLookup.tracker(systemId).statFields.find((f) => f.id === id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
};

describe('parseStatText', () => {
  const body = field('body', 'shadowrun-4e'); // 1..20
  const armor = field('ballistic', 'shadowrun-4e'); // 0..30
  const lucky = field('lucky', 'uesrpg-3e'); // numbers 1..100

  it('reads whole numbers within the range', () => {
    expect(parseStatText(body, ' 7 ')).toEqual({ ok: true, value: 7 });
  });

  it.each([
    ['', /needs a number/],
    ['abc', /must be a number/],
    ['2.5', /whole number/],
    ['0', /between 1 and 20/],
    ['21', /between 1 and 20/],
  ])('refuses %j for a number field', (text, message) => {
    const parsed = parseStatText(body, text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(message);
  });

  it('says a negative armour value cannot be negative', () => {
    const parsed = parseStatText(armor, '-1');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/between 0 and 30, got -1/);
  });

  it('reads lists separated by commas or spaces, and refuses bad entries', () => {
    expect(parseStatText(lucky, '3, 17 42,,')).toEqual({ ok: true, value: [3, 17, 42] });
    expect(parseStatText(lucky, '')).toEqual({ ok: true, value: [] });
    expect(parseStatText(lucky, '3, x').ok).toBe(false);
    expect(parseStatText(lucky, '0').ok).toBe(false);
    const tooMany = parseStatText(field('unlucky', 'uesrpg-3e'), '1 2 3 4 5 6');
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.problem).toMatch(/at most 5/);
  });

  it('formats values back the way they are typed', () => {
    expect(formatStatValue(lucky, [3, 17])).toBe('3, 17');
    expect(formatStatValue(body, 4)).toBe('4');
  });
});

describe('stat summaries and groups', () => {
  it('makes one line of short labels, flags only when set', () => {
    const fields = rulesLookup.tracker('hardware').statFields;
    const line = summarizeStats(fields, { ...defaultStats('hardware'), hardened: true });
    expect(line).toMatch(/^BOD 10 · AGL 10 · CTR 10/);
    expect(line).toContain('HRD');
    expect(line).not.toContain('FIRST');
  });

  it("a person's line leaves out the vehicle stats and the skills at 0 (not on the sheet)", () => {
    const fields = rulesLookup.tracker('shadowrun-4e').statFields;
    const line = summarizeStats(fields, { ...defaultStats('shadowrun-4e'), agility: 5, pistols: 4 });
    expect(line).toBe('BOD 3 · AGI 5 · REA 3 · STR 3 · CHA 3 · INT 3 · LOG 3 · WIL 3 · EDG 2 · IP 1 · B 0 · I 0 · PIS 4');
  });

  it("a vehicle's line has Body, Passes and its vehicle stats only, whatever else its block holds", () => {
    const fields = rulesLookup.tracker('shadowrun-4e').statFields;
    expect(summarizeStats(fields, preset('shadowrun-4e', 'Patrol drone'))).toBe(
      'BOD 3 · IP 1 · VEH · AUTO · ARM 3 · HDL 0 · SPD 60 · PIL 3 · SEN 3 · RSP 3',
    );
    const oldBlock = { ...defaultStats('shadowrun-4e'), ...preset('shadowrun-4e', 'Sedan'), charisma: 5, gunnery: 3 };
    expect(summarizeStats(fields, oldBlock)).toBe('BOD 10 · IP 1 · VEH · ARM 6 · HDL 0 · SPD 90 · PIL 1 · SEN 1 · RSP 1');
  });

  it('groups fields in a fixed order and leaves empty groups out', () => {
    const groups = groupStatFields(rulesLookup.tracker('electric-state').statFields);
    expect(groups.map((g) => g.id)).toEqual(['attribute', 'gear', 'resource']);
  });
});

/**
 * What a Chromium number input reports for each prefix of what the GM types: the text when it
 * is a valid floating-point number, else "" with badInput ("1e", "1.", "-").
 */
function typeNumber(draft: ReturnType<typeof useStatDraft>, fieldId: string, text: string): void {
  const validFloat = /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;
  draft.setText(fieldId, '', true);
  for (let end = 1; end <= text.length; end++) {
    const prefix = text.slice(0, end);
    draft.setText(fieldId, validFloat.test(prefix) ? prefix : '', validFloat.test(prefix));
  }
}

const preset = (systemId: SystemId, name: string): Stats => {
  const found = loadedSystem(systemId).presets.find((p) => p.name === name);
  if (!found) throw new Error(`no preset ${name}`);
  return found.stats;
};

describe('useStatDraft', () => {
  function setup(systemId: SystemId, initial: Stats) {
    const system = ref<SystemId>(systemId);
    const saved = ref<Stats>(initial);
    const draft = useStatDraft(
      () => system.value,
      () => saved.value,
    );
    return { system, saved, draft };
  }

  describe('a ready-made Shadowrun Ganger, Body 3 (1 to 20)', () => {
    it.each([
      ['25', 'Body must be between 1 and 20, got 25.'],
      ['1.5', 'Body must be a whole number, got 1.5.'],
      ['1e', 'Body must be a number.'],
      ['999', 'Body must be between 1 and 20, got 999.'],
      ['-1', 'Body must be between 1 and 20, got -1.'],
    ])('typed %j: nothing to save, the problem said, the text kept', async (typed, problem) => {
      const { draft } = setup('shadowrun-4e', preset('shadowrun-4e', 'Ganger'));
      typeNumber(draft, 'body', typed);
      await nextTick();
      expect(draft.state.value).toEqual({ problems: [problem], stats: null, changes: {} });
      expect(draft.fieldProblems.value).toEqual({ body: problem });
      expect(draft.texts.value.body).toBe(typed === '1e' ? '' : typed);
      expect(draft.derived.value).toEqual([]);
    });

    it('typed 7: saves exactly Body 7 and derives from it', async () => {
      const { draft } = setup('shadowrun-4e', preset('shadowrun-4e', 'Ganger'));
      typeNumber(draft, 'body', '25');
      typeNumber(draft, 'body', '7');
      await nextTick();
      expect(draft.state.value.problems).toEqual([]);
      expect(draft.state.value.changes).toEqual({ body: 7 });
      // Stats the template leaves out (skills it does not have) are saved at their defaults.
      expect(draft.state.value.stats).toEqual({ ...defaultStats('shadowrun-4e'), ...preset('shadowrun-4e', 'Ganger'), body: 7 });
      // Physical monitor: 8 + ⌈Body / 2⌉ = 12.
      expect(draft.derived.value.find((d) => d.id === 'physicalMonitor')?.value).toBe(12);
    });
  });

  describe('a ready-made combatant without every field (Hardware Street punk has no Buffer, no flags)', () => {
    it('untouched, it has nothing to save and no problem', () => {
      const { draft } = setup('hardware', preset('hardware', 'Street punk'));
      expect(draft.state.value).toEqual({
        problems: [],
        stats: { ...preset('hardware', 'Street punk'), buffer: 0, hardened: false, noAglSave: false },
        changes: {},
      });
    });

    it.each([
      ['999', 'Body must be between 0 and 20, got 999.'],
      ['-1', 'Body must be between 0 and 20, got -1.'],
    ])('first edit to %j: the problem is shown and the text stays as typed', async (typed, problem) => {
      const { draft } = setup('hardware', preset('hardware', 'Street punk'));
      typeNumber(draft, 'BOD', typed);
      await nextTick();
      expect(draft.texts.value.BOD).toBe(typed);
      expect(draft.state.value).toEqual({ problems: [problem], stats: null, changes: {} });
    });

    it('a good first edit changes only that field', async () => {
      const { draft } = setup('hardware', preset('hardware', 'Street punk'));
      typeNumber(draft, 'BOD', '12');
      draft.setFlag('hardened', true);
      await nextTick();
      expect(draft.state.value.changes).toEqual({ BOD: 12, hardened: true });
    });
  });

  describe('fields that apply only to a vehicle or only to a person (Shadowrun "Vehicle or drone")', () => {
    const ids = (draft: ReturnType<typeof useStatDraft>) => draft.shownFields.value.map((f) => f.id);

    it('a person shows no vehicle stat; ticking the flag shows the vehicle\'s and hides the person\'s, live', async () => {
      const { draft } = setup('shadowrun-4e', preset('shadowrun-4e', 'Ganger'));
      expect(ids(draft)).not.toContain('handling');
      expect(ids(draft)).toContain('charisma');
      draft.setFlag('vehicle', true);
      await nextTick();
      expect(ids(draft)).toEqual(['body', 'passes', 'vehicle', 'autonomous', 'vehicleArmor', 'handling', 'speed', 'pilot', 'sensor', 'response']);
      expect(draft.groups.value.map((g) => g.id)).toEqual(['attribute', 'combat', 'gear']);
    });

    it("saves a hidden field at its default and checks nothing in it, but keeps its text for when it shows again", async () => {
      const { draft } = setup('shadowrun-4e', preset('shadowrun-4e', 'Ganger'));
      draft.setFlag('vehicle', true);
      typeNumber(draft, 'handling', '9');
      await nextTick();
      expect(draft.state.value.problems).toEqual(['Handling must be between -6 and 6, got 9.']);
      draft.setFlag('vehicle', false);
      await nextTick();
      expect(draft.state.value).toEqual({
        problems: [],
        stats: { ...defaultStats('shadowrun-4e'), ...preset('shadowrun-4e', 'Ganger') },
        changes: {},
      });
      expect(draft.texts.value.handling).toBe('9');
    });

    it('a drone made a person again loses its autonomy and vehicle numbers, so no hidden field is a problem', async () => {
      const drone = { ...defaultStats('shadowrun-4e'), ...preset('shadowrun-4e', 'Patrol drone') };
      const { draft } = setup('shadowrun-4e', drone);
      draft.setFlag('vehicle', false);
      await nextTick();
      expect(draft.state.value.problems).toEqual([]);
      expect(draft.state.value.changes).toEqual({
        vehicle: false,
        autonomous: false,
        vehicleArmor: 0,
        speed: 0,
        pilot: 1,
        sensor: 1,
        response: 1,
      });
    });
  });

  it("says the system's own cross-field problems, and saves nothing then", async () => {
    const { draft } = setup('uesrpg-3e', preset('uesrpg-3e', 'Adventurer'));
    draft.setText('unlucky', '7, 96');
    await nextTick();
    expect(draft.fieldProblems.value).toEqual({});
    expect(draft.state.value.problems).toContain('7 is both lucky and unlucky; a number can only be one.');
    expect(draft.state.value.stats).toBeNull();
    expect(draft.state.value.changes).toEqual({});
  });

  it('keeps what is typed when the saved block comes back as a new object with the same values', async () => {
    const { saved, draft } = setup('shadowrun-4e', preset('shadowrun-4e', 'Ganger'));
    typeNumber(draft, 'body', '999');
    saved.value = { ...saved.value };
    await nextTick();
    expect(draft.texts.value.body).toBe('999');
    expect(draft.state.value.stats).toBeNull();
  });

  it('keeps half-typed text when the saved block catches up with the draft (a save)', async () => {
    const { saved, draft } = setup('uesrpg-3e', preset('uesrpg-3e', 'Adventurer'));
    draft.setText('lucky', '7, 17, 27, 37, ');
    draft.setText('arHead', '03');
    await nextTick();
    expect(draft.state.value.changes).toEqual({ arHead: 3 });
    saved.value = { ...saved.value, ...draft.state.value.changes };
    await nextTick();
    expect(draft.texts.value.lucky).toBe('7, 17, 27, 37, ');
    expect(draft.texts.value.arHead).toBe('03');
    expect(draft.state.value.changes).toEqual({});
  });

  it('starts over when the saved values change from outside (an undo), or the system changes', async () => {
    const { system, saved, draft } = setup('shadowrun-4e', preset('shadowrun-4e', 'Ganger'));
    typeNumber(draft, 'body', 'x');
    saved.value = { ...saved.value, body: 9 };
    await nextTick();
    expect(draft.texts.value.body).toBe('9');
    expect(draft.state.value.problems).toEqual([]);
    typeNumber(draft, 'body', '999');
    system.value = 'hardware';
    saved.value = preset('hardware', 'Runner');
    await nextTick();
    expect(draft.texts.value.BOD).toBe('10');
    expect(draft.state.value).toEqual({
      problems: [],
      stats: { ...preset('hardware', 'Runner'), buffer: 0, hardened: false, noAglSave: false },
      changes: {},
    });
  });

  it('says so when the rule system is unknown', () => {
    const { draft } = setup('no-such-system' as SystemId, {});
    expect(draft.state.value).toEqual({
      problems: ['The encounter tracker does not know the rule system "no-such-system".'],
      stats: null,
      changes: {},
    });
  });
});

describe('saveBlockedReason', () => {
  const ok = { problems: [], stats: { body: 3 }, changes: { body: 3 } };
  it('names the first problem and counts the rest', () => {
    expect(saveBlockedReason({ problems: ['Body must be a number.'], stats: null, changes: {} }, false)).toBe(
      'Save is off until the stats are fixed: Body must be a number.',
    );
    expect(saveBlockedReason({ problems: ['A.', 'B.'], stats: null, changes: {} }, true)).toBe(
      'Save is off until the stats are fixed: A. (and 1 more problem)',
    );
    expect(saveBlockedReason({ problems: ['A.', 'B.', 'C.'], stats: null, changes: {} }, true)).toBe(
      'Save is off until the stats are fixed: A. (and 2 more problems)',
    );
  });

  it('is off before the draft is read, and with no change where changes are saved', () => {
    expect(saveBlockedReason(EMPTY_STAT_DRAFT, false)).toBe('Save is off: the stats are not ready.');
    expect(saveBlockedReason({ ...ok, changes: {} }, true)).toBe('No stat has changed.');
    expect(saveBlockedReason({ ...ok, changes: {} }, false)).toBeNull();
    expect(saveBlockedReason(ok, true)).toBeNull();
  });
});
