import { uesrpgTables } from '../tables';
import type { ResolveWorkflow, SetupValue } from '../../../system-kit/workflow';
import { attackNextStage, attackOdds, attackProblems, attackResolve } from './attack';
import { attackDefaults, attackFromSheets } from './attack-defaults';
import { attackFields, type AttackMode } from './fields';
import { grappleNextStage, grappleProblems, grappleResolve } from './grapple';
import { grappleOdds } from './grapple-odds';
import { grappleDefaults, grappleFields, grappleFromSheets } from './grapple-fields';
import { spellNextStage, spellOdds, spellProblems, spellResolve } from './spell';
import { spellDefaults, spellFields, spellFromSheets } from './spell-fields';

/** The seed's only weapon table: natural weapons (Punches/Kicks 1d4, 1 m). */
export const NATURAL_WEAPONS_TABLE = 'ues-natural-weapons';

function fromTableRow(mode: AttackMode, tableId: string, rowIndex: number): Partial<Record<string, SetupValue>> | null {
  if (tableId !== NATURAL_WEAPONS_TABLE) return null;
  const table = uesrpgTables.find((t) => t.id === tableId);
  if (!table || !Number.isInteger(rowIndex) || rowIndex < 0 || rowIndex >= table.rows.length) return null;
  // Natural weapons reach 1 m: a melee attack only.
  return mode === 'melee' ? { weapon: 'unarmed' } : null;
}

function attackWorkflow(mode: AttackMode, id: string, label: string): ResolveWorkflow {
  return {
    id,
    systemId: 'uesrpg-3e',
    label,
    attackers: 'one',
    targets: 'one',
    fields: (context) => attackFields(mode, context),
    defaults: (context) => attackDefaults(mode, context),
    problems: (setup, context) => attackProblems(mode, setup, context),
    odds: (setup, context) => attackOdds(mode, setup, context),
    nextStage: (setup, context, rolled) => attackNextStage(mode, setup, context, rolled),
    resolve: (setup, context, rolled) => attackResolve(mode, setup, context, rolled),
    fromTableRow: (tableId, rowIndex) => fromTableRow(mode, tableId, rowIndex),
    fromSheets: (context) => attackFromSheets(mode, context),
  };
}

export const meleeAttack = attackWorkflow('melee', 'melee-attack', 'Melee attack');
export const rangedAttack = attackWorkflow('ranged', 'ranged-attack', 'Ranged attack');

/** A spell attack: the school skill against Evade or Block, magic damage (seed, The combat roll). */
export const spellAttack: ResolveWorkflow = {
  id: 'spell-attack',
  systemId: 'uesrpg-3e',
  label: 'Spell attack',
  attackers: 'one',
  targets: 'one',
  fields: spellFields,
  defaults: spellDefaults,
  problems: spellProblems,
  odds: spellOdds,
  nextStage: spellNextStage,
  resolve: spellResolve,
  // The seed lists no spells.
  fromTableRow: () => null,
  fromSheets: spellFromSheets,
};

/** Grappling: the grab, the Attack on the Restrained target and the escape, the action picked in a field. */
export const grapple: ResolveWorkflow = {
  id: 'grapple',
  systemId: 'uesrpg-3e',
  label: 'Grapple',
  attackers: 'one',
  targets: 'one',
  fields: grappleFields,
  defaults: grappleDefaults,
  problems: grappleProblems,
  odds: grappleOdds,
  nextStage: grappleNextStage,
  resolve: grappleResolve,
  fromTableRow: () => null,
  fromSheets: grappleFromSheets,
};

/** This system's roll-panel workflows. */
export const workflows: readonly ResolveWorkflow[] = [meleeAttack, rangedAttack, spellAttack, grapple];
