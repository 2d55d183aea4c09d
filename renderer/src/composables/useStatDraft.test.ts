import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { rulesLookup } from '../../../shared/encounter/rules-lookup';
import type { StatField, Stats } from '../../../shared/encounter/tracker-rules';
import {
  defaultStats,
  formatStatValue,
  groupStatFields,
  parseStatText,
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

  it('groups fields in a fixed order and leaves empty groups out', () => {
    const groups = groupStatFields(rulesLookup.tracker('electric-state').statFields);
    expect(groups.map((g) => g.id)).toEqual(['attribute', 'gear', 'resource']);
  });
});

describe('useStatDraft', () => {
  function setup(initial: Stats) {
    const model = ref<Stats>(initial);
    const commits: Stats[] = [];
    const draft = useStatDraft(
      () => 'shadowrun-4e',
      () => model.value,
      (stats) => {
        commits.push(stats);
        model.value = stats;
      },
    );
    return { model, commits, draft };
  }

  it('commits good input and derives from it', async () => {
    const { model, draft } = setup(defaultStats('shadowrun-4e'));
    draft.setText('body', '6');
    await nextTick();
    expect(model.value.body).toBe(6);
    expect(draft.problems.value).toEqual([]);
    expect(draft.derived.value.find((d) => d.id === 'physicalMonitor')?.value).toBe(11);
  });

  it('keeps bad input as typed, reports it and never commits it', async () => {
    const { model, draft } = setup(defaultStats('shadowrun-4e'));
    draft.setText('body', '-3');
    await nextTick();
    expect(model.value.body).toBe(3);
    expect(draft.texts.value.body).toBe('-3');
    expect(draft.fieldProblems.value.body).toMatch(/between 1 and 20/);
    expect(draft.problems.value.length).toBeGreaterThan(0);
    draft.setText('agility', '', false);
    expect(draft.fieldProblems.value.agility).toMatch(/must be a number/);
  });

  it('starts over when a different stat block comes in from outside', async () => {
    const { model, draft } = setup(defaultStats('shadowrun-4e'));
    draft.setText('body', 'x');
    model.value = { ...defaultStats('shadowrun-4e'), body: 9 };
    await nextTick();
    expect(draft.texts.value.body).toBe('9');
    expect(draft.problems.value).toEqual([]);
  });
});
