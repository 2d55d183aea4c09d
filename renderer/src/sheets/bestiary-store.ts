import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { EventInput } from '../../../shared/encounter/events';
import { nameWithSuffix } from '../../../shared/encounter/names';
import { isSystemLoaded, loadedSystem, rulesLookup } from '../systems/loaded-systems';
import { weaponProblems } from '../../../shared/system-kit/sheet-weapons';
import { NO_WEAPONS, type CombatantKind, type SheetWeapon, type Stats } from '../../../shared/system-kit/tracker-rules';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { getDatabase, type TemplateRow } from '../db/database';
import { newId } from '../platform/ids';
import { useEncounterStore } from '../encounter/encounter-store';

export interface TemplateDraft {
  name: string;
  kind: CombatantKind;
  stats: Stats;
  /** The sheet's weapons; none when left out. */
  weapons?: readonly SheetWeapon[];
  notes: string;
}

/** What combatants are made from: a template of the bestiary, or the quick add form's sheet (no id). */
export type CombatantSource = Pick<TemplateRow, 'name' | 'kind' | 'stats' | 'notes' | 'weapons'> & { readonly id?: string };

/** A plain copy (no Vue proxies), as IndexedDB and the event log need it. */
function plainCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Combatant templates per system: the GM's own plus ready-made ones from the seeds. */
export const useBestiaryStore = defineStore('bestiary', () => {
  const saved = ref<TemplateRow[]>([]);
  const error = ref<string | null>(null);

  const all = computed(() => (systemId: SystemId): TemplateRow[] => [
    ...saved.value.filter((t) => t.systemId === systemId).sort((a, b) => a.name.localeCompare(b.name)),
    // The ready-made ones come with the system's rules, loaded with its encounter.
    ...(isSystemLoaded(systemId) ? loadedSystem(systemId).presets : []),
  ]);

  async function load(): Promise<void> {
    try {
      saved.value = await getDatabase().templates.toArray();
    } catch (cause) {
      error.value = `The bestiary could not be read: ${(cause as Error).message}`;
    }
  }

  function check(systemId: SystemId, draft: TemplateDraft): string | null {
    const name = draft.name.trim();
    if (!name) return 'A template needs a name.';
    if (name.length > 80) return 'A template name may be at most 80 characters.';
    const rules = rulesLookup.tracker(systemId);
    const problems = [...rules.validateStats(draft.stats), ...weaponProblems(draft.weapons ?? [], rules.weapons ?? NO_WEAPONS)];
    return problems.length ? problems.join(' ') : null;
  }

  async function save(systemId: SystemId, draft: TemplateDraft, id?: string): Promise<string | null> {
    const problem = check(systemId, draft);
    if (problem) {
      error.value = problem;
      return null;
    }
    const row: TemplateRow = {
      id: id && !id.startsWith('preset:') ? id : newId(),
      systemId,
      name: draft.name.trim(),
      kind: draft.kind,
      // A plain copy: stats from a form are Vue proxies, which IndexedDB cannot store.
      stats: plainCopy(draft.stats),
      weapons: plainCopy(draft.weapons ?? []),
      notes: draft.notes,
      updatedAt: new Date().toISOString(),
    };
    try {
      await getDatabase().templates.put(row);
      await load();
      error.value = null;
      return row.id;
    } catch (cause) {
      error.value = `The template was not saved: ${(cause as Error).message}`;
      return null;
    }
  }

  async function duplicate(template: TemplateRow): Promise<string | null> {
    return save(template.systemId, { name: `${template.name} (copy)`.slice(0, 80), kind: template.kind, stats: template.stats, weapons: template.weapons ?? [], notes: template.notes });
  }

  async function remove(id: string): Promise<void> {
    if (id.startsWith('preset:')) {
      error.value = 'Ready-made templates cannot be deleted; duplicate one to make your own.';
      return;
    }
    try {
      await getDatabase().templates.delete(id);
      await load();
      error.value = null;
    } catch (cause) {
      error.value = `The template was not deleted: ${(cause as Error).message}`;
    }
  }

  /**
   * Adds `count` combatants from a template to the open encounter, numbered when more
   * than one, and groups them (one initiative) when asked. All of it is checked first and
   * written as one change: every combatant and the group, or nothing.
   */
  async function addToEncounter(template: CombatantSource, count: number, options: { side: string; group: boolean; hidden?: boolean }): Promise<boolean> {
    const encounter = useEncounterStore();
    if (!encounter.state) return false;
    if (!Number.isInteger(count) || count < 1 || count > 50) {
      encounter.error = 'Add between 1 and 50 at a time.';
      return false;
    }
    const taken = new Set(encounter.state.combatants.map((c) => c.name));
    const changes: EventInput[] = [];
    const ids: string[] = [];
    let number = 1;
    for (let i = 0; i < count; i++) {
      let name = template.name.trim();
      if (count > 1 || taken.has(name)) {
        while (taken.has(nameWithSuffix(template.name, ` ${number}`))) number++;
        name = nameWithSuffix(template.name, ` ${number}`);
      }
      taken.add(name);
      const id = newId();
      changes.push({
        type: 'combatant-added',
        combatant: {
          id,
          name,
          kind: template.kind,
          side: options.side,
          stats: template.stats,
          // Each member gets its own copy: a sheet's weapons are edited per combatant.
          ...(template.weapons?.length ? { weapons: plainCopy(template.weapons) } : {}),
          ...(template.id ? { templateId: template.id } : {}),
          hidden: options.hidden ?? false,
          notes: template.notes,
        },
      });
      ids.push(id);
    }
    if (options.group && ids.length > 1 && template.kind === 'npc') {
      changes.push({ type: 'group-formed', groupId: newId(), name: nameWithSuffix(template.name, ` ×${ids.length}`), combatantIds: ids });
    }
    return encounter.dispatchAll(changes);
  }

  return { saved, all, error, load, save, duplicate, remove, addToEncounter };
});
