import type { SetupValue } from '../../../system-kit/workflow';
import { coverTable, dieStepsTable, gearTagsTable, impairedTable, rangesTable } from '../tables';
import { attackerField } from './attacker-choices';

/**
 * Hardware has no weapon list in the seed (a weapon is its damage die plus tags), so the rows that
 * set up an attack are the die steps (the weapon die), the gear tags, the Impaired causes, the
 * ranges and the cover tiers. Rows are matched by their text, not their position.
 */
export function setupFromTableRow(
  tableId: string,
  rowIndex: number,
  scope: { readonly blast: boolean },
): Partial<Record<string, SetupValue>> | null {
  const a = (key: string) => attackerField(0, key);
  const cells = (rows: readonly { readonly cells: Readonly<Record<string, string | number>> }[]) =>
    Number.isInteger(rowIndex) && rowIndex >= 0 ? rows[rowIndex]?.cells : undefined;

  if (tableId === dieStepsTable.id) {
    const die = cells(dieStepsTable.rows)?.die;
    return typeof die === 'string' ? { [a('die')]: die.replace(/^d/, '') } : null;
  }
  if (tableId === gearTagsTable.id) {
    switch (cells(gearTagsTable.rows)?.tag) {
      case 'Piercing':
        return { [a('tags')]: 'piercing' };
      case 'Shred':
        return { [a('tags')]: 'shred' };
      case 'Reload':
        return { [a('reload')]: true };
      default:
        // The Blast row is a workflow of its own, chosen in the panel, not a setting.
        return null;
    }
  }
  if (tableId === impairedTable.id) {
    switch (cells(impairedTable.rows)?.cause) {
      case 'Behind Heavy Cover':
        return { [a('behindHeavyCover')]: true };
      case 'Hardened target':
        return scope.blast ? { 't0.hardened': true } : { hardened: true };
      case 'Especially distant target':
        return { [a('attack')]: 'ranged', [a('range')]: 'distant' };
      case 'Unimpaired enemy beside you':
        return { [a('attack')]: 'ranged', [a('enemyBeside')]: true };
      default:
        return null;
    }
  }
  if (tableId === rangesTable.id) {
    const range = cells(rangesTable.rows)?.range;
    return range === 'Close' || range === 'Near' || range === 'Far' ? { [a('range')]: range.toLowerCase() } : null;
  }
  if (tableId === coverTable.id) {
    const value = cells(coverTable.rows)?.value;
    const cover = value === 1 ? 'light' : value === 2 ? 'heavy' : null;
    if (cover === null) return null;
    return scope.blast ? { 't0.cover': cover } : { cover };
  }
  return null;
}
