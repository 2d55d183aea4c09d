import { computed, ref } from 'vue';
import { weaponProblems } from '../../../shared/system-kit/sheet-weapons';
import type { CombatantKind, SheetWeapon, StatField } from '../../../shared/system-kit/tracker-rules';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { useBestiaryStore, type CombatantSource } from '../sheets/bestiary-store';
import { useEncounterStore } from '../encounter/encounter-store';
import { defaultSide, parseCount, defaultStats, plainStats, useStatDraft, plainWeapons, weaponRulesFor } from '../sheets';

/**
 * The stats the quick form asks for: the system's key stats (`StatField.quick`), or its
 * attributes while it marks none. Skills come separately, under their own disclosure.
 */
export function quickFields(fields: readonly StatField[]): StatField[] {
  const marked = fields.filter((f) => f.quick);
  return marked.length ? marked : fields.filter((f) => f.group === 'attribute');
}

/** The skills the quick form offers under "Skills", leaving out any already among the key stats. */
export function skillFields(fields: readonly StatField[]): StatField[] {
  return fields.filter((f) => f.group === 'skill' && !f.quick);
}

/**
 * The quick "Add PC / Add NPC" form: a name, a side, the key stats (the rest keep their
 * defaults), skills and weapons if wanted, notes, and for NPCs how many. Adding checks it all
 * first: with any problem nothing is added (nor saved as a template), and each is said in words.
 */
export function useQuickAdd(systemId: () => SystemId, kind: () => CombatantKind) {
  const encounter = useEncounterStore();
  const bestiary = useBestiaryStore();

  const name = ref('');
  const side = ref(defaultSide(kind(), encounter.state?.sides ?? []));
  const countText = ref('1');
  const notes = ref('');
  const saveAsTemplate = ref(false);
  const weapons = ref<SheetWeapon[]>([]);
  const busy = ref(false);
  /** Shown once the GM has tried to add: every problem, kept up to date as they are fixed. */
  const tried = ref(false);
  /** Why the last attempt failed after the checks (the store refused it), or null. */
  const failure = ref<string | null>(null);

  const defaults = defaultStats(systemId());
  const stats = useStatDraft(systemId, () => defaults);
  // Only those that apply as the form stands: ticking "Vehicle or drone" swaps a person's for a vehicle's.
  const keyStats = computed(() => quickFields(stats.fields.value).filter((f) => stats.shownFields.value.includes(f)));
  const skills = computed(() => skillFields(stats.shownFields.value));
  const weaponRules = computed(() => weaponRulesFor(systemId()));

  const problems = computed<string[]>(() => {
    const found: string[] = [];
    const trimmed = name.value.trim();
    if (!trimmed) found.push(`The ${kind() === 'pc' ? 'PC' : 'NPC'} needs a name.`);
    else if (trimmed.length > 80) found.push('A name may be at most 80 characters.');
    if (kind() === 'npc') {
      const count = parseCount(countText.value);
      if (!count.ok) found.push(count.problem);
    }
    found.push(...stats.problems.value, ...weaponProblems(weapons.value, weaponRules.value));
    return found;
  });

  const shownProblems = computed(() => (tried.value ? [...problems.value, ...(failure.value ? [failure.value] : [])] : []));

  /** Adds the combatants (saving the template first when asked); true when they are in the encounter. */
  async function add(): Promise<boolean> {
    tried.value = true;
    failure.value = null;
    const stated = stats.state.value.stats;
    if (problems.value.length || !stated || busy.value) return false;
    const count = kind() === 'npc' ? Number(countText.value.trim()) : 1;
    let source: CombatantSource = {
      name: name.value.trim(),
      kind: kind(),
      stats: plainStats(stated),
      weapons: plainWeapons(weapons.value),
      notes: notes.value,
    };
    busy.value = true;
    try {
      if (saveAsTemplate.value) {
        const id = await bestiary.save(systemId(), source);
        if (!id) {
          failure.value = bestiary.error ?? 'The template was not saved; nothing was added.';
          return false;
        }
        source = { ...source, id };
      }
      encounter.clearError();
      const added = await bestiary.addToEncounter(source, count, { side: side.value, group: kind() === 'npc' && count > 1 });
      if (!added) failure.value = encounter.error ?? 'The combatants could not be added.';
      return added;
    } finally {
      busy.value = false;
    }
  }

  return { name, side, countText, notes, saveAsTemplate, weapons, busy, stats, keyStats, skills, weaponRules, problems, shownProblems, add };
}
