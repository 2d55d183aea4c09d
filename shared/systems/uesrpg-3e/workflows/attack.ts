import { RulesError, problemOf } from '../../../errors';
import type { ExplainStep } from '../../contract';
import {
  HIT_LOCATIONS,
  LOCATION_LABELS,
  checkDefenseAllowed,
  coverEffect,
  modifyDamage,
  rangedTn,
  resolveCombat,
  type AttackInput,
  type CombatResult,
  type DefenseInput,
  type DefenseType,
} from '../combat';
import { requireTn, resolveTest, skillTn, type CritProfile } from '../d100';
import { combatOdds, testOdds } from '../odds';
import { RULES } from '../sections';
import { readToggles, type LuckyOverTn } from '../toggles';
import type {
  DiceStage,
  Effect,
  OddsFigure,
  OddsView,
  Participant,
  RolledStage,
  Resolution,
  ResolveContext,
  RollSpend,
  SetupValues,
} from '../../../resolve/contract';
import { attackerAction, targetReaction } from '../../../resolve/spends';
import { accumulate, damageBeforeArmour, damageTotal, describeDice, swingBonus, type DamageDice } from './damage';
import {
  blocked,
  damageToTarget,
  defenceInput,
  defenceRolls,
  defenceTn,
  land,
  mean,
  outcomesOf,
  percent,
  rollStep,
  sumAbove,
  testJson,
  woundedAndModified,
  type Landed,
  type TargetNumber,
} from './exchange-kit';
import { WEAPON_LABELS, defenceLabel, readSetup, type AttackMode, type AttackSetup } from './fields';
import {
  armourByLocation,
  critProfile,
  isDown,
  isStunned,
  participantProblems,
  statNumber,
  woundThreshold,
} from './participants';
import { preparedOrThrow, signed, walkStages, type Faces } from './workflow-kit';

// ---------------------------------------------------------------------------------------------
// Problems
// ---------------------------------------------------------------------------------------------

function participantsProblems(context: ResolveContext): string[] {
  if (typeof context !== 'object' || context === null) return ['The roll needs an attacker and a target.'];
  const attackers = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  const problems: string[] = [];
  if (attackers.length === 0) problems.push('Choose who attacks.');
  else if (attackers.length > 1) problems.push('An attack has one attacker: choose just one.');
  if (targets.length === 0) problems.push('Choose the target of the attack.');
  else if (targets.length > 1) problems.push('An attack has one target: choose just one.');
  const attacker = attackers[0];
  const target = targets[0];
  if (attacker?.removed === true) problems.push(`${attacker.name} has left the encounter and cannot attack.`);
  if (target?.removed === true) problems.push(`${target.name} has left the encounter and cannot be attacked.`);
  if (attacker && target && attacker.combatantId !== undefined && attacker.combatantId === target.combatantId) {
    problems.push(`${attacker.name} cannot attack themselves.`);
  }
  if (attacker) problems.push(...participantProblems(attacker));
  if (target) problems.push(...participantProblems(target));
  const toggles = problemOf(() => readToggles(context.toggles));
  if (toggles) problems.push(toggles);
  if (problems.length > 0) return problems;
  if (attacker && isDown(attacker)) problems.push(`${attacker.name} is down (HP 0 or less) and cannot attack.`);
  else if (attacker && isStunned(attacker)) {
    problems.push(`${attacker.name} is stunned (head wound) and can take no actions this round.`);
  }
  return problems;
}

function ruleProblems(s: AttackSetup, attacker: Participant, target: Participant): string[] {
  const problems: string[] = [];
  const ranged = s.mode === 'ranged';
  if (s.cover === 'impenetrable') problems.push(coverEffect('impenetrable').steps[0]!.text);
  if (s.rangeBand === 'beyond') {
    problems.push(`${target.name} is beyond the weapon's long range: pick a range band it reaches.`);
  }
  const allowed = problemOf(() => checkDefenseAllowed({ ranged, area: s.area }, s.defence));
  if (allowed) problems.push(allowed);
  if (s.defence !== 'none') {
    if (isDown(target)) {
      problems.push(`${target.name} is down (HP 0 or less) and can make no reactions: choose No defence.`);
    } else if (isStunned(target)) {
      problems.push(`${target.name} is stunned (head wound) and can make no reactions: choose No defence.`);
    }
  }
  if (s.defence === 'block' && s.shieldBr === 0) {
    problems.push("A Block needs a shield: enter the shield's Block Rating (BR).");
  }
  if (
    !ranged &&
    (s.defence === 'parry' || s.defence === 'counter') &&
    s.counterWeapon === 'unarmed' &&
    s.outsideUnarmedReach
  ) {
    problems.push(
      `An unarmed ${s.defence === 'parry' ? 'Parry' : 'Counter-attack'} only works on an opponent within the defender's own engagement range: ${attacker.name} is beyond it.`,
    );
  }
  const attackTnProblem = problemOf(() => attackTn(s, attacker));
  if (attackTnProblem) problems.push(attackTnProblem);
  if (s.defence !== 'none') {
    const defenceTnProblem = problemOf(() => attackDefenceTn(s, target));
    if (defenceTnProblem) problems.push(defenceTnProblem);
  }
  return problems;
}

function findProblems(mode: AttackMode, setup: SetupValues, context: ResolveContext): string[] {
  const problems = participantsProblems(context);
  if (problems.length > 0) return problems;
  const read = readSetup(mode, setup, context);
  if (!read.setup) return read.problems;
  return ruleProblems(read.setup, context.attackers[0]!, context.targets[0]!);
}

export function attackProblems(mode: AttackMode, setup: SetupValues, context: ResolveContext): string[] {
  return [...checked(mode, setup, context).problems];
}

// ---------------------------------------------------------------------------------------------
// Target numbers
// ---------------------------------------------------------------------------------------------

function weaponName(s: AttackSetup): string {
  if (s.weaponName !== null) return s.weaponName;
  return s.weapon === 'unarmed' ? 'Punches/Kicks' : s.weapon === 'improvised' ? 'improvised weapon' : 'weapon';
}

/** The attack test's TN: Combat Style (or characteristic − 20 untrained), style fit, range band, wounds, modifiers. */
export function attackTn(s: AttackSetup, attacker: Participant): TargetNumber {
  const steps: ExplainStep[] = [];
  const parts: string[] = [];
  let tn: number;
  if (s.basis === 'style') {
    tn = s.styleTn;
    const style = s.secondStyle ? 'second Combat Style' : 'Combat Style';
    steps.push({
      text: `${attacker.name} attacks with their ${style} (${s.mode === 'melee' ? 'Str or Ag' : 'Ag'}): TN ${tn}.`,
      rule: RULES.attack,
    });
    parts.push(`${s.secondStyle ? 'second ' : ''}Combat Style ${tn}`);
    const improvised = s.weapon === 'improvised';
    if (improvised ? !s.improvisedInStyle : !s.inStyle) {
      tn -= 20;
      steps.push(
        improvised
          ? { text: `An improvised weapon outside the Combat Style: −20 untrained → ${tn}.`, rule: RULES.improvised }
          : {
              text: `The ${weaponName(s)} is not in the Combat Style: the standard −20 untrained penalty → ${tn}.`,
              rule: RULES.attack,
            },
      );
      parts.push('out of style −20');
    }
  } else {
    const strength = s.basis === 'untrained-str';
    const characteristic = statNumber(attacker, strength ? 'strength' : 'agility');
    // The package's skill TN for an untrained test: the characteristic − 20.
    tn = skillTn({ characteristic, trained: false }).tn;
    steps.push({
      text: `No Combat Style: ${strength ? 'Strength' : 'Agility'} ${characteristic} − 20 untrained = ${tn}.`,
      rule: RULES.attack,
    });
    parts.push(`${strength ? 'Str' : 'Ag'} ${characteristic} untrained −20`);
  }
  if (s.rangeBand !== null && s.rangeBand !== 'beyond') {
    const ranged = rangedTn(tn, s.rangeBand);
    steps.push(...ranged.steps);
    parts.push(`${s.rangeBand} range ${signed(ranged.tn - tn)}`);
    tn = ranged.tn;
  }
  const attack = woundedAndModified({ tn, steps, parts }, attacker.name, s.attackerWounded, s.attackModifier);
  requireTn('The attack TN', attack.tn);
  return attack;
}

/** The defence test's TN: Evade, or the Combat Style for Parry, Block and Counter-attack. */
export function attackDefenceTn(s: AttackSetup, target: Participant): TargetNumber {
  return defenceTn(s, target, defenceLabel(s.defence));
}

// ---------------------------------------------------------------------------------------------
// The prepared attack: everything the stages, the odds and the resolution share
// ---------------------------------------------------------------------------------------------

interface Prepared {
  readonly s: AttackSetup;
  readonly attacker: Participant;
  readonly target: Participant;
  readonly luckyOverTn: LuckyOverTn;
  readonly attack: TargetNumber;
  /** null when the defender makes no defence test (none chosen, unaware, out of AP). */
  readonly defence: TargetNumber | null;
  readonly attackerCrits: CritProfile;
  readonly targetCrits: CritProfile;
  /** Ranged attacks never gain Advantage, so after a failed one the defence roll decides nothing. */
  readonly noAdvantage: boolean;
}

/**
 * The checked setup: its problems, or everything the stages, odds and resolution share. The panel
 * asks on every keystroke and the stages ask again per roll, so the last few are kept by content
 * (not by object identity: the panel may edit one reactive setup object in place).
 */
interface Checked {
  readonly problems: readonly string[];
  readonly prepared: Prepared | null;
  odds?: OddsView;
}

const CACHE_SIZE = 64;
const checkedCache = new Map<string, Checked>();

function participantKey(p: Participant | undefined): unknown {
  return p && [p.combatantId, p.name, p.kind, p.stats, p.weapons, p.health, p.conditionIds, p.removed];
}

function cacheKey(mode: AttackMode, setup: SetupValues, context: ResolveContext): string | null {
  if (typeof context !== 'object' || context === null) return null;
  if (!Array.isArray(context.attackers) || !Array.isArray(context.targets)) return null;
  return JSON.stringify([
    mode,
    setup,
    context.attackers.map(participantKey),
    context.targets.map(participantKey),
    context.toggles,
  ]);
}

function checked(mode: AttackMode, setup: SetupValues, context: ResolveContext): Checked {
  const key = cacheKey(mode, setup, context);
  const known = key === null ? undefined : checkedCache.get(key);
  if (known !== undefined) return known;
  const problems = findProblems(mode, setup, context);
  const entry: Checked = { problems, prepared: problems.length === 0 ? prepareChecked(mode, setup, context) : null };
  if (key !== null) {
    if (checkedCache.size >= CACHE_SIZE) checkedCache.delete(checkedCache.keys().next().value!);
    checkedCache.set(key, entry);
  }
  return entry;
}

function prepare(mode: AttackMode, setup: SetupValues, context: ResolveContext): Prepared {
  return preparedOrThrow(checked(mode, setup, context));
}

/** Builds the prepared attack once the setup has no problems. */
function prepareChecked(mode: AttackMode, setup: SetupValues, context: ResolveContext): Prepared {
  const s = readSetup(mode, setup, context).setup!;
  const attacker = context.attackers[0]!;
  const target = context.targets[0]!;
  return {
    s,
    attacker,
    target,
    luckyOverTn: readToggles(context.toggles).luckyOverTnDegrees,
    attack: attackTn(s, attacker),
    defence: defenceRolls(s) ? attackDefenceTn(s, target) : null,
    attackerCrits: critProfile(attacker),
    targetCrits: critProfile(target),
    noAdvantage: mode === 'ranged',
  };
}

function attackInput(p: Prepared, roll: number): AttackInput {
  return { tn: p.attack.tn, roll, ...p.attackerCrits, ranged: p.s.mode === 'ranged', area: p.s.area };
}

function attackDefenceInput(p: Prepared, roll: number | undefined): DefenseInput {
  return defenceInput(p.s, p.targetCrits, p.defence, roll);
}

interface Exchange {
  readonly combat: CombatResult;
  /** Steps to show: the combat roll's own, or a shortened set when the defence roll was not needed. */
  readonly steps: ExplainStep[];
}

/** The combat roll on the faces so far (attack and, when it was needed, defence). */
function exchange(p: Prepared, faces: Faces): Exchange {
  const attackRoll = faces.get('attack')![0]!;
  const defenceRoll = faces.get('defence')?.[0];
  if (p.defence !== null && defenceRoll === undefined) {
    // A failed ranged attack: it misses whatever the defence and no Advantage is at stake.
    const combat = resolveCombat(attackInput(p, attackRoll), { type: 'none' }, p.luckyOverTn);
    return {
      combat: { ...combat, effectiveDefense: p.s.defence },
      steps: [
        combat.steps[0]!,
        {
          text: `A failed attack misses whatever the defence, and a ranged attack gains no Advantage: ${p.target.name} need not roll the ${defenceLabel(p.s.defence)}.`,
          rule: RULES.ranged,
        },
      ],
    };
  }
  const combat = resolveCombat(attackInput(p, attackRoll), attackDefenceInput(p, defenceRoll), p.luckyOverTn);
  return { combat, steps: combat.steps };
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

function damageStage(id: string, label: string, roller: string, dice: DamageDice): DiceStage {
  return { id, label, roller, count: dice.count, sides: dice.sides };
}

function weaponLabel(name: string | null, kind: AttackSetup['weapon'], dice: DamageDice): string {
  return `${name ?? WEAPON_LABELS[kind]} ${describeDice(dice)}`;
}

/** The next stage given the faces so far, or null when every needed stage is in. */
function stageAfter(p: Prepared, faces: Faces): DiceStage | null {
  const { s, attacker, target } = p;
  if (!faces.has('attack')) {
    return {
      id: 'attack',
      label: `Attack: d100 against TN ${p.attack.tn} (${p.attack.parts.join(', ')})`,
      roller: attacker.name,
      count: 1,
      sides: 100,
    };
  }
  if (p.defence !== null && !faces.has('defence')) {
    const attackRoll = faces.get('attack')![0]!;
    const attackSucceeds = resolveTest(
      { tn: p.attack.tn, roll: attackRoll, ...p.attackerCrits },
      p.luckyOverTn,
    ).success;
    if (attackSucceeds || !p.noAdvantage) {
      return {
        id: 'defence',
        label: `${defenceLabel(s.defence)}: d100 against TN ${p.defence.tn} (${p.defence.parts.join(', ')})`,
        roller: target.name,
        count: 1,
        sides: 100,
      };
    }
  }
  const { outcome } = exchange(p, faces).combat;
  if (outcome === 'miss') return null;
  if (!faces.has('damage')) {
    return outcome === 'counter'
      ? damageStage(
          'damage',
          `Counter-attack damage: ${weaponLabel(s.counterWeaponName, s.counterWeapon, s.counterDamage)}`,
          target.name,
          s.counterDamage,
        )
      : damageStage('damage', `Damage: ${weaponLabel(s.weaponName, s.weapon, s.damage)}`, attacker.name, s.damage);
  }
  if (outcome !== 'counter' && s.cover === 'penetrable' && !faces.has('damage-again')) {
    return damageStage(
      'damage-again',
      `Penetrable cover: roll the damage again (${describeDice(s.damage)}), the lower counts`,
      attacker.name,
      s.damage,
    );
  }
  return null;
}

export function attackNextStage(
  mode: AttackMode,
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): DiceStage | null {
  const p = prepare(mode, setup, context);
  return walkStages((faces) => stageAfter(p, faces), rolled).next;
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

/** Damage that landed, and on whom: the target, or the attacker hit by a counter-attack. */
interface LandedOn extends Landed {
  readonly side: 'targets' | 'attackers';
  readonly who: Participant;
}

/** Damage before armour: the roll, then penetrable cover, swinging in, and water, in that order. */
function damageBeforeAr(
  p: Prepared,
  faces: Faces,
  counter: boolean,
  steps: ExplainStep[],
): { rolled: number; damage: number } {
  const s = p.s;
  const dice = counter ? s.counterDamage : s.damage;
  const first = faces.get('damage')!;
  const rolled = damageTotal(dice, first);
  steps.push(rollStep(counter ? 'Counter-attack damage' : 'Damage', dice, first, rolled));
  let damage = rolled;
  const again = faces.get('damage-again');
  if (!counter && again !== undefined) {
    const second = damageTotal(dice, again);
    steps.push(rollStep('Second damage roll', dice, again, second));
    const cover = modifyDamage({ kind: 'penetrable-cover', rolls: [damage, second] });
    steps.push(...cover.steps);
    damage = cover.damage;
  }
  if (!counter && s.swingMeters > 0) {
    const swing = modifyDamage({ kind: 'swing', damage, meters: s.swingMeters });
    steps.push(...swing.steps);
    damage = swing.damage;
  }
  if (s.swimming) {
    const water = modifyDamage({ kind: 'swimming', damage });
    steps.push(...water.steps);
    damage = water.damage;
  }
  return { rolled, damage };
}

function resolveDamage(p: Prepared, faces: Faces, combat: CombatResult, steps: ExplainStep[]): LandedOn | null {
  const { s, attacker, target } = p;
  if (combat.outcome === 'miss') return null;
  if (combat.outcome === 'counter') {
    const { rolled, damage } = damageBeforeAr(p, faces, true, steps);
    return { side: 'attackers', who: attacker, ...land(attacker, combat.location!, rolled, damage, steps) };
  }
  const { rolled, damage } = damageBeforeAr(p, faces, false, steps);
  const landed =
    combat.outcome === 'hit'
      ? land(target, combat.location!, rolled, damage, steps)
      : blocked(s, s.magicDamage, target, rolled, damage, steps);
  return { side: 'targets', who: target, ...landed };
}

function summaryOf(p: Prepared, combat: CombatResult, landed: LandedOn | null): string {
  const { attacker, target, s } = p;
  const weapon = weaponLabel(s.weaponName, s.weapon, s.damage);
  const head = `${attacker.name} → ${target.name} (${weapon}, ${combat.attack.roll} vs TN ${combat.attack.tn})`;
  const advantage =
    combat.advantages > 0 && combat.advantageTo
      ? `; ${combat.advantageTo === 'attacker' ? attacker.name : target.name} gains ${combat.advantages} Advantage${combat.advantages === 1 ? '' : 's'}`
      : '';
  if (landed === null) {
    const why = !combat.attack.success
      ? 'the attack fails'
      : combat.winner === 'defender'
        ? `${defenceLabel(combat.effectiveDefense).toLowerCase()} succeeds`
        : combat.winner === null
          ? 'nothing resolves'
          : 'no damage';
    return `${head}: miss, ${why}${advantage}.`;
  }
  if (landed.location === null)
    return `${head}: blocked, ${landed.damage} damage does not beat the shield's BR${advantage}.`;
  const where = LOCATION_LABELS[landed.location];
  const damage = `${landed.damage} − AR ${landed.armour} = ${landed.afterArmour} damage${landed.wound ? ', a wound' : ''}`;
  if (landed.side === 'attackers')
    return `${head}: ${target.name}'s counter-attack hits ${attacker.name}'s ${where}, ${damage}${advantage}.`;
  const verb =
    combat.outcome === 'blocked'
      ? s.area
        ? 'blocked (half damage), body'
        : `blocked, through to the ${where}`
      : `hit, ${where}`;
  return `${head}: ${verb}, ${damage}${advantage}.`;
}

/** The tracker's reaction for each defence (a Counter-attack is its own, counting as an attack when the toggle says so). */
const REACTION_ACTION: Readonly<Record<Exclude<DefenseType, 'none'>, string>> = {
  evade: 'evade',
  parry: 'parry',
  block: 'block',
  counter: 'counter-attack',
};

/** The attack (1 AP, one of the round's 2 attacks) and the defence the defender made (1 AP), if any. */
function spendsOf(s: Prepared['s']): RollSpend[] {
  if (s.defence === 'none' || s.defenderUnaware || s.defenderNoAp) return [attackerAction('attack')];
  return [attackerAction('attack'), targetReaction(REACTION_ACTION[s.defence])];
}

export function attackResolve(
  mode: AttackMode,
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): Resolution {
  const p = prepare(mode, setup, context);
  const { faces, next } = walkStages((f) => stageAfter(p, f), rolled);
  if (next !== null) throw new RulesError('not-allowed', `Roll the next stage first: ${next.label}.`);
  const steps: ExplainStep[] = [...p.attack.steps];
  if (p.defence !== null && faces.has('defence')) steps.push(...p.defence.steps);
  if (p.s.cover === 'penetrable') steps.push(...coverEffect('penetrable').steps);
  const { combat, steps: combatSteps } = exchange(p, faces);
  steps.push(...combatSteps);
  const landed = resolveDamage(p, faces, combat, steps);
  const effects: Effect[] = [];
  if (landed !== null && landed.location !== null && landed.afterArmour > 0) {
    // The tracker's applyHarm records a wound and adds its conditions (Wounded, Crippled, Stunned) itself.
    effects.push({
      on: { side: landed.side, index: 0 },
      harm: { kind: 'damage', amount: landed.afterArmour, location: landed.location },
    });
  }
  return {
    steps,
    summary: summaryOf(p, combat, landed),
    effects,
    // The seed offers no re-roll or spend after an attack (no Luck or Stamina rule in it).
    followUps: [],
    spends: spendsOf(p.s),
    result: {
      workflow: mode === 'melee' ? 'melee-attack' : 'ranged-attack',
      attack: testJson(combat.attack),
      defence: testJson(combat.defense),
      chosenDefence: p.s.defence,
      effectiveDefence: combat.effectiveDefense,
      outcome: combat.outcome,
      winner: combat.winner,
      advantages: combat.advantages,
      advantageTo: combat.advantageTo,
      location: landed?.location ?? combat.location ?? null,
      damage:
        landed === null
          ? null
          : {
              to: landed.side === 'targets' ? 'target' : 'attacker',
              rolled: landed.rolled,
              beforeArmour: landed.damage,
              armour: landed.armour,
              afterArmour: landed.afterArmour,
              wound: landed.wound,
              stoppedByShield: landed.location === null,
            },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

function computeOdds(p: Prepared): OddsView {
  const { s, attacker, target } = p;
  const ranged = s.mode === 'ranged';
  const combat = combatOdds(
    { tn: p.attack.tn, ...p.attackerCrits, ranged, area: s.area },
    attackDefenceInput(p, undefined),
    p.luckyOverTn,
  );
  const situation = { lowerOfTwo: s.cover === 'penetrable', swingMeters: s.swingMeters, swimming: s.swimming };
  const raw = damageBeforeArmour(s.damage, situation);
  const toTarget = damageToTarget(combat, raw, target, s, s.magicDamage);
  const wt = woundThreshold(target);
  const attackTest = testOdds({ tn: p.attack.tn, ...p.attackerCrits }, p.luckyOverTn);

  const figures: OddsFigure[] = [
    percent('Attack test succeeds', attackTest.success),
    percent(`Hits ${target.name}${s.area ? ' (body)' : ''}`, combat.hit),
  ];
  if (s.defence === 'block')
    figures.push(percent(s.area ? 'Blocked (half damage to the body)' : 'Blocked by the shield', combat.blocked));
  figures.push(
    percent('Damage gets through armour', 1 - toTarget[0]!),
    { label: 'Expected damage after AR', value: mean(toTarget), format: 'number' },
    percent(`Wound (more than WT ${wt} after AR)`, sumAbove(toTarget, wt)),
  );
  if (!ranged) {
    figures.push(
      percent(`${attacker.name} gains Advantage`, combat.attackerAdvantages[1]! + combat.attackerAdvantages[2]!),
      percent(`${target.name} gains Advantage`, combat.defenderAdvantages[1]! + combat.defenderAdvantages[2]!),
    );
  }
  if (s.defence === 'counter') {
    const attackerArmour = armourByLocation(attacker);
    const counterRaw = damageBeforeArmour(s.counterDamage, { lowerOfTwo: false, swingMeters: 0, swimming: s.swimming });
    const toAttacker: number[] = [0];
    HIT_LOCATIONS.forEach((location, i) => {
      accumulate(toAttacker, counterRaw, combat.counterLocation[location], (v) => Math.max(0, v - attackerArmour[i]!));
    });
    toAttacker[0]! += 1 - combat.counter;
    const attackerWt = woundThreshold(attacker);
    figures.push(
      percent(`Counter-attack hits ${attacker.name}`, combat.counter),
      { label: `Expected damage to ${attacker.name}`, value: mean(toAttacker), format: 'number' },
      percent(`${attacker.name} wounded (more than WT ${attackerWt})`, sumAbove(toAttacker, attackerWt)),
    );
  }
  figures.push(
    percent('Attack critical success', attackTest.criticalSuccess),
    percent('Attack critical failure', attackTest.criticalFailure),
  );
  const swing = swingBonus(s.swingMeters);
  return {
    figures,
    distribution: { label: `Damage to ${target.name} after AR`, outcomes: outcomesOf(toTarget) },
    note: `Exact: every attack and defence roll pair and every damage roll counted, for the ${defenceLabel(s.defence).toLowerCase()} chosen${
      s.defenderUnaware || s.defenderNoAp ? ' (which fails automatically)' : ''
    }${swing > 0 ? `, +${swing} damage for swinging in` : ''}.`,
  };
}

export function attackOdds(mode: AttackMode, setup: SetupValues, context: ResolveContext): OddsView {
  const entry = checked(mode, setup, context);
  if (entry.prepared === null) return { figures: [], note: `No odds until this is fixed: ${entry.problems[0]}` };
  entry.odds ??= computeOdds(entry.prepared);
  return entry.odds;
}
