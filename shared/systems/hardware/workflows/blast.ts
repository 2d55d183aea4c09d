import { convolve, type Distribution } from '../../../dice/distribution';
import { attackerAction } from '../../../system-kit/spends';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { COVER_VALUES, resolveBlast, type AttackResult, type DieSize } from '../combat';
import { PROTECTION_INPUT_MAX } from '../derived';
import { attackDamageOdds } from '../odds';
import { SECTIONS, plural, ref, step } from '../rules';
import type {
  DiceStage,
  Effect,
  FieldDef,
  OddsFigure,
  OddsView,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValue,
  SetupValues,
} from '../../../system-kit/workflow';
import {
  COVER_OPTIONS,
  attackerDefaults,
  attackerFields,
  coverFromConditions,
  dieLabel,
  dieSteps,
  isHardened,
  planDie,
  readAttackerChoices,
  tagText,
  targetField,
  type AttackerChoices,
  type CoverChoice,
  type PlannedDie,
} from './attacker-choices';
import { nextOf, refuseOnProblems, requireAllRolled } from './dice-stages';
import { distributionOutcomes, harmFigures, harmOdds, harmResultJson, previewHarm } from './harm-odds';
import { Memo } from './odds-memo';
import { checkDistinct, checkNotSelf, readCombatants, type Combatant } from './participants';
import { SetupReader } from './setup-reader';
import { readSheets } from './sheets';
import { setupFromTableRow } from './table-rows';

/**
 * "Blast" (book gear tag): one attacker's blast weapon rolls damage separately for each target;
 * each target's own Cover and Armor apply, and a Hardened target makes the die against it
 * Impaired unless the weapon is piercing. Aim and dual wield do not apply: Aim is at one target,
 * and a blast is one weapon.
 */

const OPTIONS = { dualWieldAndAim: false, blast: true } as const;
/** More targets than this is a typo, not a blast (and keeps the figure list readable). */
export const MAX_BLAST_TARGETS = 20;

interface TargetPlan {
  readonly c: Combatant;
  readonly cover: CoverChoice;
  readonly armor: number;
  readonly hardened: boolean;
  /** The die rolled against this target (Impaired against a Hardened one). */
  readonly die: PlannedDie;
  readonly stage: DiceStage;
}

interface BlastPlan {
  readonly attacker: Combatant;
  readonly choices: AttackerChoices;
  readonly targets: readonly TargetPlan[];
  readonly stages: readonly DiceStage[];
}

function targetDefaults(t: Combatant): Record<string, SetupValue> {
  return {
    [targetField(t.index, 'cover')]: coverFromConditions(t.conditionIds),
    [targetField(t.index, 'armor')]: t.armor,
    [targetField(t.index, 'hardened')]: isHardened(t),
  };
}

function defaultsOf(attackers: readonly Combatant[], targets: readonly Combatant[]): SetupValues {
  return Object.assign(
    {},
    ...attackers.slice(0, 1).map((a) => attackerDefaults(a, OPTIONS)),
    ...targets.map(targetDefaults),
  );
}

function readBlast(setup: SetupValues, context: ResolveContext): { plan: BlastPlan | null; problems: string[] } {
  const problems: string[] = [];
  const attackers = readCombatants(context?.attackers, 'attacker', problems);
  const targets = readCombatants(context?.targets, 'target', problems);
  if (attackers.length === 0) problems.push('Choose who sets off the blast.');
  if (attackers.length > 1) {
    problems.push('A blast is one weapon: choose one attacker. Several attackers on one foe is an Attack.');
  }
  if (targets.length === 0) problems.push('Choose at least one target caught in the blast.');
  if (targets.length > MAX_BLAST_TARGETS) {
    problems.push(`At most ${MAX_BLAST_TARGETS} targets can be caught in one blast; ${targets.length} are chosen.`);
  }
  checkNotSelf(attackers.slice(0, 1), targets, problems);
  checkDistinct(targets, problems);
  const attacker = attackers[0];
  const reader = new SetupReader(setup, {});
  if (!attacker) {
    problems.push(...reader.problems);
    return { plan: null, problems };
  }
  const choices = readAttackerChoices(reader, attacker, OPTIONS, problems);
  const planned = targets.map((c): TargetPlan => {
    const id = (key: string) => targetField(c.index, key);
    const r = reader.with(targetDefaults(c));
    const cover = r.choice(id('cover'), `${c.name}'s cover`, COVER_OPTIONS, 'none');
    const armor = r.protection(id('armor'), `${c.name}'s Armor`, 'Armor');
    const hardened = r.flag(id('hardened'), `${c.name}'s Hardened flag`);
    const die = planDie(choices.main, choices, { hardened, armor, harm: 'damage' });
    return {
      c,
      cover,
      armor,
      hardened,
      die,
      stage: {
        id: `damage:t${c.index}`,
        label: `${attacker.name}'s blast die against ${c.name}, ${dieLabel(die, choices.edges)}`,
        roller: attacker.name,
        count: 1,
        sides: die.die,
      },
    };
  });
  problems.push(...reader.problems);
  if (problems.length > 0) return { plan: null, problems };
  return { plan: { attacker, choices, targets: planned, stages: planned.map((t) => t.stage) }, problems };
}

function requirePlan(setup: SetupValues, context: ResolveContext): BlastPlan {
  const { plan, problems } = readBlast(setup, context);
  refuseOnProblems(problems);
  return plan!;
}

// ---------------------------------------------------------------------------------------------
// Odds: each target's damage is independent (its own die), so the figures are per target.
// ---------------------------------------------------------------------------------------------

const oddsMemo = new Memo<OddsView>();

function targetDamage(t: TargetPlan): Distribution {
  return attackDamageOdds({
    dice: [t.die.die],
    cover: COVER_VALUES[t.cover],
    armor: t.armor,
    piercing: t.die.tags.piercing ?? false,
  });
}

function oddsOf(plan: BlastPlan): OddsView {
  const key = JSON.stringify(
    plan.targets.map((t) => [
      t.c.name,
      t.die.die,
      t.die.tags.piercing ?? false,
      t.cover,
      t.armor,
      t.c.stamina,
      t.c.BOD,
    ]),
  );
  return oddsMemo.get(key, () => {
    const several = plan.targets.length > 1;
    const figures: OddsFigure[] = [];
    let totalDist: Distribution = [1];
    let expectedDropped = 0;
    for (const t of plan.targets) {
      const dist = targetDamage(t);
      const odds = harmOdds(dist, t.c, 'damage');
      figures.push(...harmFigures(odds, 'damage', several ? `${t.c.name}: ` : ''));
      expectedDropped += odds.staminaZero;
      totalDist = convolve(totalDist, dist);
    }
    if (several) {
      figures.unshift({ label: 'Targets expected at 0 Stamina', value: expectedDropped, format: 'number' });
    }
    return {
      figures,
      distribution: {
        label: several
          ? `Total damage to the ${plan.targets.length} targets after Cover and Armor`
          : `Damage to ${plan.targets[0]!.c.name} after Cover and Armor`,
        outcomes: distributionOutcomes(totalDist),
      },
      note: `Exact. Hardware attacks always hit: there is no hit roll. Each target's damage die is rolled separately, so the targets' figures are independent; they use each target's current Stamina and BOD and a plain d20 BOD save against the new BOD.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Resolution: resolveBlast for each die size in play (a Hardened target gets the Impaired d4).
// ---------------------------------------------------------------------------------------------

function resolvePlan(plan: BlastPlan, rolled: readonly RolledStage[]) {
  const faces = requireAllRolled(plan.stages, rolled);
  const a = plan.attacker;
  const tags = plan.choices.main.tags;
  const weapon = `d${plan.choices.main.die}${tagText(tags)}`;
  const steps: ExplainStep[] = [
    step('Attacks in combat automatically hit: only the damage dice are rolled.', SECTIONS.attacking),
    step(
      `Blast: ${a.name}'s ${weapon} rolls damage separately for each of ${plural(plan.targets.length, 'target')}.`,
      SECTIONS.gearTags,
      'book',
    ),
  ];

  const results = new Map<number, AttackResult>();
  const sizes = [...new Set(plan.targets.map((t) => t.die.die))];
  for (const sides of sizes) {
    const group = plan.targets.filter((t) => t.die.die === sides);
    const blast = resolveBlast({
      sides: sides as DieSize,
      weapon,
      tags,
      targets: group.map((t) => ({
        id: String(t.c.index),
        face: faces[plan.targets.indexOf(t)]![0]![0]!,
        cover: COVER_VALUES[t.cover],
        armor: t.armor,
      })),
    });
    for (const r of blast.targets) results.set(Number(r.id), r.result);
  }

  const effects: Effect[] = [];
  const parts: string[] = [];
  const perTarget = plan.targets.map((t, j) => {
    const r = results.get(t.c.index)!;
    const face = faces[j]![0]![0]!;
    steps.push(...dieSteps(`${a.name} against ${t.c.name}`, [t.die], plan.choices.edges));
    // resolveBlast names the weapon as the roller; the GM reads who hit whom instead.
    steps.push(step(`Against ${t.c.name}: the d${t.die.die} shows ${face}.`, SECTIONS.attacking));
    steps.push(...r.steps.slice(2).map((s) => ({ text: `${t.c.name}: ${s.text}`, rule: s.rule })));
    const preview = previewHarm(t.c, 'damage', r.damage);
    steps.push(...preview.steps);
    effects.push({ on: { side: 'targets', index: j }, harm: { kind: 'damage', amount: r.damage } });
    // Shred at Armor 0 changes nothing, so it is not sent to the tracker.
    const shred = r.shred && r.armorAfter < r.armor;
    if (shred) effects.push({ on: { side: 'targets', index: j }, harm: { kind: 'shred', amount: 1 } });
    const h = preview.result;
    parts.push(
      `${t.c.name} ${r.damage}${h.overflow ? ` (BOD ${t.c.BOD} → ${h.attribute}${h.saveRequired && !t.c.dead ? ', save follows' : h.zeroed ? ', dead' : ''})` : ''}`,
    );
    return {
      name: t.c.name,
      die: t.die.die,
      impaired: t.die.reasons.length ? [...t.die.reasons] : t.die.impaired,
      face,
      cover: COVER_VALUES[t.cover],
      armor: r.armor,
      piercing: r.piercing,
      amount: r.damage,
      shred,
      armorAfter: r.armorAfter,
      ...harmResultJson(t.c, 'damage', h),
    };
  });
  if (plan.choices.reload) {
    steps.push(step(`Reload tag: ${a.name} discards 1 Ammo after this attack.`, SECTIONS.ammo));
  }
  return {
    steps,
    summary: `${a.name}'s ${weapon} blast: ${parts.join(', ')} damage.`,
    effects,
    followUps: [],
    spends: [{ ...attackerAction('action'), assist: true }],
    result: {
      workflow: 'hardware-blast',
      attacker: a.name,
      weaponDie: plan.choices.main.die,
      edges: plan.choices.edges,
      piercing: tags.piercing ?? false,
      shredTag: tags.shred ?? false,
      targets: perTarget,
    },
  };
}

// ---------------------------------------------------------------------------------------------

function fieldsOf(context: ResolveContext): FieldDef[] {
  const problems: string[] = [];
  const attackers = readCombatants(context?.attackers ?? [], 'attacker', problems).slice(0, 1);
  const targets = readCombatants(context?.targets ?? [], 'target', problems);
  return [
    ...attackers.flatMap((a) => attackerFields(a, OPTIONS)),
    ...targets.flatMap((t): FieldDef[] => [
      {
        id: targetField(t.index, 'cover'),
        kind: 'choice',
        label: `${t.name}: cover`,
        help: 'Subtracted from the damage before Armor.',
        rule: ref(SECTIONS.cover),
        group: 'defence',
        common: true,
        options: COVER_OPTIONS,
      },
      {
        id: targetField(t.index, 'armor'),
        kind: 'number',
        label: `${t.name}: Armor`,
        help: 'Subtracted after Cover; piercing ignores it. Current value, after any shred. Items added up above 3 count as 3.',
        rule: ref(SECTIONS.armor),
        group: 'defence',
        min: 0,
        max: PROTECTION_INPUT_MAX,
        step: 1,
      },
      {
        id: targetField(t.index, 'hardened'),
        kind: 'flag',
        label: `${t.name}: Hardened`,
        help: 'The blast die against it is Impaired (d4) unless the weapon is piercing.',
        rule: ref(SECTIONS.hardened),
        group: 'defence',
      },
    ]),
  ];
}

export const blastWorkflow: ResolveWorkflow = {
  id: 'hardware-blast',
  systemId: 'hardware',
  label: 'Blast',
  attackers: 'one',
  targets: 'many',
  fields: fieldsOf,
  defaults(context) {
    const problems: string[] = [];
    return defaultsOf(
      readCombatants(context?.attackers ?? [], 'attacker', problems),
      readCombatants(context?.targets ?? [], 'target', problems),
    );
  },
  problems: (setup, context) => readBlast(setup, context).problems,
  odds: (setup, context) => oddsOf(requirePlan(setup, context)),
  nextStage: (setup, context, rolled) => nextOf(requirePlan(setup, context).stages, rolled),
  resolve: (setup, context, rolled) => resolvePlan(requirePlan(setup, context), rolled),
  fromTableRow: (tableId, rowIndex) => setupFromTableRow(tableId, rowIndex, { blast: true }),
  fromSheets: (context) =>
    readSheets(context, OPTIONS, 'first', (i) => ({
      armor: targetField(i, 'armor'),
      hardened: targetField(i, 'hardened'),
    })),
};
