import { computed, ref, toRaw, watch } from 'vue';
import { rulesLookup } from '../systems/loaded-systems';
import { statApplies } from '../../../shared/system-kit/stat-relevance';
import type { DerivedValue, StatField, StatValue, Stats, TrackerRules } from '../../../shared/system-kit/tracker-rules';
import type { SystemId } from '../../../shared/system-kit/rule-system';

export type StatParse =
  { readonly ok: true; readonly value: StatValue } | { readonly ok: false; readonly problem: string };

export interface StatGroup {
  readonly id: StatField['group'];
  readonly label: string;
  readonly fields: readonly StatField[];
}

const GROUP_LABELS: Readonly<Record<StatField['group'], string>> = {
  attribute: 'Attributes',
  skill: 'Skills',
  combat: 'Combat',
  gear: 'Armour and gear',
  resource: 'Resources',
};
const GROUP_ORDER: readonly StatField['group'][] = ['attribute', 'skill', 'combat', 'gear', 'resource'];

const WHOLE_NUMBER = /^[+-]?\d+$/;

/** The value a field has in a stat block, its default when missing. */
export function statValue(field: StatField, stats: Stats): StatValue {
  return Object.hasOwn(stats, field.id) ? stats[field.id]! : field.defaultValue;
}

/** The text an input shows for a value: "4", "3, 17, 42" (flags are checkboxes, not text). */
export function formatStatValue(field: StatField, value: StatValue): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return String(value);
  return field.type === 'flag' ? String(value === true) : '';
}

function rangeProblem(field: StatField, value: number, what: string): string | null {
  const { min, max } = field;
  if (min !== undefined && max !== undefined && (value < min || value > max))
    return `${what} must be between ${min} and ${max}, got ${value}.`;
  if (min !== undefined && value < min)
    return min === 0 ? `${what} cannot be negative, got ${value}.` : `${what} must be at least ${min}, got ${value}.`;
  if (max !== undefined && value > max) return `${what} must be at most ${max}, got ${value}.`;
  return null;
}

function parseWhole(field: StatField, text: string, what: string): StatParse {
  if (!WHOLE_NUMBER.test(text)) {
    return Number.isFinite(Number(text))
      ? { ok: false, problem: `${what} must be a whole number, got ${text}.` }
      : { ok: false, problem: `${what} must be a number, got "${text}".` };
  }
  const value = Number(text);
  const problem = rangeProblem(field, value, what);
  return problem ? { ok: false, problem } : { ok: true, value };
}

/**
 * Reads what the GM typed into a field. Numbers must be whole and within the field's
 * range; lists ("numbers") are separated by commas or spaces. Flags are not typed.
 */
export function parseStatText(field: StatField, text: string): StatParse {
  const trimmed = text.trim();
  if (field.type === 'flag') return { ok: true, value: trimmed === 'true' };
  if (field.type === 'number') {
    if (trimmed === '') return { ok: false, problem: `${field.label} needs a number.` };
    return parseWhole(field, trimmed, field.label);
  }
  const parts = trimmed === '' ? [] : trimmed.split(/[\s,;]+/).filter((part) => part !== '');
  const values: number[] = [];
  for (const part of parts) {
    const parsed = parseWhole(field, part, `Each of ${field.label}`);
    if (!parsed.ok) return parsed;
    values.push(parsed.value as number);
  }
  if (field.maxItems !== undefined && values.length > field.maxItems) {
    return { ok: false, problem: `${field.label} may list at most ${field.maxItems} numbers, got ${values.length}.` };
  }
  return { ok: true, value: values };
}

/** The stat fields in display order, grouped ("Attributes", "Armour and gear"…); empty groups left out. */
export function groupStatFields(fields: readonly StatField[]): StatGroup[] {
  return GROUP_ORDER.map((id) => ({
    id,
    label: GROUP_LABELS[id],
    fields: fields.filter((f) => f.group === id),
  })).filter((g) => g.fields.length > 0);
}

/**
 * One dense line with short labels: "BOD 4 · AGI 3 · IP 2 · HRD". Left out: fields that do not
 * apply to this block (a vehicle's Handling on a person), unset flags, empty lists and skills at
 * their default (0: not on the sheet).
 */
export function summarizeStats(fields: readonly StatField[], stats: Stats): string {
  const parts: string[] = [];
  for (const field of fields) {
    if (!statApplies(field, stats)) continue;
    const value = statValue(field, stats);
    if (field.group === 'skill' && sameValue(value, field.defaultValue)) continue;
    if (field.type === 'flag') {
      if (value === true) parts.push(field.short);
    } else if (Array.isArray(value)) {
      if (value.length) parts.push(`${field.short} ${value.join(',')}`);
    } else {
      parts.push(`${field.short} ${formatStatValue(field, value)}`);
    }
  }
  return parts.join(' · ');
}

/**
 * A plain copy of a stat block (no Vue proxies inside), as IndexedDB and the event log
 * need it: a reactive proxy cannot be stored ("could not be cloned").
 */
export function plainStats(stats: Stats): Stats {
  return Object.fromEntries(
    Object.entries(toRaw(stats)).map(([id, value]) => [id, Array.isArray(value) ? [...toRaw(value)] : value]),
  );
}

/** A full stat block of the system's defaults, for a new template or combatant. */
export function defaultStats(systemId: SystemId): Stats {
  return Object.fromEntries(rulesLookup.tracker(systemId).statFields.map((f) => [f.id, f.defaultValue]));
}

function sameValue(a: StatValue | undefined, b: StatValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

function trackerFor(systemId: SystemId): TrackerRules | null {
  try {
    return rulesLookup.tracker(systemId);
  } catch {
    return null;
  }
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

function copyValue(value: StatValue): StatValue {
  return Array.isArray(value) ? [...toRaw(value)] : value;
}

/**
 * What a stat editor holds, for whoever saves it. There is one rule for every editor
 * (template form, combatant editor, ad-hoc roll participant): save `stats` or `changes`
 * only when `problems` is empty; otherwise save nothing.
 */
export interface StatDraftState {
  /** Everything wrong with the draft: each field's input first, then the system's own checks. */
  readonly problems: readonly string[];
  /** The whole stat block exactly as shown (defaults where the saved block had none), or null while anything is wrong. */
  readonly stats: Stats | null;
  /** Only the fields whose shown value differs from the saved block; empty while anything is wrong. */
  readonly changes: Stats;
}

/** A draft that has not been looked at yet: nothing to save. */
export const EMPTY_STAT_DRAFT: StatDraftState = { problems: [], stats: null, changes: {} };

/**
 * Why a Save button is off, in a sentence, or null when it may be pressed. `needsChanges`
 * is for editors that store only what changed (a combatant): no change, nothing to save.
 */
export function saveBlockedReason(draft: StatDraftState, needsChanges: boolean): string | null {
  const [first, ...rest] = draft.problems;
  if (first !== undefined) {
    const more = rest.length ? ` (and ${rest.length} more ${rest.length === 1 ? 'problem' : 'problems'})` : '';
    return `Save is off until the stats are fixed: ${first}${more}`;
  }
  if (draft.stats === null) return 'Save is off: the stats are not ready.';
  if (needsChanges && Object.keys(draft.changes).length === 0) return 'No stat has changed.';
  return null;
}

/**
 * The editable draft behind a stat editor. The GM's text is kept as typed and each field
 * is parsed on its own; `state` says what may be saved (see StatDraftState). The draft
 * starts over only when the saved block's values change from outside (another template,
 * an undo, another system); the saved block catching up with the draft keeps the text.
 */
export function useStatDraft(systemId: () => SystemId, saved: () => Stats) {
  const tracker = computed(() => trackerFor(systemId()));
  const fields = computed<readonly StatField[]>(() => tracker.value?.statFields ?? []);

  const texts = ref<Record<string, string>>({});
  const flags = ref<Record<string, boolean>>({});
  /** Fields where the browser could not read a number at all (its value comes back empty). */
  const unreadable = ref<Record<string, boolean>>({});

  function reset(stats: Stats): void {
    const nextTexts: Record<string, string> = {};
    const nextFlags: Record<string, boolean> = {};
    for (const field of fields.value) {
      const value = statValue(field, stats);
      if (field.type === 'flag') nextFlags[field.id] = value === true;
      else nextTexts[field.id] = formatStatValue(field, value);
    }
    texts.value = nextTexts;
    flags.value = nextFlags;
    unreadable.value = {};
  }

  const parsed = computed<Record<string, StatParse>>(() => {
    const result: Record<string, StatParse> = {};
    for (const field of fields.value) {
      if (field.type === 'flag') result[field.id] = { ok: true, value: flags.value[field.id] === true };
      else if (unreadable.value[field.id])
        result[field.id] = { ok: false, problem: `${field.label} must be a number.` };
      else result[field.id] = parseStatText(field, texts.value[field.id] ?? '');
    }
    return result;
  });

  /** Good input, the saved value where the input is bad: what decides which fields apply. */
  const typed = computed<Stats>(() => {
    const current = saved();
    const result: Record<string, StatValue> = {};
    for (const field of fields.value) {
      const parse = parsed.value[field.id];
      result[field.id] = parse?.ok ? parse.value : statValue(field, current);
    }
    return result;
  });

  /** The fields that apply to the values as they stand (ticking "Vehicle or drone" swaps them live). */
  const shownFields = computed<readonly StatField[]>(() => fields.value.filter((f) => statApplies(f, typed.value)));
  const groups = computed(() => groupStatFields(shownFields.value));
  const shownIds = computed<ReadonlySet<string>>(() => new Set(shownFields.value.map((f) => f.id)));

  /** Only the shown fields' problems: a hidden field's text is neither checked nor saved. */
  const fieldProblems = computed<Record<string, string>>(() => {
    const result: Record<string, string> = {};
    for (const [id, parse] of Object.entries(parsed.value)) if (!parse.ok && shownIds.value.has(id)) result[id] = parse.problem;
    return result;
  });

  /**
   * The block as shown, for the system's own checks and for saving: a field that does not apply
   * takes its default (a person's block keeps no Handling, a vehicle's no skills), while its text
   * stays in the draft, so unticking and ticking again brings it back.
   */
  const candidate = computed<Stats>(() => {
    const result: Record<string, StatValue> = {};
    for (const field of fields.value) {
      result[field.id] = copyValue(shownIds.value.has(field.id) ? typed.value[field.id]! : field.defaultValue);
    }
    return result;
  });

  const rulesProblems = computed<string[]>(() => {
    const rules = tracker.value;
    if (!rules) return [`The encounter tracker does not know the rule system "${systemId()}".`];
    try {
      return rules.validateStats(candidate.value);
    } catch (cause) {
      return [messageOf(cause)];
    }
  });

  const problems = computed<string[]>(() => [
    ...new Set([...Object.values(fieldProblems.value), ...rulesProblems.value]),
  ]);

  const state = computed<StatDraftState>(() => {
    if (problems.value.length) return { problems: problems.value, stats: null, changes: {} };
    const current = saved();
    const stats = candidate.value;
    const changes: Record<string, StatValue> = {};
    for (const field of fields.value)
      if (!sameValue(stats[field.id], statValue(field, current))) changes[field.id] = copyValue(stats[field.id]!);
    return { problems: [], stats, changes };
  });

  const derived = computed<readonly DerivedValue[]>(() => {
    const rules = tracker.value;
    const stats = state.value.stats;
    if (!rules || !stats) return [];
    try {
      return rules.derive(stats);
    } catch {
      return [];
    }
  });

  // Compared by value: the saved block comes back as a new object (a store update, a proxy)
  // even when nothing in it changed, and starting over would throw away what is typed.
  const savedValues = computed(() => JSON.stringify(fields.value.map((f) => statValue(f, saved()))));
  watch(
    [systemId, savedValues],
    ([id], previous) => {
      const sameSystem = previous !== undefined && previous[0] === id;
      const shown = state.value.stats;
      if (sameSystem && shown && fields.value.every((f) => sameValue(shown[f.id], statValue(f, saved())))) return;
      reset(saved());
    },
    { immediate: true },
  );

  function setText(fieldId: string, text: string, readable = true): void {
    texts.value = { ...texts.value, [fieldId]: text };
    unreadable.value = { ...unreadable.value, [fieldId]: !readable };
  }

  function setFlag(fieldId: string, value: boolean): void {
    flags.value = { ...flags.value, [fieldId]: value };
  }

  return { fields, shownFields, groups, texts, flags, fieldProblems, rulesProblems, problems, derived, state, setText, setFlag };
}
