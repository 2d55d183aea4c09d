import { describe, expect, it } from 'vitest';
import type { ReferenceTable } from '../../system-kit/rule-system';
import { headers, printedRows } from '../../system-kit/tables.test-support';
import { BODY_ARMOR, COVER, WEAPONS } from './equipment';
import { electricStateSystem } from './index';
import { SECTION } from './sections';
import {
  actionTypesTable,
  bodyArmorTable,
  coverTable,
  electricStateTables,
  rallyingTable,
  rangeBandsTable,
  seriousInjuriesTable,
  weaponsTable,
} from './tables';

describe('reference tables', () => {
  it('each seed table has the seed row count', () => {
    // Counted in seeds/000_37ea37a29e173e06.txt:
    expect(rangeBandsTable.rows).toHaveLength(5); // "Range Bands": Engaged … Extreme
    expect(actionTypesTable.rows).toHaveLength(4); // "Action Types": Action, Move, Reaction, Free Action
    expect(coverTable.rows).toHaveLength(5); // cover table under "Ranged Combat": Shrubbery … Sandbag
    expect(weaponsTable.rows).toHaveLength(22); // "Weapons Table": Unarmed … Mortar
    expect(weaponsTable.footnotes).toHaveLength(4); // ★ ◆ ● ‡
    expect(rallyingTable.rows).toHaveLength(3); // "Rallying & Stabilizing": Rally, Self-rally, Stabilize
    expect(bodyArmorTable.rows).toHaveLength(3); // "Body Armor": Soft vest, Plate vest, Riot gear
    expect(seriousInjuriesTable.rows).toHaveLength(19); // "Serious Injuries (D66)": 11–36 + 41…66
  });

  it('typed data agrees with the displayed tables', () => {
    expect(WEAPONS).toHaveLength(weaponsTable.rows.length);
    WEAPONS.forEach((w, i) => expect(String(weaponsTable.rows[i]!.cells.weapon)).toContain(w.name));
    expect(WEAPONS.filter((w) => w.fullAuto).map((w) => w.id)).toEqual([
      'submachinegun',
      'assault-rifle',
      'heavy-machinegun',
    ]);
    expect(WEAPONS.filter((w) => w.neurocaster).map((w) => w.id)).toEqual(['neodymium-cannon']);
    expect(WEAPONS.filter((w) => w.taser).map((w) => w.id)).toEqual(['taser']);
    expect(WEAPONS.filter((w) => w.notForSale)).toHaveLength(7); // ‡: sniper, SMG, assault rifle, HMG, cannon, grenade, mortar
    expect(WEAPONS.filter((w) => w.notForSale)).toHaveLength(
      weaponsTable.rows.filter((r) => r.cells.price === '‡').length,
    );
    expect(BODY_ARMOR.map((a) => a.armorLevel)).toEqual(bodyArmorTable.rows.map((r) => r.cells.armorLevel));
    expect(COVER.map((c) => c.armorLevel)).toEqual(coverTable.rows.map((r) => r.cells.armorLevel));
  });

  it('every table is complete: ids unique, cells for every column, keywords on every row', () => {
    const ids = electricStateTables.map((t) => t.id);
    // The seed's seven tables first (in seed order), then the summaries of its lists.
    expect(ids).toEqual([
      'es-range-bands',
      'es-action-types',
      'es-cover',
      'es-weapons',
      'es-rallying',
      'es-body-armor',
      'es-serious-injuries',
      'es-round-structure',
      'es-attack-roll',
      'es-close-combat',
      'es-ranged-combat',
      'es-special-attacks',
      'es-ambushes',
      'es-damage-health',
      'es-death-rolls',
      'es-recovery',
      'es-push',
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of electricStateTables) {
      expect(t.system).toBe('electric-state');
      expect(Object.values(SECTION), t.id).toContain(t.section);
      for (const row of t.rows) {
        // Exactly the table's columns, each a non-empty cell (the seed prints "—" for nothing).
        expect(Object.keys(row.cells).sort(), t.id).toEqual(t.columns.map((c) => c.key).sort());
        for (const col of t.columns) expect(String(row.cells[col.key]).length, `${t.id} ${col.key}`).toBeGreaterThan(0);
        expect(row.keywords.length).toBeGreaterThan(0);
      }
    }
    expect(seriousInjuriesTable.roll).toEqual({ dice: 'D66', column: 'd66' });
  });

  it('the system object wires everything', () => {
    expect(electricStateSystem.id).toBe('electric-state');
    expect(electricStateSystem.toggles.map((t) => [t.id, t.defaultValue])).toEqual([
      ['zeroPool', 'fail'],
      ['instantKill', 'after-armor'],
      ['hopeOnlyNewOnes', false],
      ['deathRollsOnDamage', 'reset'],
      ['firstSide', 'roll'],
    ]);
    for (const t of electricStateSystem.toggles) expect(t.values[0]!.value).toBe(t.defaultValue);
    for (const op of [
      'successes',
      'pool',
      'attack',
      'damage',
      'death-rolls',
      'initiative',
      'serious-injury',
      'blast',
      'push',
      'odds-successes',
    ]) {
      expect(electricStateSystem.operations[op], op).toBeTypeOf('function');
    }
  });
});

// The seed's seven printed tables (seeds/000_37ea37a29e173e06.txt), copied here row for row, so a
// changed, dropped or reordered cell fails. Each row reads as the seed prints it: "a | b | c".

describe('the seed tables, cell for cell', () => {
  it('Range Bands (seed lines 8–14)', () => {
    expect(rangeBandsTable.title).toBe('Range Bands');
    expect(headers(rangeBandsTable)).toEqual(['Range', 'Distance']);
    expect(printedRows(rangeBandsTable)).toEqual([
      'Engaged | In your face',
      'Short | Same zone',
      'Medium | Adjacent zone',
      'Long | Up to four zones away',
      'Extreme | Further away',
    ]);
    // The paragraph under "Range Bands" (seed line 7), one sentence a footnote.
    expect(rangeBandsTable.footnotes).toEqual([
      'A zone is roughly one room indoors, or a patch of land up to 100 ft across outdoors.',
      "Attacks below a weapon's minimum range get −2 dice per range band below that minimum.",
      'Attacks beyond maximum range are impossible.',
    ]);
  });

  it('Action Types (seed lines 17–22)', () => {
    expect(actionTypesTable.title).toBe('Action Types');
    expect(headers(actionTypesTable)).toEqual(['Type', 'Description']);
    expect(printedRows(actionTypesTable)).toEqual([
      'Action | Attack, reload, take cover, rally an Incapacitated fighter, interact with item',
      'Move | Move between two adjacent zones, or between Short and Engaged in the same zone',
      "Reaction | Immediate response to an enemy action; you forfeit your next turn (or your next round's turn if you've already acted this round)",
      'Free Action | Draw a weapon, open a door, speak a few words — done in addition to your action, only on your own turn',
    ]);
  });

  it('Cover (seed lines 42–48), Armor Level as numbers', () => {
    expect(headers(coverTable)).toEqual(['Cover', 'Armor Level']);
    expect(printedRows(coverTable)).toEqual([
      'Shrubbery | 2',
      'Furniture | 3',
      'Car Door | 4',
      'Brick Wall | 6',
      'Sandbag | 8',
    ]);
    expect(coverTable.rows.map((r) => r.cells.armorLevel)).toEqual([2, 3, 4, 6, 8]);
    expect(coverTable.columns.map((c) => c.numeric ?? false)).toEqual([false, true]);
    // "Cover: Taking cover is an action. Roll dice equal to cover's Armor Level; each 6 blocks 1 point of damage." (line 49)
    expect(coverTable.footnotes.slice(0, 2)).toEqual([
      'Taking cover is an action.',
      "Roll dice equal to cover's Armor Level; each 6 blocks 1 point of damage.",
    ]);
  });

  it('Weapons Table (seed lines 57–80) and its four footnotes (lines 85–88)', () => {
    expect(weaponsTable.title).toBe('Weapons Table');
    expect(headers(weaponsTable)).toEqual(['Weapon', 'Bonus', 'Damage', 'Min. Range', 'Max. Range', 'Price']);
    expect(printedRows(weaponsTable)).toEqual([
      'Unarmed | — | 1 | Engaged | Engaged | —',
      'Improvised club | +1 | 1 | Engaged | Engaged | —',
      'Knife | +1 | 2 | Engaged | Engaged | $25',
      'Baseball bat | +2 | 1 | Engaged | Engaged | $50',
      'Axe | +2 | 2 | Engaged | Engaged | $100',
      'Chainsaw | +1 | 3 | Engaged | Engaged | $250',
      'Rock | — | 1 | Engaged | Medium | —',
      'Taser | +3 | ★ | Engaged | Short | $500',
      'Derringer | +2 | 2 | Engaged | Short | $250',
      'Handgun | +2 | 2 | Short | Medium | $300',
      'Magnum revolver | +2 | 3 | Short | Medium | $400',
      'Crossbow | +2 | 1 | Medium | Long | $150',
      'Hunting rifle | +2 | 2 | Medium | Long | $500',
      'Shotgun | +3 | 2 | Short | Medium | $350',
      'Sniper rifle | +2 | 2 | Medium | Extreme | ‡',
      'Submachinegun ◆ | +2 | 2 | Short | Medium | ‡',
      'Assault rifle ◆ | +3 | 2 | Short | Long | ‡',
      'Heavy machinegun ◆ | +3 | 3 | Short | Long | ‡',
      'Neodymium cannon ● | — | 4 | Medium | Long | ‡',
      'Molotov cocktail | — | Blast Pwr 6 | Engaged | Medium | —',
      'Hand grenade | — | Blast Pwr 8 | Engaged | Medium | ‡',
      'Mortar | +2 | Blast Pwr 12 | Medium | Extreme | ‡',
    ]);
    expect(weaponsTable.footnotes).toEqual([
      '★ No damage — target rolls Strength at −2 dice or loses their next turn.',
      '◆ Capable of fully automatic fire.',
      "● Fired via neurocaster only; uses the neurocaster's Network attribute as gear bonus.",
      '‡ Cannot be purchased commercially.',
    ]);
  });

  it('Rallying & Stabilizing (seed lines 94–99)', () => {
    expect(headers(rallyingTable)).toEqual(['Action', 'Who', 'Roll', 'Effect']);
    expect(printedRows(rallyingTable)).toEqual([
      'Rally | Another character, same zone | Empathy | Recover Health = 6s rolled; still making death rolls',
      'Self-rally | Yourself | — | After a Stretch (if alive), recover 1 Health automatically',
      'Stabilize | Character with Medic talent | Wits (bonus from first aid kit) | No more death rolls; still Incapacitated',
    ]);
    expect(rallyingTable.footnotes).toEqual([
      'Additional damage while Incapacitated (even 1 point) restarts death rolls.',
    ]);
  });

  it('Body Armor (seed lines 105–110)', () => {
    expect(headers(bodyArmorTable)).toEqual(['Armor', 'Armor Level', 'Agility Modifier', 'Price']);
    expect(printedRows(bodyArmorTable)).toEqual([
      'Soft vest | 2 | −1 | $150',
      'Plate vest | 4 | −2 | $300',
      'Riot gear | 6 | −3 | $500',
    ]);
    expect(bodyArmorTable.rows.map((r) => r.cells.armorLevel)).toEqual([2, 4, 6]);
    expect(bodyArmorTable.footnotes[0]).toBe(
      'When hit, roll dice equal to Armor Level; each 6 eliminates 1 point of damage.',
    );
  });

  it('Serious Injuries (D66) (seed lines 113–133), rollable on the D66 column', () => {
    expect(seriousInjuriesTable.title).toBe('Serious Injuries (D66)');
    expect(headers(seriousInjuriesTable)).toEqual(['D66', 'Injury', 'Effect', 'Healing']);
    expect(printedRows(seriousInjuriesTable)).toEqual([
      '11–36 | None | — | —',
      '41 | Broken finger | −1 die on rolls requiring two arms (shooting rifle, driving, climbing) | D6 days',
      '42 | Ear torn off | −1 die on Wits rolls for hearing | 2D6 days',
      '43 | Broken toe | May move OR act, not both | D6 days',
      '44 | Broken ribs | −2 dice on Strength and Agility rolls | D6 days',
      '45 | Teeth knocked out | −1 die on Empathy rolls | 2D6 days',
      '46 | Concussion | −2 dice on Wits rolls | D6 days',
      '51 | Broken nose | −1 die on Empathy rolls | D6 days',
      '52 | Busted knee | May move OR act, not both | 2D6 days',
      '53 | Traumatized | Roll on the Mental Trauma table | —',
      '54 | Gouged eye | −2 dice on Wits rolls for spotting things | D6 days',
      '55 | Damaged throat | −2 dice on Empathy rolls | D6 days',
      '56 | Infected wound | Disease of Virulence 6 | —',
      '61 | Broken arm | −3 dice on rolls requiring two arms | 3D6 days',
      '62 | Broken leg | May move OR act, not both | 3D6 days',
      '63 | Disfigured face | −2 dice on Empathy rolls (requires surgery) | 2D6 days',
      '64 | Punctured lung | −2 dice on Strength and Agility rolls (requires surgery) | 2D6 days',
      '65 | Cracked skull | −2 dice on Wits rolls (requires surgery) | 2D6 days',
      '66 | Internal bleeding | −2 dice on Strength and Agility; each such roll also inflicts D6 damage (requires surgery) | 2D6 days',
    ]);
    expect(seriousInjuriesTable.footnotes.slice(0, 2)).toEqual([
      'Roll when you have been Incapacitated and survived.',
      'D66: the first die is the tens, the second the units.',
    ]);
    expect(seriousInjuriesTable.roll).toEqual({ dice: 'D66', column: 'd66' });
  });

  it('search keywords find the rows a GM types for', () => {
    const keywordsOf = (t: ReferenceTable, first: string) =>
      t.rows.find((r) => String(r.cells[t.columns[0]!.key]) === first)!.keywords;
    expect(keywordsOf(weaponsTable, 'Submachinegun ◆')).toContain('smg');
    expect(keywordsOf(weaponsTable, 'Taser')).toContain('stun');
    expect(keywordsOf(seriousInjuriesTable, '64')).toEqual([
      'punctured lung',
      'punctured',
      'lung',
      'surgery',
      'strength',
      'agility',
    ]);
    expect(keywordsOf(seriousInjuriesTable, '62')).toEqual(['broken leg', 'broken', 'leg', 'move or act']);
  });
});
