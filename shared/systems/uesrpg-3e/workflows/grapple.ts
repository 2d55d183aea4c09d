import { RulesError } from '../../../errors';
import type {
  DiceStage,
  Effect,
  Participant,
  Resolution,
  ResolveContext,
  RollSpend,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import { attackerAction } from '../../../system-kit/spends';
import type { ExplainStep, RuleRef } from '../../../system-kit/rule-system';
import {
  LOCATION_LABELS,
  grappleAction,
  opposedWinner,
  resolveCombat,
  resolveGrapple,
  type CombatResult,
  type GrappleResult,
  type HitLocation,
} from '../combat';
import { classifyPacked, critTable, requireTn, resolveTest, type CritProfile, type TestResult } from '../d100';
import { bonus } from '../derived';
import { RULES } from '../sections';
import { readToggles, type LuckyOverTn } from '../toggles';
import { damageTotal, describeDice } from './damage';
import { land, rollStep, testJson } from './exchange-kit';
import { DICELESS_GRAPPLE_ACTIONS, readGrappleSetup, type GrappleSetup } from './grapple-fields';
import { critProfile, statNumber } from './participants';
import {
  checkKey,
  contentCache,
  oneOnOneProblems,
  preparedOrThrow,
  signed,
  walkStages,
  type Checked,
  type Faces,
} from './workflow-kit';

const WORDS = { actor: 'who acts in the grapple', target: 'the other one in the grapple', act: 'grapple' };

export interface Prepared {
  readonly s: GrappleSetup;
  readonly actor: Participant;
  readonly target: Participant;
  readonly luckyOverTn: LuckyOverTn;
  /** The acting test's TN before the size penalty (resolveGrapple applies that itself). */
  readonly actorTn: number;
  /** With the size penalty: what the acting die is rolled against. */
  readonly rolledTn: number;
  readonly actorSteps: ExplainStep[];
  /** null for an Attack: the Restrained target cannot defend. */
  readonly opposingTn: number | null;
  readonly opposingSteps: ExplainStep[];
  readonly actorCrits: CritProfile;
  readonly targetCrits: CritProfile;
}

// ---------------------------------------------------------------------------------------------
// Problems and the prepared roll
// ---------------------------------------------------------------------------------------------

function has(participant: Participant, conditionId: string): boolean {
  return (participant.conditionIds ?? []).includes(conditionId);
}

/** What the tracker knows refuses the action: a grab on someone already held, an attack on someone free… */
function ruleProblems(s: GrappleSetup, actor: Participant, target: Participant): string[] {
  // Ad-hoc participants carry no conditions: the GM's choice of action stands.
  const tracked = (p: Participant) => p.combatantId !== undefined && p.conditionIds !== undefined;
  const problems: string[] = [];
  if (s.action === 'grab') {
    if (!s.unarmedStyle) problems.push('Only a character with an unarmed Combat Style can grapple.');
    if (s.targetSize === 'much-larger') problems.push('A creature 2 or more sizes larger cannot be grappled.');
    if (tracked(actor) && has(actor, 'restrained')) {
      problems.push(`${actor.name} is Restrained: escape with Resist first.`);
    }
  }
  if (s.action === 'attack' || s.action === 'takedown' || s.action === 'move') {
    if (tracked(target) && !has(target, 'restrained')) {
      problems.push(`${target.name} is not Restrained: grab them first (or mark them Restrained in the tracker).`);
    }
    if (s.action === 'attack' && s.armed && s.weaponReach > 1) {
      problems.push(grappleAction({ action: 'attack', armed: true, weaponRange: s.weaponReach }).steps[0]!.text);
    }
  }
  if (s.action === 'escape' && tracked(actor) && !has(actor, 'restrained')) {
    problems.push(`${actor.name} is not Restrained, so there is nothing to escape.`);
  }
  return problems;
}

function tnSteps(
  rule: RuleRef,
  name: string,
  base: number,
  what: string,
  wounded: boolean,
  modifier: number,
): { tn: number; steps: ExplainStep[] } {
  let tn = base;
  const steps: ExplainStep[] = [{ text: `${name} tests ${what}: TN ${tn}.`, rule }];
  if (wounded) {
    tn -= 20;
    steps.push({ text: `${name} is wounded: −20 → ${tn}.`, rule: RULES.woundEffects });
  }
  if (modifier !== 0) {
    tn += modifier;
    steps.push({ text: `Other modifiers ${signed(modifier)} → ${tn}.`, rule: RULES.tests });
  }
  return { tn, steps };
}

const ACTOR_TEST: Readonly<Record<GrappleSetup['action'], string>> = {
  grab: 'their unarmed Combat Style to grapple',
  attack: 'their Combat Style to attack',
  // No test: the TN steps are not shown for these.
  takedown: 'nothing (a Takedown needs no test)',
  move: 'nothing (a Move needs no test)',
  escape: 'Combat Style, Athletics or Evade to Resist',
};

function prepareChecked(s: GrappleSetup, context: ResolveContext): Prepared {
  const actor = context.attackers[0]!;
  const target = context.targets[0]!;
  const escape = s.action === 'escape';
  const acting = tnSteps(
    escape ? RULES.resistTest : RULES.grappling,
    actor.name,
    s.actorTn,
    ACTOR_TEST[s.action],
    s.actorWounded,
    s.actorModifier,
  );
  requireTn('The acting TN', acting.tn);
  const rolledTn = s.action === 'grab' && s.targetSize === 'larger' ? acting.tn - 30 : acting.tn;
  requireTn('The grappler TN after the size penalty', rolledTn);
  const opposing =
    s.action === 'attack'
      ? null
      : tnSteps(
          escape ? RULES.resistTest : RULES.grappling,
          target.name,
          s.opposingTn,
          s.action === 'grab' ? 'Combat Style, Athletics or Evade to resist' : 'their Combat Style to hold on',
          s.opposingWounded,
          0,
        );
  if (opposing) requireTn('The opposing TN', opposing.tn);
  return {
    s,
    actor,
    target,
    luckyOverTn: readToggles(context.toggles).luckyOverTnDegrees,
    actorTn: acting.tn,
    rolledTn,
    actorSteps: acting.steps,
    opposingTn: opposing?.tn ?? null,
    opposingSteps: opposing?.steps ?? [],
    actorCrits: critProfile(actor),
    targetCrits: critProfile(target),
  };
}

const checkedCache = contentCache<Checked<Prepared>>();

export function check(setup: SetupValues, context: ResolveContext): Checked<Prepared> {
  return checkedCache(checkKey(setup, context), () => {
    const who = oneOnOneProblems(context, WORDS);
    if (who.length > 0) return { problems: who, prepared: null };
    const read = readGrappleSetup(setup, context);
    if (!read.setup) return { problems: read.problems, prepared: null };
    const problems = ruleProblems(read.setup, context.attackers[0]!, context.targets[0]!);
    if (problems.length > 0) return { problems, prepared: null };
    try {
      return { problems, prepared: prepareChecked(read.setup, context) };
    } catch (error) {
      if (error instanceof RulesError) return { problems: [error.message], prepared: null };
      throw error;
    }
  });
}

function prepare(setup: SetupValues, context: ResolveContext): Prepared {
  return preparedOrThrow(check(setup, context));
}

export function grappleProblems(setup: SetupValues, context: ResolveContext): string[] {
  return [...check(setup, context).problems];
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

function d100(id: string, label: string, roller: string): DiceStage {
  return { id, label, roller, count: 1, sides: 100 };
}

function attackSucceeds(p: Prepared, roll: number): boolean {
  return resolveTest({ tn: p.rolledTn, roll, ...p.actorCrits }, p.luckyOverTn).success;
}

function stageAfter(p: Prepared, faces: Faces): DiceStage | null {
  const { s, actor, target } = p;
  if (DICELESS_GRAPPLE_ACTIONS.includes(s.action)) return null;
  if (!faces.has('acting')) {
    const what = s.action === 'grab' ? 'Grapple' : s.action === 'attack' ? 'Attack' : 'Resist';
    return d100('acting', `${what}: d100 against TN ${p.rolledTn}`, actor.name);
  }
  if (s.action !== 'attack') {
    if (faces.has('opposing')) return null;
    const what = s.action === 'grab' ? 'Resist the grab' : 'Hold on';
    return d100('opposing', `${what}: d100 against TN ${p.opposingTn}`, target.name);
  }
  if (!s.armed || faces.has('damage') || !attackSucceeds(p, faces.get('acting')![0]!)) return null;
  return {
    id: 'damage',
    label: `Damage: ${s.weaponName ?? 'weapon'} ${describeDice(s.damage)}`,
    roller: actor.name,
    count: s.damage.count,
    sides: s.damage.sides,
  };
}

export function grappleNextStage(
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): DiceStage | null {
  const p = prepare(setup, context);
  return walkStages((faces) => stageAfter(p, faces), rolled).next;
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

function describeTest(test: TestResult): string {
  const what =
    test.critical === 'success'
      ? 'critical success'
      : test.critical === 'failure'
        ? 'critical failure'
        : test.success
          ? 'success'
          : 'failure';
  return `${what}, ${test.degrees} ${test.success ? 'DoS' : 'DoF'}`;
}

function resolveGrab(
  p: Prepared,
  faces: Faces,
  steps: ExplainStep[],
): { effects: Effect[]; summary: string; result: GrappleResult } {
  const { actor, target, s } = p;
  const result = resolveGrapple(
    {
      grappler: { tn: p.actorTn, roll: faces.get('acting')![0]!, ...p.actorCrits },
      target: { tn: p.opposingTn!, roll: faces.get('opposing')![0]!, ...p.targetCrits },
      unarmedStyle: s.unarmedStyle,
      sizeDifference: s.targetSize === 'larger' ? 1 : 0,
    },
    p.luckyOverTn,
  );
  steps.push(...result.steps);
  const head = `${actor.name} grapples ${target.name} (${result.grappler!.roll} vs TN ${result.grapplerTn}, ${result.target!.roll} vs TN ${p.opposingTn})`;
  if (!result.restrained) return { effects: [], summary: `${head}: ${target.name} stays free.`, result };
  steps.push({
    text: `${target.name} is Restrained; ${actor.name} cannot move but may Takedown, Move or Attack, 1 AP each.`,
    rule: RULES.grappling,
  });
  return {
    result,
    summary: `${head}: ${target.name} is Restrained.`,
    effects: [
      {
        on: { side: 'targets', index: 0 },
        conditions: [{ conditionId: 'restrained', label: 'Restrained', note: `Held by ${actor.name}` }],
      },
      {
        on: { side: 'attackers', index: 0 },
        conditions: [{ conditionId: 'grappling', label: 'Grappling', note: `Holding ${target.name}` }],
      },
    ],
  };
}

function resolveEscape(
  p: Prepared,
  faces: Faces,
  steps: ExplainStep[],
): { summary: string; free: boolean; tests: TestResult[] } {
  const { actor, target } = p;
  const mine = resolveTest({ tn: p.actorTn, roll: faces.get('acting')![0]!, ...p.actorCrits }, p.luckyOverTn);
  const theirs = resolveTest({ tn: p.opposingTn!, roll: faces.get('opposing')![0]!, ...p.targetCrits }, p.luckyOverTn);
  const winner = opposedWinner(
    classifyPacked(mine.roll, mine.tn, critTable(p.actorCrits), p.luckyOverTn),
    classifyPacked(theirs.roll, theirs.tn, critTable(p.targetCrits), p.luckyOverTn),
  );
  steps.push({
    text: `${actor.name} ${describeTest(mine)} against ${target.name} ${describeTest(theirs)}: ${
      winner === 1
        ? `${actor.name} breaks free`
        : winner === 2
          ? `${target.name} holds on`
          : `a tie, ${actor.name} stays Restrained`
    }.`,
    rule: winner === 0 ? RULES.opposedTies : RULES.grappling,
  });
  const head = `${actor.name} resists ${target.name}'s grapple (${mine.roll} vs TN ${mine.tn}, ${theirs.roll} vs TN ${theirs.tn})`;
  if (winner !== 1) return { summary: `${head}: still Restrained.`, free: false, tests: [mine, theirs] };
  steps.push({
    text: `The grapple ends: ${actor.name} is no longer Restrained and ${target.name} no longer Grappling.`,
    rule: RULES.grappling,
  });
  return { summary: `${head}: breaks free.`, free: true, tests: [mine, theirs] };
}

interface AttackOutcome {
  readonly effects: Effect[];
  readonly summary: string;
  readonly combat: CombatResult;
  readonly damage: { rolled: number; armour: number; afterArmour: number; wound: boolean } | null;
}

function resolveHeldAttack(p: Prepared, faces: Faces, steps: ExplainStep[]): AttackOutcome {
  const { s, actor, target } = p;
  steps.push(
    ...grappleAction({ action: 'attack', armed: s.armed, weaponRange: s.weaponReach, targetProne: s.targetProne })
      .steps,
  );
  const combat = resolveCombat(
    { tn: p.rolledTn, roll: faces.get('acting')![0]!, ...p.actorCrits },
    { type: 'none' },
    p.luckyOverTn,
  );
  // Unarmed, a hit drains SP instead: the combat roll's "roll damage" line does not apply.
  steps.push(...(s.armed || combat.outcome !== 'hit' ? combat.steps : combat.steps.slice(0, -1)));
  const head = `${actor.name} attacks the Restrained ${target.name} (${s.armed ? `${s.weaponName ?? 'weapon'} ${describeDice(s.damage)}` : 'unarmed'}, ${combat.attack.roll} vs TN ${combat.attack.tn})`;
  if (combat.outcome !== 'hit') return { effects: [], summary: `${head}: miss.`, combat, damage: null };
  if (!s.armed) {
    steps.push({
      text: `The attack hits: ${target.name} loses 1 SP (Stamina Points are kept on the sheet, not in the tracker).`,
      rule: RULES.grappling,
    });
    return { effects: [], summary: `${head}: hit, ${target.name} loses 1 SP.`, combat, damage: null };
  }
  const location: HitLocation = combat.location!;
  const rolledFaces = faces.get('damage')!;
  const rolled = damageTotal(s.damage, rolledFaces);
  steps.push(rollStep('Damage', s.damage, rolledFaces, rolled));
  const landed = land(target, location, rolled, rolled, steps);
  const effects: Effect[] =
    landed.afterArmour > 0
      ? [{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: landed.afterArmour, location } }]
      : [];
  return {
    effects,
    combat,
    summary: `${head}: hit, ${LOCATION_LABELS[location]}, ${rolled} − AR ${landed.armour} = ${landed.afterArmour} damage${landed.wound ? ', a wound' : ''}.`,
    damage: { rolled, armour: landed.armour, afterArmour: landed.afterArmour, wound: landed.wound },
  };
}

/**
 * A grab is made instead of an attack, and the Attack is one; the escape is a Special Action and
 * Takedown and Move Primary Actions, 1 AP each.
 */
function spendsOf(s: GrappleSetup): RollSpend[] {
  return [attackerAction(s.action === 'grab' || s.action === 'attack' ? 'attack' : 'action')];
}

/** Takedown and Move: no test, they happen (seed, Grappling); the steps and effects of each. */
function resolveDiceless(p: Prepared): Resolution {
  const { s, actor, target } = p;
  const spends = spendsOf(s);
  if (s.action === 'takedown') {
    const prone = (whom: Participant) => ({
      conditionId: 'prone',
      label: 'Prone',
      note:
        whom === actor
          ? `Took ${target.name} down (ignores prone penalties against them)`
          : `Taken down by ${actor.name}`,
    });
    return {
      steps: grappleAction({ action: 'takedown' }).steps,
      summary: `${actor.name} takes ${target.name} down: both Prone.`,
      effects: [
        { on: { side: 'targets', index: 0 }, conditions: [prone(target)] },
        { on: { side: 'attackers', index: 0 }, conditions: [prone(actor)] },
      ],
      followUps: [],
      result: { workflow: 'grapple', action: 'takedown', prone: [actor.name, target.name] },
      spends,
    };
  }
  const strength = statNumber(actor, 'strength');
  const strengthBonus = bonus(strength);
  const move = grappleAction({ action: 'move', strengthBonus });
  return {
    steps: [
      {
        text: `${actor.name}'s Strength ${strength}: Strength Bonus (its tens digit) ${strengthBonus}.`,
        rule: RULES.derived,
      },
      ...move.steps,
    ],
    summary: `${actor.name} drags ${target.name} up to ${move.dragMeters} m.`,
    effects: [],
    followUps: [],
    result: { workflow: 'grapple', action: 'move', dragMeters: move.dragMeters ?? 0 },
    spends,
  };
}

export function grappleResolve(
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): Resolution {
  const p = prepare(setup, context);
  const { faces, next } = walkStages((f) => stageAfter(p, f), rolled);
  if (next !== null) throw new RulesError('not-allowed', `Roll the next stage first: ${next.label}.`);
  if (DICELESS_GRAPPLE_ACTIONS.includes(p.s.action)) return resolveDiceless(p);
  const steps: ExplainStep[] = [...p.actorSteps, ...p.opposingSteps];
  const base = { steps, followUps: [], spends: spendsOf(p.s) };
  if (p.s.action === 'grab') {
    const grab = resolveGrab(p, faces, steps);
    return {
      ...base,
      summary: grab.summary,
      effects: grab.effects,
      result: {
        workflow: 'grapple',
        action: 'grab',
        grappler: testJson(grab.result.grappler),
        target: testJson(grab.result.target),
        restrained: grab.result.restrained,
      },
    };
  }
  if (p.s.action === 'escape') {
    const escape = resolveEscape(p, faces, steps);
    return {
      ...base,
      summary: escape.summary,
      // Breaking free ends both sides of the hold.
      effects: escape.free
        ? [
            { on: { side: 'attackers', index: 0 }, removeConditions: ['restrained'] },
            { on: { side: 'targets', index: 0 }, removeConditions: ['grappling'] },
          ]
        : [],
      result: {
        workflow: 'grapple',
        action: 'escape',
        resist: testJson(escape.tests[0]!),
        hold: testJson(escape.tests[1]!),
        free: escape.free,
      },
    };
  }
  const attack = resolveHeldAttack(p, faces, steps);
  return {
    ...base,
    summary: attack.summary,
    effects: attack.effects,
    result: {
      workflow: 'grapple',
      action: 'attack',
      attack: testJson(attack.combat.attack),
      outcome: attack.combat.outcome,
      location: attack.combat.location ?? null,
      staminaDrain: attack.combat.outcome === 'hit' && !p.s.armed ? 1 : 0,
      damage: attack.damage,
    },
  };
}
