import { computed, ref, toRaw } from 'vue';
import { rulesLookup } from '../systems/loaded-systems';
import type { Side } from '../../../shared/encounter/state';
import type { CombatantKind } from '../../../shared/system-kit/tracker-rules';
import type { TemplateRow } from '../db/database';
import { useBestiaryStore, type TemplateDraft } from './bestiary-store';
import { useEncounterStore } from '../encounter/encounter-store';
import { slugify } from '../ui/formatting';
import { plainStats, summarizeStats } from './useStatDraft';
import { plainWeapons, weaponNames } from './useWeaponList';

export interface BestiaryEntry {
  readonly template: TemplateRow;
  /** Shipped with the app: can be added and duplicated, not edited or deleted. */
  readonly readyMade: boolean;
  readonly summary: string;
  /** The names of its weapons ("Ares Predator, Knife"); "" when it has none. */
  readonly weapons: string;
  /** For test ids: "bestiary-add-<slug>". */
  readonly slug: string;
}

export interface AddOptions {
  readonly count: number;
  readonly side: string;
  readonly group: boolean;
  readonly hidden: boolean;
}

export function isReadyMade(template: TemplateRow): boolean {
  return template.id.startsWith('preset:');
}

/** Where a new combatant most likely belongs: PCs with the party, NPCs against it. */
export function defaultSide(kind: CombatantKind, sides: readonly Side[]): string {
  const wanted = kind === 'pc' ? 'party' : 'opponents';
  if (sides.some((s) => s.id === wanted)) return wanted;
  const fallback = kind === 'pc' ? sides[0] : sides[sides.length - 1];
  return fallback?.id ?? wanted;
}

/** Grouping (one initiative) is the usual choice for several NPCs at once. */
export function groupByDefault(kind: CombatantKind, count: number): boolean {
  return kind === 'npc' && count > 1;
}

/** The stored row without Vue's proxies: saved rows come out of a reactive store, and IndexedDB cannot store a proxy. */
function plainTemplate(template: TemplateRow): TemplateRow {
  const raw = toRaw(template);
  return { ...raw, stats: plainStats(raw.stats), weapons: plainWeapons(raw.weapons) };
}

/**
 * The bestiary of the open encounter's system, and its actions. Each action remembers
 * which template row (or "form") its error belongs to, so it is shown beside that control.
 */
export function useBestiary() {
  const bestiary = useBestiaryStore();
  const encounter = useEncounterStore();
  const failure = ref<{ target: string; message: string } | null>(null);
  const notice = ref<string | null>(null);
  const busy = ref(false);

  const systemId = computed(() => encounter.state?.systemId ?? null);
  const sides = computed<readonly Side[]>(() => encounter.state?.sides ?? []);

  const entries = computed<BestiaryEntry[]>(() => {
    const id = systemId.value;
    if (!id) return [];
    const fields = rulesLookup.tracker(id).statFields;
    return bestiary.all(id).map((template) => ({
      template,
      readyMade: isReadyMade(template),
      summary: summarizeStats(fields, template.stats),
      weapons: weaponNames(template.weapons),
      slug: slugify(template.name),
    }));
  });

  function errorFor(target: string): string | null {
    return failure.value?.target === target ? failure.value.message : null;
  }

  async function run<T>(
    target: string,
    action: () => Promise<T>,
    readError: () => string | null,
    fallback: string,
  ): Promise<T | null> {
    failure.value = null;
    notice.value = null;
    busy.value = true;
    try {
      const result = await action();
      const failed = result === false || result === null;
      const message = failed ? (readError() ?? fallback) : null;
      if (message) failure.value = { target, message };
      return result;
    } catch (cause) {
      failure.value = { target, message: `${fallback} ${cause instanceof Error ? cause.message : String(cause)}` };
      return null;
    } finally {
      busy.value = false;
    }
  }

  async function load(): Promise<void> {
    await bestiary.load();
    if (bestiary.error) failure.value = { target: 'list', message: bestiary.error };
  }

  async function add(template: TemplateRow, options: AddOptions): Promise<boolean> {
    if (encounter.readOnlyReason) {
      failure.value = { target: template.id, message: encounter.readOnlyReason };
      return false;
    }
    encounter.clearError();
    const added = await run(
      template.id,
      () => bestiary.addToEncounter(plainTemplate(template), options.count, options),
      () => encounter.error,
      'The combatants could not be added.',
    );
    if (added)
      notice.value = options.count === 1 ? `Added ${template.name}.` : `Added ${options.count} × ${template.name}.`;
    return added === true;
  }

  /** Saves a new template (no id) or a changed one; its id, or null with the reason at "form". */
  async function save(draft: TemplateDraft, id?: string): Promise<string | null> {
    const system = systemId.value;
    if (!system) return null;
    bestiary.error = null;
    const saved = await run(
      'form',
      () => bestiary.save(system, { ...draft, stats: plainStats(draft.stats), weapons: plainWeapons(draft.weapons) }, id),
      () => bestiary.error,
      'The template was not saved.',
    );
    if (saved) notice.value = `Saved ${draft.name.trim()}.`;
    return saved;
  }

  async function duplicate(template: TemplateRow): Promise<string | null> {
    bestiary.error = null;
    const copy = await run(
      template.id,
      () => bestiary.duplicate(plainTemplate(template)),
      () => bestiary.error,
      'The template could not be duplicated.',
    );
    if (copy) notice.value = `Duplicated ${template.name}.`;
    return copy;
  }

  async function remove(template: TemplateRow): Promise<boolean> {
    bestiary.error = null;
    const done = await run(
      template.id,
      async () => {
        await bestiary.remove(template.id);
        return bestiary.error === null;
      },
      () => bestiary.error,
      'The template could not be deleted.',
    );
    if (done) notice.value = `Deleted ${template.name}.`;
    return done === true;
  }

  return { systemId, sides, entries, failure, notice, busy, errorFor, load, add, save, duplicate, remove };
}

export const MAX_ADD_COUNT = 50;

/** How many to add, from the count input: a whole number from 1 to 50, or why not. */
export function parseCount(text: string): { ok: true; count: number } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: `Count must be a whole number from 1 to ${MAX_ADD_COUNT}.` };
  const count = Number(trimmed);
  if (count < 1 || count > MAX_ADD_COUNT)
    return { ok: false, problem: `Add between 1 and ${MAX_ADD_COUNT} at a time, not ${count}.` };
  return { ok: true, count };
}
