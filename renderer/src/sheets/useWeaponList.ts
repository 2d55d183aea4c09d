import { computed, ref, toRaw } from 'vue';
import { rulesLookup } from '../systems/loaded-systems';
import { MAX_SHEET_WEAPONS, MAX_WEAPON_NAME, nextWeaponId, weaponProblems } from '../../../shared/system-kit/sheet-weapons';
import { NO_WEAPONS, type SheetWeapon, type WeaponRules } from '../../../shared/system-kit/tracker-rules';
import type { FieldDef, SetupValue } from '../../../shared/system-kit/workflow';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { checkFieldValue } from '../ui/setup-fields';

/** The weapons a system's sheets may carry: its custom weapon form and table weapons (none when it has no weapon rules). */
export function weaponRulesFor(systemId: SystemId): WeaponRules {
  try {
    return rulesLookup.tracker(systemId).weapons ?? NO_WEAPONS;
  } catch {
    return NO_WEAPONS;
  }
}

/** A plain copy of a weapon list (no Vue proxies), as IndexedDB and the event log need it. */
export function plainWeapons(weapons: readonly SheetWeapon[] | undefined): SheetWeapon[] {
  return weapons ? (JSON.parse(JSON.stringify(toRaw(weapons))) as SheetWeapon[]) : [];
}

/** What a new custom weapon starts with: the first choice, 0 (or the nearest allowed number), off. */
export function customWeaponDefaults(fields: readonly FieldDef[]): Record<string, SetupValue> {
  const values: Record<string, SetupValue> = {};
  for (const field of fields) {
    if (field.kind === 'choice') values[field.id] = field.options[0]?.value ?? '';
    else if (field.kind === 'number') values[field.id] = Math.min(field.max, Math.max(field.min, 0));
    else values[field.id] = false;
  }
  return values;
}

/** The names of a sheet's weapons, for a dense line ("Ares Predator, Knife"); "" when it has none. */
export function weaponNames(weapons: readonly SheetWeapon[] | undefined): string {
  return (weapons ?? []).map((w) => w.name).join(', ');
}

/** Table weapons whose name holds every word of the filter, in the catalogue's order. */
export function catalogueMatches(catalogue: readonly SheetWeapon[], filter: string): SheetWeapon[] {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return catalogue.filter((w) => words.every((word) => w.name.toLowerCase().includes(word)));
}

/** A table weapon put on a sheet: its row and numbers, with an id the sheet does not use yet. */
export function fromCatalogue(entry: SheetWeapon, sheet: readonly SheetWeapon[]): SheetWeapon {
  return { ...plainWeapons([entry])[0]!, id: nextWeaponId(sheet) };
}

function sameValues(a: Readonly<Record<string, SetupValue>>, b: Readonly<Record<string, SetupValue>>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * A weapon after the GM changed it. It keeps its table row only while its numbers are still the
 * table's (a renamed table weapon is still that weapon); changed numbers make it the GM's own.
 */
export function editedWeapon(
  original: SheetWeapon,
  name: string,
  values: Readonly<Record<string, SetupValue>>,
  rules: WeaponRules,
): SheetWeapon {
  const row = original.row;
  const table = row
    ? rules.catalogue.find((c) => c.row?.tableId === row.tableId && c.row.rowIndex === row.rowIndex)
    : undefined;
  const keepsRow = row !== undefined && table !== undefined && sameValues(table.values, values);
  return { id: original.id, name: name.trim(), ...(keepsRow ? { row: { ...row } } : {}), values: { ...values } };
}

/** What the custom weapon form holds while the GM types: the name, and each field's text or flag. */
export interface WeaponDraft {
  /** The weapon being changed, or null for a new one. */
  readonly editingId: string | null;
  name: string;
  inputs: Record<string, SetupValue>;
}

function draftFor(weapon: SheetWeapon | null, fields: readonly FieldDef[]): WeaponDraft {
  const values = weapon ? { ...customWeaponDefaults(fields), ...weapon.values } : customWeaponDefaults(fields);
  const inputs: Record<string, SetupValue> = {};
  for (const field of fields) inputs[field.id] = field.kind === 'number' ? String(values[field.id]) : values[field.id]!;
  return { editingId: weapon?.id ?? null, name: weapon?.name ?? '', inputs };
}

/** Reads the draft: the weapon's values, or one sentence per problem (an empty name, a bad number). */
export function readWeaponDraft(
  draft: WeaponDraft,
  fields: readonly FieldDef[],
): { ok: true; name: string; values: Record<string, SetupValue> } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const name = draft.name.trim();
  if (!name || name.length > MAX_WEAPON_NAME) problems.push(`A weapon needs a name of 1 to ${MAX_WEAPON_NAME} characters.`);
  const values: Record<string, SetupValue> = {};
  for (const field of fields) {
    const checked = checkFieldValue(field, draft.inputs[field.id] ?? '');
    if (checked.ok) values[field.id] = checked.value;
    else problems.push(checked.message);
  }
  return problems.length ? { ok: false, problems } : { ok: true, name, values };
}

/**
 * The weapon editor's state for one sheet: the catalogue filter and the custom weapon form.
 * Every change goes out through `change` as the whole new list, checked first by the system's
 * rules; a list with a problem is not sent and the problem is kept to be shown.
 */
export function useWeaponList(
  rules: () => WeaponRules,
  weapons: () => readonly SheetWeapon[],
  change: (next: SheetWeapon[]) => void,
) {
  const filter = ref('');
  const draft = ref<WeaponDraft | null>(null);
  const problems = ref<string[]>([]);

  const matches = computed(() => catalogueMatches(rules().catalogue, filter.value));
  const full = computed(() => weapons().length >= MAX_SHEET_WEAPONS);

  function send(next: SheetWeapon[]): boolean {
    const trouble = weaponProblems(next, rules());
    problems.value = trouble;
    if (trouble.length) return false;
    change(next);
    return true;
  }

  function addFromCatalogue(entry: SheetWeapon): boolean {
    const sheet = plainWeapons(weapons());
    return send([...sheet, fromCatalogue(entry, sheet)]);
  }

  /** Adds the first weapon the filter matches (Enter in the filter); false when none does. */
  function addFirstMatch(): boolean {
    const first = matches.value[0];
    if (!first) {
      problems.value = [`No table weapon matches "${filter.value.trim()}".`];
      return false;
    }
    const added = addFromCatalogue(first);
    if (added) filter.value = '';
    return added;
  }

  function remove(id: string): void {
    send(plainWeapons(weapons()).filter((w) => w.id !== id));
  }

  function startCustom(): void {
    problems.value = [];
    draft.value = draftFor(null, rules().fields);
  }

  function startEdit(id: string): void {
    const weapon = weapons().find((w) => w.id === id);
    if (!weapon) return;
    problems.value = [];
    draft.value = draftFor(plainWeapons([weapon])[0]!, rules().fields);
  }

  function cancelDraft(): void {
    draft.value = null;
    problems.value = [];
  }

  /** Saves the custom form: a new weapon, or the changed one in its place. */
  function saveDraft(): boolean {
    const current = draft.value;
    if (!current) return false;
    const read = readWeaponDraft(current, rules().fields);
    if (!read.ok) {
      problems.value = read.problems;
      return false;
    }
    const sheet = plainWeapons(weapons());
    const original = current.editingId ? sheet.find((w) => w.id === current.editingId) : undefined;
    const next = original
      ? sheet.map((w) => (w.id === original.id ? editedWeapon(original, read.name, read.values, rules()) : w))
      : [...sheet, { id: nextWeaponId(sheet), name: read.name, values: read.values }];
    const sent = send(next);
    if (sent) draft.value = null;
    return sent;
  }

  return { filter, matches, full, draft, problems, addFromCatalogue, addFirstMatch, remove, startCustom, startEdit, cancelDraft, saveDraft };
}
