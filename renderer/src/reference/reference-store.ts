import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { rollGroups, recordPhysicalRoll, type RollRecord } from '../../../shared/dice/record';
import type { EventInput } from '../../../shared/encounter/events';
import { createReferenceIndex, createReferenceIndexInChunks, type ReferenceCatalog } from '../../../shared/reference/catalog';
import { summaryKey, tableKey, type ReferenceHit, type ReferenceIndex } from '../../../shared/reference/search';
import { searchOwnSystemFirst, type ScopedHits } from '../../../shared/reference/search-scope';
import { parseTypedTableFaces, planTableRoll, readTableRoll } from '../../../shared/reference/table-roll';
import { tableRollEvent } from '../../../shared/reference/table-roll-event';
import { loadedCatalog } from '../systems/loaded-catalog';
import { ensureAllSystems, ensureSystem, workflowsOf } from '../systems/loaded-systems';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { isSystemId } from '../../../shared/systems/profiles';
import type { ReferenceTable } from '../../../shared/system-kit/rule-system';
import { getDatabase } from '../db/database';
import { getRandomSource } from '../platform/random';
import { useEncounterStore } from '../encounter/encounter-store';
import { useLayoutStore } from '../layout/layout-store';
import { isCollapsed } from '../layout';
import { useResolveStore } from '../roll/resolve-store';
import { useRollLogStore } from '../dice/roll-log-store';
import { useSettingsStore } from '../settings/settings-store';

export const PINS_SETTING_KEY = 'reference.pins';

/** What the panel shows: one system, or every system. */
export type ReferenceScope = SystemId | 'all';

/** The last roll on a table: the row it landed on, and how it was rolled. */
export interface TableRollOutcome {
  readonly faces: readonly number[];
  readonly value: number;
  readonly rowIndex: number;
  readonly physical: boolean;
  readonly recordId: string;
  /**
   * Where the roll was logged besides the roll log: the open encounter's name, or why it could
   * not go into that encounter's log; null when no encounter was open.
   */
  readonly encounterLog: { readonly name: string; readonly problem: string | null } | null;
}

/** What happened to the last row sent to the roll panel. */
export interface SendNote {
  readonly tableId: string;
  readonly rowIndex: number;
  readonly text: string;
  readonly problem: boolean;
}

/** A request for the panel to bring an item into view and mark it briefly. */
export interface Spotlight {
  readonly key: string;
  readonly nonce: number;
}

/**
 * The quick reference: which system it shows, the search, pinned tables (kept in the database),
 * which tables are open, table rolls, and the requests other panels make through rule citations
 * (`showSection`, `showTable`). The panel renders this; it keeps no state of its own.
 */
export const useReferenceStore = defineStore('reference', () => {
  const encounter = useEncounterStore();
  const settings = useSettingsStore();

  /** The open encounter's system, else the system in the settings. */
  const defaultSystem = computed<SystemId>(() => encounter.state?.systemId ?? settings.systemId);
  /** null: follow the default system. */
  const chosenScope = ref<ReferenceScope | null>(null);
  const scope = computed<ReferenceScope>(() => chosenScope.value ?? defaultSystem.value);

  const query = ref('');
  const rollableOnly = ref(false);

  /**
   * The pinned table ids as stored. A pin of a system whose rules are not loaded yet is kept and
   * shows once they are; `pins` lists the ones whose table is known.
   */
  const storedPins = ref<readonly string[]>([]);
  const pins = computed<readonly string[]>(() => storedPins.value.filter((id) => loadedCatalog().findTable(id) !== null));
  const pinsLoaded = ref(false);
  const error = ref<string | null>(null);

  /** Tables opened or closed by hand, against their default (pinned ones start open, and all when only rollable tables are listed). */
  const toggledInList = ref<ReadonlySet<string>>(new Set());
  /** The same for search results, forgotten when the query changes. */
  const toggledInSearch = ref<ReadonlySet<string>>(new Set());
  /** Search results showing all their rows rather than the matching ones. */
  const fullInSearch = ref<ReadonlySet<string>>(new Set());

  const searchFocus = ref(0);
  const spotlight = ref<Spotlight | null>(null);
  let spotlightNonce = 0;

  const lastRolls = ref<Readonly<Record<string, TableRollOutcome>>>({});
  const rollProblems = ref<Readonly<Record<string, string>>>({});
  const rolling = ref<ReadonlySet<string>>(new Set());

  // Built once per set of loaded systems and never changed, so it stays outside Vue's
  // reactivity (it is large, too).
  let index: { readonly catalog: ReferenceCatalog; readonly index: ReferenceIndex } | null = null;
  function ensureIndex(): ReferenceIndex {
    const catalog = loadedCatalog();
    if (index?.catalog !== catalog) index = { catalog, index: createReferenceIndex(catalog) };
    return index.index;
  }

  let building: { readonly catalog: ReferenceCatalog; readonly done: Promise<void> } | null = null;
  /**
   * Builds the index in the background, a chunk per task, so the first search is instant and
   * the screen is never held up by it. A search before it is done builds it at once instead.
   */
  function prepareIndex(): Promise<void> {
    const catalog = loadedCatalog();
    if (building?.catalog !== catalog) {
      building = {
        catalog,
        done: createReferenceIndexInChunks(catalog).then((built) => {
          if (index?.catalog !== catalog) index = { catalog, index: built };
        }),
      };
    }
    return building.done;
  }

  const scopedHits = computed<ScopedHits>(() => {
    const text = query.value.trim();
    if (text === '') return { own: [], elsewhere: [] };
    return searchOwnSystemFirst(ensureIndex(), { text, system: scope.value, rollableOnly: rollableOnly.value });
  });
  /** Hits in the system shown (every system when all are shown). */
  const hits = computed<readonly ReferenceHit[]>(() => scopedHits.value.own);
  /** Hits in the other systems, when the system shown has none. */
  const elsewhereHits = computed<readonly ReferenceHit[]>(() => scopedHits.value.elsewhere);
  const searching = computed(() => query.value.trim() !== '');

  // The rules the panel shows arrive with their system's chunk: the system shown, and every
  // system when all are shown or a search may find hits in the others.
  watch(
    () => (scope.value === 'all' || searching.value ? 'all' : scope.value),
    (needed) => {
      const loading = needed === 'all' ? ensureAllSystems() : ensureSystem(needed);
      loading.catch((cause: unknown) => {
        error.value = `The rules to show could not be loaded: ${(cause as Error).message}`;
      });
    },
    { immediate: true },
  );

  function setQuery(text: string): void {
    if (text === query.value) return;
    query.value = text;
    toggledInSearch.value = new Set();
    fullInSearch.value = new Set();
  }

  /** Picks what to show; choosing the default system goes back to following the encounter. */
  function chooseScope(next: string): void {
    if (next !== 'all' && !isSystemId(next)) {
      error.value = `"${next}" is not a rule system GM Screen knows.`;
      return;
    }
    chosenScope.value = next === defaultSystem.value ? null : next;
    error.value = null;
  }

  function showAllSystems(): void {
    chosenScope.value = 'all';
  }

  function followEncounter(): void {
    chosenScope.value = null;
  }

  /** Opens the panel if the GM collapsed it or another panel fills the screen: a request to show something must show it. */
  function revealPanel(): void {
    const layout = useLayoutStore();
    if (layout.maximised !== null && layout.maximised !== 'reference') layout.restore();
    if (isCollapsed(layout.current, 'reference')) layout.setCollapsed('reference', false);
  }

  function requestSearch(options: { rollableOnly?: boolean } = {}): void {
    revealPanel();
    rollableOnly.value = options.rollableOnly ?? false;
    searchFocus.value++;
  }

  function setRollableOnly(value: boolean): void {
    rollableOnly.value = value;
  }

  // ---------------------------------------------------------------- pins

  async function load(): Promise<void> {
    if (pinsLoaded.value) return;
    try {
      const row = await getDatabase().settings.get(PINS_SETTING_KEY);
      const value: unknown = row?.value;
      // Ignore anything that is not a list of strings; a pin shows once its table is known.
      storedPins.value = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
      pinsLoaded.value = true;
    } catch (cause) {
      error.value = `Pinned tables could not be read: ${(cause as Error).message}`;
    }
  }

  function isPinned(tableId: string): boolean {
    return pins.value.includes(tableId);
  }

  /** Pins or unpins a table; the change is on disk before it shows. */
  async function togglePin(tableId: string): Promise<void> {
    const table = loadedCatalog().findTable(tableId);
    if (!table) {
      error.value = `There is no reference table "${tableId}" to pin.`;
      return;
    }
    const next = isPinned(tableId) ? storedPins.value.filter((id) => id !== tableId) : [...storedPins.value, tableId];
    try {
      await getDatabase().settings.put({ key: PINS_SETTING_KEY, value: [...next] });
      storedPins.value = next;
      // A table opens or closes with its pin; a hand toggle from before no longer applies.
      toggledInList.value = without(toggledInList.value, tableId);
      error.value = null;
    } catch (cause) {
      error.value = `"${table.title}" could not be ${isPinned(tableId) ? 'unpinned' : 'pinned'}: ${(cause as Error).message}`;
    }
  }

  // ---------------------------------------------------------------- open / closed

  function isOpen(tableId: string, where: 'list' | 'search'): boolean {
    if (where === 'search') return !toggledInSearch.value.has(tableId);
    const openByDefault = isPinned(tableId) || rollableOnly.value;
    return openByDefault !== toggledInList.value.has(tableId);
  }

  function toggleOpen(tableId: string, where: 'list' | 'search'): void {
    if (where === 'search') toggledInSearch.value = flip(toggledInSearch.value, tableId);
    else toggledInList.value = flip(toggledInList.value, tableId);
  }

  function showsAllRows(tableId: string): boolean {
    return fullInSearch.value.has(tableId);
  }

  function toggleAllRows(tableId: string): void {
    fullInSearch.value = flip(fullInSearch.value, tableId);
  }

  // ---------------------------------------------------------------- citations from other panels

  function scopeFor(systemId: SystemId): void {
    if (scope.value !== 'all' && scope.value !== systemId)
      chosenScope.value = systemId === defaultSystem.value ? null : systemId;
  }

  function clearSearchUnlessShowing(key: string): void {
    if (searching.value && !hits.value.some((hit) => hit.key === key)) {
      setQuery('');
      rollableOnly.value = false;
    }
  }

  /**
   * Brings a rules summary into view (switching system if needed) and marks it briefly. Returns
   * why it cannot, in a sentence, or null.
   */
  function showSection(systemId: string, section: string): string | null {
    if (!isSystemId(systemId)) return `"${systemId}" is not a rule system GM Screen knows.`;
    const summary = loadedCatalog().findSummary(systemId, section);
    if (!summary) return `The quick reference has no summary for "${section}".`;
    scopeFor(systemId);
    const key = summaryKey(systemId, summary.section);
    clearSearchUnlessShowing(key);
    revealPanel();
    spotlight.value = { key, nonce: ++spotlightNonce };
    return null;
  }

  /** Brings a table into view, opened, and marks it briefly. Returns why it cannot, or null. */
  function showTable(tableId: string): string | null {
    const table = loadedCatalog().findTable(tableId);
    if (!table) return `There is no reference table "${tableId}".`;
    scopeFor(table.system);
    const key = tableKey(tableId);
    clearSearchUnlessShowing(key);
    if (searching.value) toggledInSearch.value = without(toggledInSearch.value, tableId);
    else if (!isOpen(tableId, 'list')) toggleOpen(tableId, 'list');
    revealPanel();
    spotlight.value = { key, nonce: ++spotlightNonce };
    return null;
  }

  // ---------------------------------------------------------------- table rolls

  /**
   * Rolls on a table with the app's dice (typed = null) or with faces typed from physical dice.
   * The roll is in the roll log before its row is shown; a problem is kept per table. With an
   * encounter open, the roll is also an undoable `roll-resolved` entry of that encounter's log.
   */
  async function rollTable(tableId: string, typed: string | null): Promise<boolean> {
    const table = loadedCatalog().findTable(tableId);
    if (!table) {
      error.value = `There is no reference table "${tableId}" to roll on.`;
      return false;
    }
    const plan = planTableRoll(table);
    if (!plan.ok) return refuse(tableId, plan.message);
    const typedFaces = typed === null ? null : parseTypedTableFaces(plan.value, typed);
    if (typedFaces && !typedFaces.ok) return refuse(tableId, typedFaces.message);

    const { notation, count, sides } = plan.value;
    const label = plan.value.dice.kind === 'd66' ? 'D66 (tens, units)' : notation;
    const reason = table.title.endsWith(`(${notation})`) ? table.title : `${table.title} (${notation})`;
    const context = { id: crypto.randomUUID(), at: new Date().toISOString(), roller: 'GM', reason };
    let record: RollRecord;
    try {
      record = typedFaces
        ? recordPhysicalRoll([{ sides, faces: typedFaces.value, label }], context)
        : rollGroups(getRandomSource(), [{ count, sides, label }], context);
    } catch (cause) {
      return refuse(tableId, (cause as Error).message);
    }
    const result = readTableRoll(plan.value, record.groups[0]?.faces ?? []);
    if (!result.ok) return refuse(tableId, result.message);

    rolling.value = new Set([...rolling.value, tableId]);
    let encounterLog: TableRollOutcome['encounterLog'];
    try {
      const problem = await useRollLogStore().addRecord(record);
      if (problem) return refuse(tableId, problem);
      encounterLog = await logInEncounter(tableRollEvent(table, result.value, record));
    } finally {
      rolling.value = without(rolling.value, tableId);
    }
    lastRolls.value = {
      ...lastRolls.value,
      [tableId]: { ...result.value, physical: typedFaces !== null, recordId: record.id, encounterLog },
    };
    rollProblems.value = omit(rollProblems.value, tableId);
    return true;
  }

  /** Adds the roll to the open encounter's log; the roll log keeps it whatever happens here. */
  async function logInEncounter(event: EventInput): Promise<TableRollOutcome['encounterLog']> {
    const open = encounter.state;
    if (!open) return null;
    const saved = await encounter.dispatch(event);
    return { name: open.name, problem: saved ? null : (encounter.error ?? 'The encounter log did not take it.') };
  }

  function refuse(tableId: string, message: string): false {
    rollProblems.value = { ...rollProblems.value, [tableId]: message };
    return false;
  }

  function clearRoll(tableId: string): void {
    lastRolls.value = omit(lastRolls.value, tableId);
    rollProblems.value = omit(rollProblems.value, tableId);
  }

  // ---------------------------------------------------------------- rows sent to the roll panel

  const sendNote = ref<SendNote | null>(null);

  /** A row can go to the roll panel when it is of the roll panel's system and one of its workflows takes it. */
  function canSendRow(table: ReferenceTable, rowIndex: number): boolean {
    return table.system === useResolveStore().systemId && rowsTakenByWorkflows(table)[rowIndex] === true;
  }

  function sendRow(table: ReferenceTable, rowIndex: number): void {
    const problem = useResolveStore().receiveTableRow(table.id, rowIndex);
    const name = String(table.rows[rowIndex]?.cells[table.columns[0]?.key ?? ''] ?? `Row ${rowIndex + 1}`);
    sendNote.value = {
      tableId: table.id,
      rowIndex,
      text: problem ?? `${name} is in the roll panel.`,
      problem: problem !== null,
    };
  }

  function clearError(): void {
    error.value = null;
  }

  return {
    defaultSystem,
    scope,
    query,
    rollableOnly,
    searching,
    hits,
    elsewhereHits,
    pins,
    pinsLoaded,
    error,
    searchFocus,
    spotlight,
    lastRolls,
    rollProblems,
    rolling,
    ensureIndex,
    prepareIndex,
    setQuery,
    chooseScope,
    showAllSystems,
    followEncounter,
    requestSearch,
    setRollableOnly,
    load,
    isPinned,
    togglePin,
    isOpen,
    toggleOpen,
    showsAllRows,
    toggleAllRows,
    showSection,
    showTable,
    rollTable,
    clearRoll,
    sendNote,
    canSendRow,
    sendRow,
    clearError,
  };
});

// Workflows are fixed data, so which rows they take is worked out once per table.
const takenRows = new Map<string, readonly boolean[]>();

function rowsTakenByWorkflows(table: ReferenceTable): readonly boolean[] {
  let rows = takenRows.get(table.id);
  if (!rows) {
    const workflows = workflowsOf(table.system);
    rows = table.rows.map((_, rowIndex) =>
      workflows.some((workflow) => {
        try {
          return workflow.fromTableRow(table.id, rowIndex) !== null;
        } catch {
          // A workflow that cannot read the row does not take it.
          return false;
        }
      }),
    );
    takenRows.set(table.id, rows);
  }
  return rows;
}

function flip(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  return set.has(id) ? without(set, id) : new Set([...set, id]);
}

function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
}

function omit<T>(record: Readonly<Record<string, T>>, key: string): Readonly<Record<string, T>> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}
