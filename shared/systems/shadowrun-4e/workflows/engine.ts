import type { ExplainStep } from '../../contract';
import type {
  DiceStage,
  Effect,
  FollowUp,
  OddsFigure,
  OddsView,
  Resolution,
  RollSpend,
  RolledStage,
} from '../../../resolve/contract';
import { attackerAction, targetReaction } from '../../../resolve/spends';
import { RulesError, describe, requireFaces } from '../../../errors';
import { armorAfterAp, damageTypeAfterArmor, knocksDown, type DamageType } from '../combat';
import { explodingHitDistribution, hitDistribution, opposedOddsFromHits, rollOdds } from '../odds';
import { SECTION } from '../sections';
import { evaluateTest, MAX_POOL, pushTheLimit, secondChance, type TestResult } from '../tests';
import { type ShadowrunRules } from '../toggles';
import { plural, signed, step } from '../sections';
import { componentOutcome, hitOn, land, type ComponentShot, type Resister } from './vehicle-engine';

/**
 * The attack procedure both workflows share once their setup is turned into numbers: the
 * Opposed Test (attack, Rule of Six rerolls, defence), the armour comparison, the Damage
 * Resistance Test, the damage on the target's monitors; its stages, exact odds and resolution.
 */

export interface AttackPlan {
  readonly kind: 'ranged' | 'melee';
  readonly attacker: string;
  readonly target: string;
  readonly weapon: string;
  /** Dice of the attack before Edge: attribute + skill + modifiers (at least 0). */
  readonly attackDice: number;
  /** Edge dice added before the roll (push the limit: they and every 6 explode); 0 when not. */
  readonly edgeDice: number;
  /** Short account of the pool for the dice prompt: "Agility 4 + Pistols 3, modifiers −1". */
  readonly attackLabel: string;
  /** How the attack pool was built, each modifier with its rule. */
  readonly attackSteps: readonly ExplainStep[];
  readonly defenceDice: number;
  readonly defenceLabel: string;
  readonly defenceSteps: readonly ExplainStep[];
  /** DV before net hits: the weapon's, with narrow bursts and called shots. */
  readonly dv: number;
  readonly dvSteps: readonly ExplainStep[];
  readonly damageType: DamageType;
  /** "Ballistic armour", "Impact armour". */
  readonly armourName: string;
  /** The armour rating before AP. */
  readonly armour: number;
  /** The AP as a number ("−half" already turned into minus half the armour). */
  readonly ap: number;
  /** The weapon's AP is "−half" (for the explanation). */
  readonly apHalf: boolean;
  /** A called shot past the armour: the target resists with Body alone and the DV is compared with 0. */
  readonly armourBypassed: boolean;
  readonly body: number;
  /** A disarm called shot: no damage; the modified DV is compared with this Strength. */
  readonly disarmStrength: number | null;
  /** The attacker may spend Edge after the roll (has Edge and did not spend it on this test). */
  readonly secondChance: boolean;
  readonly rules: ShadowrunRules;
  /** Effects the setup itself has on the target (going on Full Defense). */
  readonly targetConditions: Effect['conditions'];
  /** The attacker's action (seed, Actions): a shot Simple, full-auto fire and a melee attack Complex. */
  readonly attackAction: 'simple' | 'complex';
  /**
   * The target is a vehicle or drone: `body`, `armour` and `ap` are its Body and Armor, and the
   * hit lands under the vehicle rules (vehicle-engine.ts); a called shot may name a component.
   */
  readonly vehicleTarget?: { readonly component: ComponentShot | null };
}

/** The vehicle target as the vehicle rules read it, or null for a person. */
function vehicleResister(plan: AttackPlan): Resister | null {
  if (!plan.vehicleTarget) return null;
  return {
    name: plan.target,
    vehicle: true,
    body: plan.body,
    armourName: plan.armourName,
    armour: plan.armour,
    ap: plan.ap,
  };
}

export const STAGE = {
  attack: 'attack',
  six: 'attack-six-',
  defence: 'defence',
  soak: 'soak',
  secondChance: 'second-chance',
} as const;

export function armourAfter(plan: AttackPlan): number {
  return plan.armourBypassed ? 0 : armorAfterAp(plan.armour, plan.ap);
}

export function soakDice(plan: AttackPlan): number {
  return plan.body + armourAfter(plan);
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

interface Rolls {
  attack?: readonly number[];
  /** The Rule of Six rerolls, one group per round of 6s. */
  readonly sixes: (readonly number[])[];
  defence?: readonly number[];
  soak?: readonly number[];
  /** Second chance: new faces for the attack dice that missed. */
  rerolls?: readonly number[];
}

const countSixes = (faces: readonly number[]) => faces.filter((f) => f === 6).length;
const countHits = (faces: readonly number[]) => faces.filter((f) => f >= 5).length;

function attackHits(r: Rolls): number {
  if (!r.attack) return 0;
  let hits = countHits(r.attack) + r.sixes.reduce((sum, group) => sum + countHits(group), 0);
  if (r.rerolls) hits += countHits(r.rerolls);
  return hits;
}

function isHit(r: Rolls): boolean {
  return attackHits(r) > (r.defence ? countHits(r.defence) : 0);
}

/** A hit that needs a resistance roll: any hit on a person; on a vehicle only one its Armor does not stop. */
function needsSoak(plan: AttackPlan, r: Rolls): boolean {
  if (!isHit(r)) return false;
  const vehicle = vehicleResister(plan);
  if (!vehicle) return true;
  const net = attackHits(r) - (r.defence ? countHits(r.defence) : 0);
  return hitOn(vehicle, plan.dv + net, plan.damageType, plan.rules.stunWhenEqual).roll;
}

function attackStage(plan: AttackPlan): DiceStage {
  const total = plan.attackDice + plan.edgeDice;
  return {
    id: STAGE.attack,
    label: `Attack: ${plural(total, 'die', 'dice')} (${plan.attackLabel})${plan.edgeDice ? '; 6s explode' : ''}`,
    roller: plan.attacker,
    count: total,
    sides: 6,
  };
}

function sixesStage(plan: AttackPlan, round: number, count: number): DiceStage {
  return {
    id: `${STAGE.six}${round}`,
    label: `Rule of Six: roll ${plural(count, 'more die', 'more dice')} for the ${plural(count, 'six', 'sixes')} (hits count, 6s explode again)`,
    roller: plan.attacker,
    count,
    sides: 6,
  };
}

function defenceStage(plan: AttackPlan): DiceStage {
  return {
    id: STAGE.defence,
    label: `Defence: ${plural(plan.defenceDice, 'die', 'dice')} (${plan.defenceLabel})`,
    roller: plan.target,
    count: plan.defenceDice,
    sides: 6,
  };
}

function soakStage(plan: AttackPlan): DiceStage {
  const armour = armourAfter(plan);
  const dice = soakDice(plan);
  return {
    id: STAGE.soak,
    label: plan.armourBypassed
      ? `Damage resistance: ${plural(dice, 'die', 'dice')} (Body ${plan.body}; the called shot bypasses the armour)`
      : `Damage resistance: ${plural(dice, 'die', 'dice')} (Body ${plan.body} + ${plan.armourName} ${armour} after AP)`,
    roller: plan.target,
    count: dice,
    sides: 6,
  };
}

function secondChanceStage(plan: AttackPlan, misses: number): DiceStage {
  return {
    id: STAGE.secondChance,
    label: `Second chance: reroll the ${plural(misses, 'attack die', 'attack dice')} that missed (1 Edge)`,
    roller: plan.attacker,
    count: misses,
    sides: 6,
  };
}

/** The next roll the procedure needs, in table order; null when the result is decided. */
function neededStage(plan: AttackPlan, r: Rolls): DiceStage | null {
  if (!r.attack) return attackStage(plan);
  if (plan.edgeDice > 0) {
    const last = r.sixes.length ? r.sixes[r.sixes.length - 1]! : r.attack;
    const sixes = countSixes(last);
    if (sixes > 0) return sixesStage(plan, r.sixes.length + 1, sixes);
  }
  if (!r.defence && plan.defenceDice > 0) return defenceStage(plan);
  if (!r.soak && plan.disarmStrength === null && needsSoak(plan, r)) return soakStage(plan);
  return null;
}

function followUps(plan: AttackPlan, r: Rolls): FollowUp[] {
  if (!plan.secondChance || !r.attack || r.rerolls) return [];
  const misses = r.attack.length - countHits(r.attack);
  if (misses === 0) return [];
  return [
    {
      id: STAGE.secondChance,
      label: 'Edge: second chance',
      description: `${plan.attacker} spends a point of Edge to reroll the ${plural(misses, 'attack die', 'attack dice')} that missed; new hits count and the result is worked out again.`,
      rule: { section: SECTION.combatTurn, source: 'book' },
      stage: secondChanceStage(plan, misses),
    },
  ];
}

function checkFaces(stage: DiceStage, rolled: RolledStage): readonly number[] {
  const groups: unknown = rolled.groups;
  if (!Array.isArray(groups) || groups.length !== 1) {
    throw new RulesError(
      'invalid-input',
      `${stage.label} is one group of dice, but ${Array.isArray(groups) ? groups.length : describe(groups)} groups were given.`,
    );
  }
  const group = groups[0] as RolledStage['groups'][number];
  if (group.sides !== 6) {
    throw new RulesError('invalid-face', `${stage.label} is rolled on six-sided dice, not d${describe(group.sides)}.`);
  }
  const faces = requireFaces(stage.label, group.faces, 6, MAX_POOL * 10);
  if (faces.length !== stage.count) {
    throw new RulesError(
      'invalid-input',
      `${stage.label} needs ${plural(stage.count, 'face', 'faces')}, but ${faces.length} ${faces.length === 1 ? 'was' : 'were'} given.`,
      { expected: stage.count, given: faces.length },
    );
  }
  return faces;
}

/** Replays the rolled stages in order, refusing any that was not asked for or has the wrong dice. */
function replay(plan: AttackPlan, rolled: readonly RolledStage[]): Rolls {
  if (!Array.isArray(rolled))
    throw new RulesError('invalid-input', `The rolls must be a list, got ${describe(rolled)}.`);
  const r: Rolls = { sixes: [] };
  for (const stage of rolled) {
    const id = typeof stage === 'object' && stage !== null ? stage.stageId : undefined;
    const needed = neededStage(plan, r);
    const offered = needed ? undefined : followUps(plan, r).find((f) => f.id === id)?.stage;
    const expected = needed && needed.id === id ? needed : offered;
    if (!expected) {
      throw new RulesError(
        'not-allowed',
        `The roll ${describe(id)} was not asked for: ${needed ? `the next roll is "${needed.label}"` : 'every roll of this attack is in'}.`,
      );
    }
    const faces = checkFaces(expected, stage);
    if (expected.id === STAGE.attack) r.attack = faces;
    else if (expected.id === STAGE.defence) r.defence = faces;
    else if (expected.id === STAGE.soak) r.soak = faces;
    else if (expected.id === STAGE.secondChance) r.rerolls = faces;
    else r.sixes.push(faces);
  }
  return r;
}

export function nextStageOf(plan: AttackPlan, rolled: readonly RolledStage[]): DiceStage | null {
  return neededStage(plan, replay(plan, rolled));
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

/** Outcomes rarer than this are folded into the last one shown on their track ("12+ Physical"). */
const TAIL = 5e-5;
const oddsMemo = new Map<string, OddsView>();
const MEMO_SIZE = 300;

function memoKey(plan: AttackPlan): string {
  return [
    plan.attackDice,
    plan.edgeDice,
    plan.defenceDice,
    plan.dv,
    plan.damageType,
    armourAfter(plan),
    soakDice(plan),
    plan.body,
    plan.disarmStrength ?? '-',
    plan.secondChance ? 1 : 0,
    plan.rules.glitch,
    plan.rules.stunWhenEqual ? 1 : 0,
    plan.vehicleTarget ? 'vehicle' : 'person',
  ].join('|');
}

function trackOutcomes(dist: readonly number[], track: string): { label: string; p: number }[] {
  let last = dist.length - 1;
  let tail = 0;
  while (last > 1 && tail + dist[last]! < TAIL) tail += dist[last--]!;
  const outcomes: { label: string; p: number }[] = [];
  for (let b = 1; b <= last; b++) {
    const p = b === last ? dist[b]! + tail : dist[b]!;
    if (p > 0) outcomes.push({ label: `${b}${b === last && tail > 0 ? '+' : ''} ${track}`, p });
  }
  return outcomes;
}

/**
 * Exact odds: attack hits Binomial(n, 1/3), or the exploding-die convolution under the Rule of
 * Six; defence and resistance Binomial; for each net-hit count the modified DV, its damage type
 * against the armour, and the resistance hits give the boxes.
 */
export function oddsOf(plan: AttackPlan): OddsView {
  const key = memoKey(plan);
  const known = oddsMemo.get(key);
  if (known) return known;

  const pushing = plan.edgeDice > 0;
  const attack = pushing ? explodingHitDistribution(plan.attackDice + plan.edgeDice) : hitDistribution(plan.attackDice);
  const defence = hitDistribution(plan.defenceDice);
  const opposed = opposedOddsFromHits(attack, defence);
  const glitches = rollOdds(
    plan.attackDice,
    plan.rules.glitch,
    pushing ? { mode: 'push-the-limit', edgeDice: plan.edgeDice } : { mode: 'none' },
  );
  const figures: OddsFigure[] = [{ label: 'Chance to hit', value: opposed.hit, format: 'percent' }];

  let distribution: OddsView['distribution'];
  if (plan.disarmStrength !== null) {
    let disarm = 0;
    for (let k = 1; k < opposed.netHits.length; k++) {
      if (plan.dv + k > plan.disarmStrength) disarm += opposed.netHits[k]!;
    }
    figures.push({ label: 'Chance to disarm', value: disarm, format: 'percent' });
    distribution = { label: 'Damage after resistance', outcomes: [{ label: 'No damage (disarm)', p: 1 }] };
  } else {
    const armour = armourAfter(plan);
    const soak = hitDistribution(soakDice(plan));
    const vehicle = vehicleResister(plan);
    const size = plan.dv + opposed.netHits.length;
    const physical = new Array<number>(size).fill(0);
    const stun = new Array<number>(size).fill(0);
    let none = opposed.netHits[0]!;
    for (let k = 1; k < opposed.netHits.length; k++) {
      const pk = opposed.netHits[k]!;
      if (pk === 0) continue;
      const modifiedDv = plan.dv + k;
      // A vehicle takes nothing from Stun or from a DV its Armor stops (book), else Physical.
      if (vehicle && !hitOn(vehicle, modifiedDv, plan.damageType, plan.rules.stunWhenEqual).roll) {
        none += pk;
        continue;
      }
      const type = vehicle ? 'P' : damageTypeAfterArmor(plan.damageType, modifiedDv, armour, plan.rules.stunWhenEqual);
      const track = type === 'P' ? physical : stun;
      for (let h = 0; h < soak.length; h++) {
        const boxes = Math.max(0, modifiedDv - h);
        if (boxes === 0) none += pk * soak[h]!;
        else track[boxes]! += pk * soak[h]!;
      }
    }
    let expected = 0;
    let knockdown = 0;
    let physicalChance = 0;
    for (let b = 1; b < size; b++) {
      const p = physical[b]! + stun[b]!;
      expected += b * p;
      physicalChance += physical[b]!;
      if (knocksDown(b, plan.body)) knockdown += p;
    }
    figures.push(
      { label: 'Expected boxes after resistance', value: expected, format: 'number' },
      { label: 'Chance of Physical damage', value: physicalChance, format: 'percent' },
      // A vehicle is not knocked down; it has no Stun track either.
      ...(vehicle ? [] : [{ label: 'Chance of knockdown', value: knockdown, format: 'percent' } as const]),
    );
    distribution = {
      label: 'Damage after resistance',
      outcomes: [
        { label: 'No damage', p: none },
        ...trackOutcomes(stun, 'Stun'),
        ...trackOutcomes(physical, 'Physical'),
      ],
    };
  }
  figures.push(
    { label: 'Attack glitch', value: glitches.glitch, format: 'percent' },
    { label: 'Attack critical glitch', value: glitches.criticalGlitch, format: 'percent' },
  );
  if (plan.secondChance && plan.attackDice > 0) {
    const rerolled = rollOdds(plan.attackDice, plan.rules.glitch, { mode: 'second-chance' });
    figures.push({
      label: 'Chance to hit if a miss is rerolled with Edge',
      value: opposedOddsFromHits(rerolled.hits, defence).hit,
      format: 'percent',
    });
  }
  const view: OddsView = {
    figures,
    distribution,
    note: `Exact for this setup${pushing ? ', with the Rule of Six on every 6 (Edge before the roll)' : ''}; the defender rolls ${plural(plan.defenceDice, 'die', 'dice')}, the target resists with ${plural(soakDice(plan), 'die', 'dice')}. ${plan.secondChance ? 'An Edge second chance is not counted except in its own line.' : ''}`.trim(),
  };
  if (oddsMemo.size >= MEMO_SIZE) oddsMemo.clear();
  oddsMemo.set(key, view);
  return view;
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

function prefixed(prefix: string, steps: readonly ExplainStep[]): ExplainStep[] {
  return steps.map((s) => ({ ...s, text: `${prefix}${s.text}` }));
}

function readAttack(plan: AttackPlan, r: Rolls): TestResult {
  const faces = r.attack ?? [];
  if (plan.edgeDice > 0) return pushTheLimit(faces, r.sixes.flat(), plan.rules.glitch);
  if (r.rerolls) return secondChance(faces, r.rerolls, plan.rules.glitch);
  return evaluateTest(faces, plan.rules.glitch);
}

function trackName(type: DamageType): 'Physical' | 'Stun' {
  return type === 'P' ? 'Physical' : 'Stun';
}

/**
 * The attacker's action and, when the target goes on Full Defense with this roll, its interrupt
 * (seed: it uses the defender's next action).
 */
function spendsOf(plan: AttackPlan): RollSpend[] {
  const interrupts = (plan.targetConditions ?? []).some((c) => c.conditionId === 'full-defense');
  return [attackerAction(plan.attackAction), ...(interrupts ? [targetReaction('full-defense-interrupt')] : [])];
}

export function resolveOf(plan: AttackPlan, rolled: readonly RolledStage[], verb: string): Resolution {
  return { ...resolveRolls(plan, rolled, verb), spends: spendsOf(plan) };
}

function resolveRolls(plan: AttackPlan, rolled: readonly RolledStage[], verb: string): Resolution {
  const r = replay(plan, rolled);
  const missing = neededStage(plan, r);
  if (missing) throw new RulesError('not-allowed', `Roll "${missing.label}" before resolving the attack.`);

  const glitch = plan.rules.glitch;
  const attack = readAttack(plan, r);
  const defence = evaluateTest(r.defence ?? [], glitch);
  const steps: ExplainStep[] = [...plan.attackSteps, ...prefixed('Attack: ', attack.steps), ...plan.defenceSteps];
  if (plan.defenceDice > 0) steps.push(...prefixed('Defence: ', defence.steps));
  const hit = attack.hits > defence.hits;
  const netHits = hit ? attack.hits - defence.hits : 0;
  steps.push(
    step(
      hit
        ? `${plural(attack.hits, 'attack hit', 'attack hits')} against ${plural(defence.hits, 'defence hit', 'defence hits')}: the attack hits with ${plural(netHits, 'net hit', 'net hits')}.`
        : attack.hits === defence.hits
          ? `Both sides score ${plural(attack.hits, 'hit', 'hits')}: ties favour the defender, the attack misses.`
          : `${plural(attack.hits, 'attack hit', 'attack hits')} against ${plural(defence.hits, 'defence hit', 'defence hits')}: the attack misses.`,
      SECTION.resolvingAttack,
    ),
  );

  const targetConditions = plan.targetConditions ?? [];
  const base = {
    workflow: plan.kind,
    weapon: plan.weapon,
    attackDice: plan.attackDice + plan.edgeDice,
    edge: plan.edgeDice > 0 ? 'push-the-limit' : r.rerolls ? 'second-chance' : 'none',
    defenceDice: plan.defenceDice,
    attackHits: attack.hits,
    defenceHits: defence.hits,
    hit,
    netHits,
    attackGlitch: attack.glitch,
    attackCriticalGlitch: attack.criticalGlitch,
    defenceGlitch: defence.glitch,
    defenceCriticalGlitch: defence.criticalGlitch,
  };
  const opening = `${plan.attacker} ${verb} ${plan.target} with ${plan.weapon}: ${attack.hits} vs ${defence.hits}`;
  // One effect on the target: the harm that lands and the conditions the setup imposes.
  const targetEffect = (harm?: Effect['harm']): Effect[] =>
    harm || targetConditions.length
      ? [
          {
            on: { side: 'targets', index: 0 },
            ...(harm ? { harm } : {}),
            ...(targetConditions.length ? { conditions: targetConditions } : {}),
          },
        ]
      : [];

  if (!hit) {
    steps.push(step('A miss deals no damage; there is nothing to resist.', SECTION.resolutionFlow));
    return {
      steps,
      summary: `${opening} → miss`,
      effects: targetEffect(),
      followUps: followUps(plan, r),
      result: { ...base, damage: 0 },
    };
  }

  const modifiedDv = plan.dv + netHits;
  steps.push(...plan.dvSteps);
  steps.push(
    step(
      `Modified DV = ${plan.dv} + ${plural(netHits, 'net hit', 'net hits')} = ${modifiedDv}.`,
      SECTION.resolvingAttack,
    ),
  );

  if (plan.disarmStrength !== null) {
    const disarmed = modifiedDv > plan.disarmStrength;
    steps.push(
      step(
        disarmed
          ? `Disarm: modified DV ${modifiedDv} beats ${plan.target}'s Strength ${plan.disarmStrength}: the held item is knocked away (the GM says whether it is damaged). No damage to ${plan.target}.`
          : `Disarm: modified DV ${modifiedDv} does not beat ${plan.target}'s Strength ${plan.disarmStrength}: ${plan.target} keeps hold. No damage.`,
        SECTION.otherFactors,
        'book',
      ),
    );
    return {
      steps,
      summary: `${opening} → ${disarmed ? 'disarmed' : 'keeps hold'}`,
      effects: targetEffect(),
      followUps: followUps(plan, r),
      result: { ...base, modifiedDv, disarmed, damage: 0 },
    };
  }

  const vehicle = vehicleResister(plan);
  if (vehicle)
    return {
      ...landOnVehicle(plan, vehicle, r, modifiedDv, steps, base, opening, targetConditions),
      followUps: followUps(plan, r),
    };

  const armour = armourAfter(plan);
  if (plan.armourBypassed) {
    steps.push(
      step(
        `The called shot goes past the armour: it counts as 0 for the damage type and the resistance roll.`,
        SECTION.otherFactors,
        'book',
      ),
    );
  } else {
    steps.push(
      step(
        plan.apHalf
          ? `${plan.armourName} ${plan.armour}, halved by AP −half = ${armour}.`
          : `${plan.armourName} ${plan.armour} with AP ${signed(plan.ap)} = ${armour}${plan.armour + plan.ap < 0 ? ' (never below 0)' : ''}.`,
        SECTION.resolvingAttack,
      ),
    );
  }
  const damageType = damageTypeAfterArmor(plan.damageType, modifiedDv, armour, plan.rules.stunWhenEqual);
  if (plan.damageType === 'S') {
    steps.push(step('The weapon deals Stun damage.', SECTION.damage));
  } else {
    const equalRule = plan.rules.stunWhenEqual;
    steps.push(
      step(
        damageType === 'S'
          ? `Modified DV ${modifiedDv} ${equalRule ? 'does not exceed' : 'is below'} armour ${armour}: the Physical damage becomes Stun.`
          : `Modified DV ${modifiedDv} ${equalRule ? 'exceeds' : 'is not below'} armour ${armour}: the damage stays Physical.`,
        SECTION.resolvingAttack,
        equalRule ? 'book' : 'default',
      ),
    );
  }
  const soak = evaluateTest(r.soak ?? [], glitch);
  const boxes = Math.max(0, modifiedDv - soak.hits);
  const track = trackName(damageType);
  steps.push(
    step(
      `${plan.target} resists with Body ${plan.body}${plan.armourBypassed ? '' : ` + armour ${armour}`} = ${plural(soakDice(plan), 'die', 'dice')}.`,
      SECTION.resolvingAttack,
    ),
    ...prefixed('Resistance: ', soak.steps),
    step(
      `Each resistance hit cuts the DV by 1: ${modifiedDv} − ${soak.hits} = ${plural(boxes, `box of ${track} damage`, `boxes of ${track} damage`)}.`,
      SECTION.resolvingAttack,
    ),
  );
  if (boxes > 0) {
    const down = knocksDown(boxes, plan.body);
    steps.push(
      step(
        down
          ? `${plural(boxes, 'box', 'boxes')} ${boxes >= 10 ? 'reach 10' : `exceed Body ${plan.body}`}: ${plan.target} is knocked down when the damage is applied.`
          : `${plural(boxes, 'box', 'boxes')} neither ${boxes === 1 ? 'exceeds' : 'exceed'} Body ${plan.body} nor ${boxes === 1 ? 'reaches' : 'reach'} 10: no knockdown.`,
        SECTION.resolutionFlow,
        'book',
      ),
    );
  } else {
    steps.push(step(`${plan.target} shrugs off the whole attack.`, SECTION.resolvingAttack));
  }
  return {
    steps,
    summary: `${opening} → ${modifiedDv}${damageType}, resisted ${soak.hits} → ${boxes === 0 ? 'no damage' : `${boxes} ${track}`}`,
    effects: targetEffect(boxes > 0 ? { kind: damageType === 'P' ? 'physical' : 'stun', amount: boxes } : undefined),
    followUps: followUps(plan, r),
    result: {
      ...base,
      modifiedDv,
      damageType,
      armourAfterAp: armour,
      resistDice: soakDice(plan),
      resistHits: soak.hits,
      damage: boxes,
      knockdown: boxes > 0 && knocksDown(boxes, plan.body),
    },
  };
}

/**
 * The hit on a vehicle target, as the vehicle weapon lands it (vehicle-engine.ts): Stun does
 * nothing, a DV its Armor stops does nothing, else Body + Armor against Physical damage; a called
 * shot on a component is hit when damage gets through. No knockdown.
 */
function landOnVehicle(
  plan: AttackPlan,
  vehicle: Resister,
  r: Rolls,
  modifiedDv: number,
  steps: ExplainStep[],
  base: Record<string, unknown>,
  opening: string,
  targetConditions: NonNullable<Effect['conditions']>,
): Omit<Resolution, 'followUps'> {
  const landed = land(vehicle, modifiedDv, plan.damageType, r.soak, plan);
  steps.push(...landed.steps);
  const called = componentOutcome(plan.vehicleTarget?.component ?? null, landed.boxes, plan.attacker);
  steps.push(...called.steps);
  const conditions = [...targetConditions, ...called.conditions];
  const harm: Effect['harm'] = landed.boxes > 0 ? { kind: 'physical', amount: landed.boxes } : undefined;
  const rolled = r.soak !== undefined;
  return {
    steps,
    summary: `${opening} → ${modifiedDv}${plan.damageType}, ${rolled ? `resisted ${landed.resistHits} → ` : ''}${landed.boxes === 0 ? 'no damage' : `${landed.boxes} Physical`}`,
    effects:
      harm || conditions.length
        ? [
            {
              on: { side: 'targets', index: 0 },
              ...(harm ? { harm } : {}),
              ...(conditions.length ? { conditions } : {}),
            },
          ]
        : [],
    result: {
      ...base,
      modifiedDv,
      damageType: landed.type,
      armourAfterAp: armourAfter(plan),
      resistDice: rolled ? soakDice(plan) : 0,
      resistHits: landed.resistHits,
      damage: landed.boxes,
      knockdown: false,
      ...(called.conditions.length ? { componentHit: called.conditions[0]!.conditionId } : {}),
    },
  };
}
