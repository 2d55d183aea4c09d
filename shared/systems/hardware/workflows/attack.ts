import type { ExplainStep } from '../../../system-kit/rule-system';
import { attackerAction } from '../../../system-kit/spends';
import {
  COVER_VALUES,
  aimedDamage,
  resolveAttack,
  type AssistRule,
  type AttackerRoll,
  type RolledDie,
} from '../combat';
import { cappedProtection, PROTECTION_INPUT_MAX } from '../derived';
import { stressAfterBuffer } from '../health';
import { MAX_ODDS_ATTACKERS } from '../odds';
import { SECTIONS, plural, ref, step } from '../rules';
import type {
  DiceStage,
  Effect,
  FieldDef,
  OddsView,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValue,
  SetupValues,
} from '../../../system-kit/workflow';
import {
  COVER_OPTIONS,
  HARM_OPTIONS,
  attackerDefaults,
  attackerFields,
  coverFromConditions,
  dieLabel,
  dieSteps,
  isHardened,
  planDie,
  readAttackerChoices,
  tagText,
  type AttackerChoices,
  type CoverChoice,
  type HarmChoice,
  type PlannedDie,
} from './attacker-choices';
import { nextOf, refuseOnProblems, requireAllRolled } from './dice-stages';
import { distributionOutcomes, harmFigures, harmOdds, harmResultJson, previewHarm } from './harm-odds';
import { Memo } from './odds-memo';
import { checkNotSelf, readCombatants, type Combatant } from './participants';
import { SetupReader, readAssists } from './setup-reader';
import { attackDistribution } from './exact';
import { readSheets } from './sheets';
import { setupFromTableRow } from './table-rows';

/**
 * "Attack": every attacker on one foe rolls a damage die (seed: Attacking & Damage), with Edges,
 * Impaired, dual wield and Aim (Attack Modifiers), then Cover and Armor — or Buffer for stress —
 * and the harm to Stamina with overflow into BOD (CTR). The critical save that may follow is
 * prompted by the tracker once the harm is applied, so the effect is the harm itself.
 */

const OPTIONS = { dualWieldAndAim: true, blast: false } as const;

interface AttackerPlan {
  readonly c: Combatant;
  readonly choices: AttackerChoices;
  /** The main weapon's die, then the second weapon's when dual-wielding. */
  readonly dice: readonly PlannedDie[];
  /** null when the attacker aimed: maximum damage, nothing to roll. */
  readonly stage: DiceStage | null;
}

interface AttackPlan {
  readonly attackers: readonly AttackerPlan[];
  readonly target: Combatant;
  readonly harm: HarmChoice;
  readonly cover: CoverChoice;
  readonly armor: number;
  readonly buffer: number;
  readonly hardened: boolean;
  readonly assists: AssistRule;
  readonly stages: readonly DiceStage[];
}

function targetDefaults(target: Combatant | undefined): Record<string, SetupValue> {
  return {
    harm: 'damage',
    cover: target ? coverFromConditions(target.conditionIds) : 'none',
    armor: target ? target.armor : 0,
    buffer: target ? target.stats.buffer : 0,
    hardened: target ? isHardened(target) : false,
  };
}

function defaultsOf(attackers: readonly Combatant[], target: Combatant | undefined): SetupValues {
  return Object.assign({}, ...attackers.map((a) => attackerDefaults(a, OPTIONS)), targetDefaults(target));
}

function stageOf(c: Combatant, choices: AttackerChoices, dice: readonly PlannedDie[]): DiceStage | null {
  if (choices.aimed) return null;
  const [main, second] = dice;
  return {
    id: `damage:a${c.index}`,
    label: `${c.name}'s damage die, ${dieLabel(main!, choices.edges)}`,
    roller: c.name,
    count: 1,
    sides: main!.die,
    ...(second
      ? {
          extra: [
            {
              id: 'second-weapon',
              label: `${c.name}'s second weapon (dual wield), ${dieLabel(second, choices.edges)}`,
              count: 1,
              sides: second.die,
            },
          ],
        }
      : {}),
  };
}

function readAttack(setup: SetupValues, context: ResolveContext): { plan: AttackPlan | null; problems: string[] } {
  const problems: string[] = [];
  const attackers = readCombatants(context?.attackers, 'attacker', problems);
  const targets = readCombatants(context?.targets, 'target', problems);
  if (attackers.length === 0) problems.push('Choose at least one attacker.');
  if (attackers.length > MAX_ODDS_ATTACKERS) {
    problems.push(`At most ${MAX_ODDS_ATTACKERS} attackers can be on one foe; ${attackers.length} are chosen.`);
  }
  if (targets.length === 0) problems.push('Choose the foe being attacked.');
  if (targets.length > 1) {
    problems.push(
      'An attack is on one foe: choose exactly one target (several attackers can gang up on it). Use Blast for a weapon that hits several targets.',
    );
  }
  checkNotSelf(attackers, targets, problems);
  const target = targets[0];
  const reader = new SetupReader(setup, targetDefaults(target));
  const harm = reader.choice('harm', 'The harm', HARM_OPTIONS, 'damage');
  const cover = reader.choice('cover', 'Cover', COVER_OPTIONS, 'none');
  const armor = reader.protection('armor', "The target's Armor", 'Armor');
  const buffer = reader.protection('buffer', "The target's Buffer", 'Buffer');
  const hardened = reader.flag('hardened', 'Hardened');
  const assists = readAssists(context?.toggles ?? {}, problems);

  const planned = attackers.map((c): AttackerPlan => {
    const choices = readAttackerChoices(reader, c, OPTIONS, problems);
    if (harm === 'stress') {
      const tagged = [choices.main, choices.offhand].some((w) => w && (w.tags.piercing || w.tags.shred));
      if (tagged) {
        problems.push(
          `${c.name}'s piercing or shred tag works against Armor and damage, but this attack deals stress (Buffer applies): set the tags to none or choose damage.`,
        );
      }
    }
    const situation = { hardened, armor, harm };
    const dice = [planDie(choices.main, choices, situation)];
    if (choices.offhand) dice.push(planDie(choices.offhand, choices, situation));
    return { c, choices, dice, stage: stageOf(c, choices, dice) };
  });
  problems.push(...reader.problems);
  if (problems.length > 0 || !target) return { plan: null, problems };
  return {
    plan: {
      attackers: planned,
      target,
      harm,
      cover,
      armor,
      buffer,
      hardened,
      assists,
      stages: planned.flatMap((a) => (a.stage ? [a.stage] : [])),
    },
    problems,
  };
}

function requirePlan(setup: SetupValues, context: ResolveContext): AttackPlan {
  const { plan, problems } = readAttack(setup, context);
  refuseOnProblems(problems);
  return plan!;
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

const oddsMemo = new Memo<OddsView>();

function oddsOf(plan: AttackPlan): OddsView {
  const damage = plan.harm === 'damage';
  const attackers = plan.attackers.map((a) => ({
    dice: a.dice.map((d) => ({ sides: d.die, piercing: damage && (d.tags.piercing ?? false), aimed: a.choices.aimed })),
  }));
  const t = plan.target;
  const key = JSON.stringify([
    attackers,
    plan.harm,
    plan.cover,
    plan.armor,
    plan.buffer,
    plan.assists,
    t.stamina,
    t.BOD,
    t.CTR,
    t.name,
  ]);
  return oddsMemo.get(key, () => {
    // Stress meets only Buffer, subtracted from the total the way Armor is (seed: Buffer).
    const dist = attackDistribution({
      attackers,
      cover: damage ? COVER_VALUES[plan.cover] : 0,
      armor: damage ? plan.armor : plan.buffer,
      assists: plan.assists,
    });
    const odds = harmOdds(dist, t, plan.harm);
    const attr = damage ? 'BOD' : 'CTR';
    return {
      figures: harmFigures(odds, plan.harm),
      distribution: {
        label: `${damage ? 'Damage' : 'Stress'} to ${t.name} after ${damage ? 'Cover and Armor' : 'Buffer'}`,
        outcomes: distributionOutcomes(dist),
      },
      note: `Exact. Hardware attacks always hit: there is no hit roll, only the damage dice. The Stamina and ${attr} figures use ${t.name}'s current Stamina ${t.stamina} and ${attr} ${damage ? t.BOD : t.CTR}, and a plain d20 ${attr} save (1 always succeeds, 20 always fails) against the new ${attr}.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

/** "Armor 2", or "Armor 3 (5 counts as 3)" for a sum of items above the cap. */
function protectionText(kind: 'Armor' | 'Buffer', given: number): string {
  const { value } = cappedProtection(kind, given);
  return `${kind} ${value}${given > value ? ` (${given} counts as ${value})` : ''}`;
}

function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

function resolvePlan(plan: AttackPlan, rolled: readonly RolledStage[]) {
  const faces = requireAllRolled(plan.stages, rolled);
  const damage = plan.harm === 'damage';
  const t = plan.target;
  const steps: ExplainStep[] = [
    step('Attacks in combat automatically hit: only the damage dice are rolled.', SECTIONS.attacking),
  ];

  let next = 0;
  const rolls: AttackerRoll[] = plan.attackers.map((a) => {
    steps.push(...dieSteps(a.c.name, a.dice, a.choices.edges));
    const groups = a.stage ? faces[next++]! : null;
    if (a.choices.aimed) {
      steps.push(
        step(
          `${a.c.name} aimed at ${t.name} last turn: the attack deals maximum damage (${a.dice.map((d) => `d${d.die} = ${aimedDamage(d.die)}`).join(', ')}), no roll. The Aim is spent${a.c.conditionIds.includes('aiming') ? `: remove ${a.c.name}'s Aiming condition` : ''}.`,
          SECTIONS.modifiers,
        ),
      );
    }
    const dice = a.dice.map((d, j): RolledDie => ({
      face: a.choices.aimed ? aimedDamage(d.die) : groups![j]![0]!,
      sides: d.die,
      weapon: `d${d.die}${tagText(d.tags)}`,
      tags: damage ? d.tags : {},
      aimed: a.choices.aimed,
    }));
    return { id: a.c.name, dice };
  });

  const coverValue = damage ? COVER_VALUES[plan.cover] : 0;
  const r = resolveAttack({
    attackers: rolls,
    cover: coverValue,
    armor: damage ? plan.armor : 0,
    assists: plan.assists,
  });
  let amount = r.damage;
  if (damage) {
    steps.push(...r.steps);
  } else {
    // With no Cover, Armor or tags the last step is "deals N damage": stress takes Buffer instead.
    steps.push(...r.steps.slice(0, -1));
    if (plan.cover !== 'none' || plan.armor > 0) {
      steps.push(step('Cover and Armor reduce damage, not stress: only Buffer applies.', SECTIONS.buffer));
    }
    const buffered = stressAfterBuffer(r.total, plan.buffer);
    amount = buffered.stress;
    steps.push(...buffered.steps, step(`The attack deals ${amount} stress to Stamina.`, SECTIONS.buffer));
  }
  for (const a of plan.attackers) {
    if (a.choices.reload) {
      steps.push(step(`Reload tag: ${a.c.name} discards 1 Ammo after this attack.`, SECTIONS.ammo));
    }
  }
  const preview = previewHarm(t, plan.harm, amount);
  steps.push(...preview.steps);

  // Shred at Armor 0 changes nothing, so it is not sent to the tracker.
  const shred = damage && r.shred && r.armorAfter < r.armor;
  const effects: Effect[] = [{ on: { side: 'targets', index: 0 }, harm: { kind: plan.harm, amount } }];
  if (shred) effects.push({ on: { side: 'targets', index: 0 }, harm: { kind: 'shred', amount: 1 } });

  const h = preview.result;
  const attr = h.attributeId;
  const protection = damage
    ? [
        coverValue ? `Cover ${coverValue}` : '',
        plan.armor ? `${protectionText('Armor', plan.armor)}${r.piercing ? ' ignored (piercing)' : ''}` : '',
      ]
    : [plan.buffer ? protectionText('Buffer', plan.buffer) : ''];
  const after = protection.filter(Boolean);
  const consequence = h.overflow
    ? `, ${attr} ${damage ? t.BOD : t.CTR} → ${h.attribute}${h.saveRequired && !t.dead ? ` (${attr} save vs ${h.attribute} follows)` : h.zeroed ? (damage ? ' (dead)' : ' (breakdown)') : ''}`
    : '';
  const summary = `${names(plan.attackers.map((a) => a.c.name))} attacked ${t.name}: ${r.kept}${r.assists ? ` +${plural(r.assists, 'assist')}` : ''}${after.length ? ` − ${after.join(', ')}` : ''} → ${amount} ${plan.harm}; Stamina ${t.stamina} → ${h.stamina}${consequence}${shred ? `; Armor ${r.armor} → ${r.armorAfter}` : ''}.`;

  return {
    steps,
    summary,
    effects,
    followUps: [],
    // Seed, Attacking & Damage: all attackers on one foe roll together; each uses its action, the
    // one whose turn it is now, the others their turn still to come this round.
    spends: plan.attackers.map((_, index) => ({ ...attackerAction('action', index), assist: true })),
    result: {
      workflow: 'hardware-attack',
      target: t.name,
      harm: plan.harm,
      assistsRule: plan.assists,
      attackers: plan.attackers.map((a, i) => ({
        name: a.c.name,
        aimed: a.choices.aimed,
        dice: a.dice.map((d, j) => ({
          weaponDie: d.baseDie,
          die: d.die,
          face: rolls[i]!.dice[j]!.face,
          piercing: d.tags.piercing ?? false,
          shred: d.tags.shred ?? false,
          impaired: d.reasons.length ? [...d.reasons] : d.impaired,
        })),
        result: r.attackers[i]!.result,
        role: r.attackers[i]!.role,
      })),
      kept: r.kept,
      keptAttacker: plan.attackers[r.keptAttacker]!.c.name,
      assists: r.assists,
      total: r.total,
      cover: coverValue,
      armor: damage ? plan.armor : 0,
      buffer: damage ? 0 : plan.buffer,
      piercing: r.piercing,
      amount,
      shred,
      armorAfter: shred ? r.armorAfter : plan.armor,
      ...harmResultJson(t, plan.harm, h),
    },
  };
}

// ---------------------------------------------------------------------------------------------

function fieldsOf(context: ResolveContext): FieldDef[] {
  const problems: string[] = [];
  const attackers = readCombatants(context?.attackers ?? [], 'attacker', problems);
  const target = readCombatants(context?.targets ?? [], 'target', problems)[0];
  const foe = target ? target.name : 'The target';
  return [
    ...attackers.flatMap((a) => attackerFields(a, OPTIONS)),
    {
      id: 'harm',
      kind: 'choice',
      label: 'Harm dealt',
      help: 'Damage meets Cover and Armor and overflows into BOD; stress (a hack) meets Buffer and overflows into CTR.',
      rule: ref(SECTIONS.protection),
      group: 'attack',
      options: HARM_OPTIONS,
    },
    {
      id: 'cover',
      kind: 'choice',
      label: `${foe}: cover`,
      help: 'Subtracted from the damage before Armor. Flanking negates it.',
      rule: ref(SECTIONS.cover),
      group: 'defence',
      common: true,
      options: COVER_OPTIONS,
    },
    {
      id: 'armor',
      kind: 'number',
      label: `${foe}: Armor`,
      help: 'Subtracted after Cover; piercing ignores it. Current value, after any shred. Items added up above 3 count as 3.',
      rule: ref(SECTIONS.armor),
      group: 'defence',
      min: 0,
      max: PROTECTION_INPUT_MAX,
      step: 1,
    },
    {
      id: 'hardened',
      kind: 'flag',
      label: `${foe}: Hardened`,
      help: 'Attacks affected by Armor against it are Impaired (d4).',
      rule: ref(SECTIONS.hardened),
      group: 'defence',
    },
    {
      id: 'buffer',
      kind: 'number',
      label: `${foe}: Buffer`,
      help: 'Subtracted from stress only. Items added up above 3 count as 3.',
      rule: ref(SECTIONS.buffer),
      group: 'defence',
      min: 0,
      max: PROTECTION_INPUT_MAX,
      step: 1,
    },
  ];
}

export const attackWorkflow: ResolveWorkflow = {
  id: 'hardware-attack',
  systemId: 'hardware',
  label: 'Attack',
  attackers: 'many',
  targets: 'one',
  fields: fieldsOf,
  defaults(context) {
    const problems: string[] = [];
    const attackers = readCombatants(context?.attackers ?? [], 'attacker', problems);
    const target = readCombatants(context?.targets ?? [], 'target', problems)[0];
    return defaultsOf(attackers, target);
  },
  problems: (setup, context) => readAttack(setup, context).problems,
  odds: (setup, context) => oddsOf(requirePlan(setup, context)),
  nextStage(setup, context, rolled) {
    return nextOf(requirePlan(setup, context).stages, rolled);
  },
  resolve: (setup, context, rolled) => resolvePlan(requirePlan(setup, context), rolled),
  fromTableRow: (tableId, rowIndex) => setupFromTableRow(tableId, rowIndex, { blast: false }),
  fromSheets: (context) =>
    readSheets(context, OPTIONS, 'all', () => ({ armor: 'armor', buffer: 'buffer', hardened: 'hardened' })),
};
