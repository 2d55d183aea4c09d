import { RulesError, describe, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { requireAttribute } from './derived';
import { SECTIONS, plural, step } from './rules';
import { resolveSave, type SaveResult } from './saves';

// ---------------------------------------------------------------------------------------------
// Round start (seed: Rounds)
// ---------------------------------------------------------------------------------------------

export interface RoundStartPc {
  readonly id: string;
  readonly agl: number;
  /** The AGL save d20 (two faces = disadvantage). Not needed when noSaveNeeded. */
  readonly rolls?: readonly number[];
  /** "Special circumstances, abilities, items, or skills may negate the need to make an AGL save to act first." */
  readonly noSaveNeeded?: boolean;
}

export interface RoundStartPcResult {
  readonly id: string;
  readonly actsFirst: boolean;
  readonly save: SaveResult | null;
  readonly reason: 'save-succeeded' | 'save-failed' | 'no-save-needed' | 'paralysed';
}

export interface RoundStartResult {
  /** PCs who act, before the opponents, in input order. */
  readonly actFirst: string[];
  /** PCs who lose their turn this round. */
  readonly loseTurn: string[];
  readonly pcs: readonly RoundStartPcResult[];
  readonly steps: ExplainStep[];
}

/**
 * Start of the fight (seed, Rounds, step 1; every round with the `aglSave` toggle): each PC saves
 * AGL to act before the opponents; a PC who fails loses their turn this round. Opponents act after
 * the PCs; each side's effects resolve simultaneously. Later rounds simply begin with the PCs.
 */
export function resolveRoundStart(pcs: readonly RoundStartPc[]): RoundStartResult {
  if (!Array.isArray(pcs)) throw new RulesError('invalid-input', `pcs must be a list, got ${describe(pcs)}.`);
  const seen = new Set<string>();
  const steps: ExplainStep[] = [];
  const results = pcs.map((pc): RoundStartPcResult => {
    if (typeof pc.id !== 'string' || pc.id.length === 0) throw new RulesError('invalid-input', 'Every PC needs an id.');
    if (seen.has(pc.id)) throw new RulesError('invalid-input', `PC "${pc.id}" is listed twice.`);
    seen.add(pc.id);
    const agl = requireAttribute(`${pc.id} AGL`, pc.agl);
    if (pc.noSaveNeeded) {
      steps.push(step(`${pc.id} needs no AGL save this round and acts before the opponents.`, SECTIONS.rounds));
      return { id: pc.id, actsFirst: true, save: null, reason: 'no-save-needed' };
    }
    if (agl === 0) {
      steps.push(step(`${pc.id} has AGL 0: paralysed, unable to act.`, SECTIONS.attributeLoss));
      return { id: pc.id, actsFirst: false, save: null, reason: 'paralysed' };
    }
    if (pc.rolls === undefined) throw new RulesError('invalid-input', `${pc.id} needs an AGL save roll.`);
    const save = resolveSave({ attribute: agl, rolls: pc.rolls, label: `${pc.id} AGL save` });
    steps.push(
      step(
        `${pc.id}: AGL save ${save.kept} vs ${agl} — ${save.success ? 'acts before the opponents' : 'fails and loses their turn this round'}.`,
        SECTIONS.rounds,
      ),
    );
    return { id: pc.id, actsFirst: save.success, save, reason: save.success ? 'save-succeeded' : 'save-failed' };
  });
  steps.push(
    step(
      'Then the opponents take their turn. The results of each side’s actions occur simultaneously.',
      SECTIONS.rounds,
    ),
  );
  return {
    actFirst: results.filter((r) => r.actsFirst).map((r) => r.id),
    loseTurn: results.filter((r) => !r.actsFirst).map((r) => r.id),
    pcs: results,
    steps,
  };
}

// ---------------------------------------------------------------------------------------------
// Actions (seed: Actions)
// ---------------------------------------------------------------------------------------------

export const MOVE_METERS = 10;

export type ActionKind = 'hack' | 'attack' | 'move' | 'aim' | 'other' | 'none';

export interface TurnPlan {
  readonly moveMeters: number;
  readonly action: ActionKind;
}

/** A turn: move up to 10 m and take up to one action (moving again is an action: 20 m in all). */
export function checkTurn(plan: TurnPlan): { allowed: boolean; maxMeters: number; steps: ExplainStep[] } {
  const actions: readonly ActionKind[] = ['hack', 'attack', 'move', 'aim', 'other', 'none'];
  if (!actions.includes(plan.action)) {
    throw new RulesError('invalid-input', `Unknown action ${describe(plan.action)}; use ${actions.join(', ')}.`);
  }
  const meters = requireInteger('moveMeters', plan.moveMeters, 0, 1000);
  const maxMeters = plan.action === 'move' ? 2 * MOVE_METERS : MOVE_METERS;
  const allowed = meters <= maxMeters;
  return {
    allowed,
    maxMeters,
    steps: [
      step(
        plan.action === 'move'
          ? `Moving a second time is the action: up to ${maxMeters} m in all${allowed ? '' : `, not ${meters} m`}.`
          : `Move up to ${MOVE_METERS} m and take one action${allowed ? '' : `: ${meters} m is too far`}.`,
        SECTIONS.actions,
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Ranges (seed: Ranged Attacks)
// ---------------------------------------------------------------------------------------------

export type RangeBand = 'close' | 'near' | 'far';
export const NEAR_LIMIT_METERS = 30;

/** Close: right beside the target. Near: within 30 m. Far: beyond 30 m. */
export function rangeBand(input: { meters: number; beside?: boolean }): RangeBand {
  if (typeof input.meters !== 'number' || !Number.isFinite(input.meters) || input.meters < 0) {
    throw new RulesError(
      'invalid-input',
      `Distance must be a number of metres of 0 or more, got ${describe(input.meters)}.`,
    );
  }
  if (input.beside) return 'close';
  return input.meters <= NEAR_LIMIT_METERS ? 'near' : 'far';
}

// ---------------------------------------------------------------------------------------------
// Ammo & Reloading (seed)
// ---------------------------------------------------------------------------------------------

export const AMMO_GROUPS = ['Handgun', 'Rifle', 'Shotgun', 'Explosive', 'Arrow'] as const;
export type AmmoGroup = (typeof AMMO_GROUPS)[number];

export interface FirearmUsed {
  readonly weapon: string;
  readonly ammoGroup?: AmmoGroup;
  /** A burst attack was used: the AGL save has Disadvantage (two dice). */
  readonly burst?: boolean;
  readonly rolls: readonly number[];
}

export interface ReloadCheckResult {
  readonly firearms: readonly {
    weapon: string;
    ammoGroup: AmmoGroup | null;
    save: SaveResult;
    ammoDiscarded: number;
  }[];
  readonly ammoDiscarded: number;
  readonly steps: ExplainStep[];
}

/** After combat: an AGL save per firearm used (burst = Disadvantage); a failure discards one Ammo. */
export function reloadCheck(input: { agl: number; firearms: readonly FirearmUsed[] }): ReloadCheckResult {
  const agl = requireAttribute('AGL', input.agl);
  const steps: ExplainStep[] = [];
  const firearms = input.firearms.map((f) => {
    if (f.ammoGroup !== undefined && !(AMMO_GROUPS as readonly string[]).includes(f.ammoGroup)) {
      throw new RulesError(
        'invalid-input',
        `Unknown Ammo group ${describe(f.ammoGroup)}; use ${AMMO_GROUPS.join(', ')}.`,
      );
    }
    const save = resolveSave({
      attribute: agl,
      rolls: f.rolls,
      mode: f.burst ? 'disadvantage' : 'normal',
      label: `${f.weapon} reload check`,
    });
    const ammoDiscarded = save.success ? 0 : 1;
    steps.push(
      step(
        `${f.weapon}: AGL save${f.burst ? ' with Disadvantage (burst)' : ''} ${save.kept} vs ${agl} — ${save.success ? 'Ammo kept' : `reload: discard one ${f.ammoGroup ? `${f.ammoGroup} ` : ''}Ammo`}.`,
        SECTIONS.ammo,
      ),
    );
    return { weapon: f.weapon, ammoGroup: f.ammoGroup ?? null, save, ammoDiscarded };
  });
  return { firearms, ammoDiscarded: firearms.reduce((s, f) => s + f.ammoDiscarded, 0), steps };
}

// ---------------------------------------------------------------------------------------------
// Retreat (seed) and morale (book)
// ---------------------------------------------------------------------------------------------

/** Running away needs a successful AGL save and a safe destination. */
export function resolveRetreat(input: { agl: number; rolls: readonly number[]; safeDestination: boolean }): {
  escaped: boolean;
  save: SaveResult;
  steps: ExplainStep[];
} {
  const save = resolveSave({ attribute: input.agl, rolls: input.rolls, label: 'Retreat AGL save' });
  const escaped = save.success && input.safeDestination === true;
  const steps = [...save.steps];
  if (!input.safeDestination)
    steps.push(step('There is no safe destination to run to: the retreat fails.', SECTIONS.retreat));
  steps.push(step(escaped ? 'The character gets away.' : 'The retreat fails.', SECTIONS.retreat));
  return { escaped, save, steps };
}

export type MoraleTrigger = 'first-casualty' | 'half-strength';

/**
 * Which morale checks are due for an NPC group: one at its first casualty, one when it is down to
 * half its starting number or fewer. Checks already made are not repeated.
 */
export function moraleChecksDue(input: {
  groupSize: number;
  casualties: number;
  alreadyChecked?: readonly MoraleTrigger[];
}): { due: MoraleTrigger[]; steps: ExplainStep[] } {
  const size = requireInteger('groupSize', input.groupSize, 1, 1000);
  const casualties = requireInteger('casualties', input.casualties, 0, size);
  const done = new Set(input.alreadyChecked ?? []);
  const due: MoraleTrigger[] = [];
  const steps: ExplainStep[] = [];
  const remaining = size - casualties;
  if (remaining === 0) {
    return { due, steps: [step('The whole group is down: no morale check is left to make.', SECTIONS.morale, 'book')] };
  }
  if (casualties >= 1 && !done.has('first-casualty')) {
    due.push('first-casualty');
    steps.push(step('First casualty: the group saves CTR.', SECTIONS.morale, 'book'));
  }
  if (remaining * 2 <= size && !done.has('half-strength')) {
    due.push('half-strength');
    steps.push(
      step(
        `${plural(remaining, 'member')} of ${size} left (half strength): the group saves CTR.`,
        SECTIONS.morale,
        'book',
      ),
    );
  }
  if (due.length === 2)
    steps.push(step('Both checks fall due at once: one CTR save covers them.', SECTIONS.morale, 'default'));
  return { due, steps };
}

/** A morale check: the group's CTR save; on a failure it flees or surrenders (Admin's call). */
export function resolveMorale(input: { ctr: number; rolls: readonly number[] }): {
  holds: boolean;
  save: SaveResult;
  steps: ExplainStep[];
} {
  const save = resolveSave({ attribute: input.ctr, rolls: input.rolls, label: 'Morale CTR save' });
  return {
    holds: save.success,
    save,
    steps: [
      ...save.steps,
      step(
        save.success ? 'The group stands and fights.' : 'Morale breaks: the group flees or surrenders (Admin’s call).',
        SECTIONS.morale,
        'book',
      ),
    ],
  };
}
