import type { SystemId } from './rule-system';
import type { CombatantKind, SheetWeapon, Stats, WeaponRules } from './tracker-rules';

/**
 * A ready-made combatant template a system offers in the bestiary, armed and armoured from its
 * seed's tables. Ids start with "preset:" so the bestiary can tell them from the GM's own.
 */
export interface PresetTemplate {
  readonly id: string;
  readonly systemId: SystemId;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly stats: Stats;
  /** The sheet's weapons; absent on templates saved before sheets carried weapons. */
  readonly weapons?: readonly SheetWeapon[];
  readonly notes: string;
  readonly updatedAt: string;
}

/** A preset of `systemId` named by `slug`, with a fixed date so the presets never look changed. */
export const preset = (
  systemId: SystemId,
  slug: string,
  name: string,
  kind: CombatantKind,
  stats: Stats,
  notes: string,
): PresetTemplate => ({
  id: `preset:${systemId}:${slug}`,
  systemId,
  name,
  kind,
  stats,
  notes,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A template with the weapons its notes name on its sheet. */
export const armed = (template: PresetTemplate, ...weapons: SheetWeapon[]): PresetTemplate => ({ ...template, weapons });

/** The catalogue row named `row` of a system's weapon table, as weapon `id` of a sheet (renamed when `name` is given). */
export function tableWeapon(rules: WeaponRules, row: string, id: string, name = row): SheetWeapon {
  const entry = rules.catalogue.find((c) => c.name === row);
  if (!entry) throw new Error(`The weapon catalogue has no "${row}".`);
  return { ...entry, id, name };
}
