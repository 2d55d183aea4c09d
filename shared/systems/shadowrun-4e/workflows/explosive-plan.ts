import { memoizeBySetup } from '../../../system-kit/memo';
import type { FieldDef, ResolveContext, SetupValue, SetupValues } from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { BLAST_WEAPONS, launcherArms, SCATTER, type BlastType, type ScatterKind } from '../explosives';
import { defensePool } from '../modifiers';
import { plural, rule, SECTION, signed, step } from '../sections';
import type { ShadowrunRules } from '../toggles';
import {
  chosenExplosive,
  explosiveSheetValues,
  targetStatOf,
  vehicleStatOf,
  withExplosiveSheets,
} from './explosive-sheets';
import { isVehicleTarget, readVehicleTarget, vehicleTargetDefaults, vehicleTargetDefence } from './vehicle-target';
import type { Side } from './vehicle-sides';
import { skillNote } from './sheets';
import { canDefend, DEFAULT_SKILL, noDefenceStep, readSetup, readSides, type Fighter } from './setup';

/**
 * "Grenade, rocket or missile" (seed: Grenades, Rockets & Missiles): the setup read into a plan.
 * The GM places everyone caught near the intended point by distance and by direction on the
 * scatter diagram; once the scatter is rolled, each one's distance from where it actually lands
 * decides the blast's DV against them.
 */

const seed = rule(SECTION.explosives, 'seed');
const MAX_SKILL = 12;
/** More is a typo, not a blast, and keeps the form readable. */
export const MAX_BLAST_TARGETS = 12;
export const MAX_PLACE_DISTANCE = 50;

/** Warheads with a Damage Value (Flash-Pak, gas and smoke have none to resist). */
const GRENADES: readonly BlastType[] = ['flash-bang', 'fragmentation-grenade', 'high-explosive-grenade'];
const ROCKETS: readonly BlastType[] = ['fragmentation-missile', 'high-explosive-missile', 'anti-vehicle-missile'];
const THROWN: readonly ScatterKind[] = ['standard', 'aerodynamic'];
const LAUNCHED: readonly ScatterKind[] = ['launcher', 'airburst'];

const DELIVERY_HINTS: Readonly<Record<ScatterKind, string>> = {
  standard: 'Thrown (Agility + Throwing Weapons)',
  aerodynamic: 'Thrown (Agility + Throwing Weapons)',
  airburst: 'From a grenade launcher (Agility + Heavy Weapons); goes off at once',
  launcher: 'From a grenade launcher (Agility + Heavy Weapons); 5 m minimum range',
  rocket: 'From a launcher (Agility + Heavy Weapons)',
  missile: 'Heavy Weapons + Sensor; −1 m scatter per Sensor',
};

export const targetField = (index: number, key: 'distance' | 'direction'): string => `t${index}.${key}`;

const BASE_FIELDS: readonly FieldDef[] = [
  {
    id: 'explosive',
    kind: 'choice',
    label: 'Explosive',
    help: 'Flash-Pak, gas and smoke have no Damage Value to resist and are not rolled here.',
    group: 'attack',
    rule: seed,
    common: true,
    options: [...GRENADES, ...ROCKETS].map((id) => {
      const def = BLAST_WEAPONS[id];
      return {
        value: id,
        label: def.label,
        hint: `${def.dv}${def.damageType}${def.flechette ? '(f)' : ''}, AP ${signed(def.ap ?? 0)}, ${def.falloffPerMeter === null ? `${def.radius} m radius` : `−${def.falloffPerMeter} DV per metre`}`,
      };
    }),
  },
  {
    id: 'delivery',
    kind: 'choice',
    label: 'Delivery',
    help: 'Sets the skill, the scatter dice and the metres each net hit takes off.',
    group: 'attack',
    rule: seed,
    common: true,
    options: (Object.keys(SCATTER) as ScatterKind[]).map((kind) => ({
      value: kind,
      label: SCATTER[kind].label,
      hint: `${DELIVERY_HINTS[kind]}; scatter ${SCATTER[kind].dice}D6 m, −${SCATTER[kind].perNetHit} m per net hit`,
    })),
  },
  {
    id: 'skill',
    kind: 'number',
    label: 'Throwing Weapons or Heavy Weapons',
    help: 'Throwing Weapons for a thrown grenade, Heavy Weapons for a launcher.',
    group: 'attack',
    rule: seed,
    common: true,
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'sensor',
    kind: 'number',
    label: "Missile's Sensor",
    help: 'Missiles only: rolled with Heavy Weapons instead of Agility, and −1 m of scatter per point.',
    group: 'attack',
    rule: seed,
    min: 0,
    max: 10,
  },
  {
    id: 'aimedAt',
    kind: 'choice',
    label: 'Aimed at',
    help: 'At someone: opposed by their Reaction. At a spot: a Success Test, every hit a net hit.',
    group: 'situation',
    rule: seed,
    options: [],
  },
  {
    id: 'launchDistance',
    kind: 'number',
    label: 'Distance to the intended point (m)',
    help: 'Grenade launchers: mini-grenades arm only after 5 m.',
    group: 'situation',
    rule: seed,
    min: 0,
    max: 1500,
  },
  {
    id: 'airburstLink',
    kind: 'flag',
    label: 'Airburst link',
    help: "Goes off at once instead of on the thrower's next Initiative Pass.",
    group: 'situation',
    rule: seed,
  },
  {
    id: 'modifier',
    kind: 'number',
    label: 'Attack dice modifier',
    help: 'Range, visibility, running, a vehicle target’s Signature…: the sum, in dice.',
    group: 'extra',
    rule: rule(SECTION.resolvingAttack, 'seed'),
    min: -20,
    max: 20,
  },
];

function names(context: ResolveContext): string[] {
  const targets = Array.isArray(context?.targets) ? context.targets : [];
  return targets.map((t, i) => (typeof t?.name === 'string' && t.name !== '' ? t.name : `Target ${i + 1}`));
}

/** The form: the table's choices with the sheets' explosives, skill and targets' numbers in it. */
export function explosiveFields(context: ResolveContext): FieldDef[] {
  return withExplosiveSheets(context, tableFields(context));
}

function tableFields(context: ResolveContext): FieldDef[] {
  const targetNames = names(context);
  return [
    ...BASE_FIELDS.map((field) =>
      field.id === 'aimedAt' && field.kind === 'choice'
        ? {
            ...field,
            options: [
              { value: 'location', label: 'A spot (Success Test)' },
              ...targetNames.map((name, i) => ({
                value: `t${i}`,
                label: `${name} (opposed by ${isVehicleTarget(context.targets[i]) ? 'its Vehicle Test' : 'Reaction'})`,
              })),
            ],
          }
        : field,
    ),
    ...targetNames.flatMap((name, i): FieldDef[] => [
      {
        id: targetField(i, 'distance'),
        kind: 'number',
        label: `${name}: metres from the intended point`,
        help: 'Where they stand before the scatter; the blast DV drops off with distance from where it lands.',
        group: 'defence',
        rule: seed,
        common: true,
        min: 0,
        max: MAX_PLACE_DISTANCE,
      },
      {
        id: targetField(i, 'direction'),
        kind: 'choice',
        label: `${name}: direction from it`,
        help: 'The side of the scatter diagram (1–6) they stand on; nothing at 0 m.',
        group: 'defence',
        rule: rule(SECTION.explosives, 'default'),
        options: DIRECTIONS.map((d) => ({ value: String(d), label: `Direction ${d}` })),
      },
    ]),
  ];
}

export const DIRECTIONS = [1, 2, 3, 4, 5, 6] as const;

/** The table's defaults, then what the sheets give (see explosive-sheets.ts). */
export function explosiveDefaults(context: ResolveContext): SetupValues {
  const { sheet, targetStats } = explosiveSheetValues(context);
  const vehicles =
    Array.isArray(context?.targets) && context.targets.some((t) => isVehicleTarget(t)) ? vehicleTargetDefaults() : {};
  return { ...tableDefaults(context), ...vehicles, ...targetStats, ...sheet.values };
}

function tableDefaults(context: ResolveContext): SetupValues {
  const values: Record<string, SetupValue> = {
    explosive: 'fragmentation-grenade',
    delivery: 'standard',
    skill: DEFAULT_SKILL,
    sensor: 0,
    aimedAt: names(context).length ? 't0' : 'location',
    launchDistance: 10,
    airburstLink: false,
    modifier: 0,
  };
  // The one aimed at stands on the intended point; the others a few metres off.
  names(context).forEach((_, i) => {
    values[targetField(i, 'distance')] = i === 0 ? 0 : 2;
    values[targetField(i, 'direction')] = '1';
  });
  return values;
}

export interface PlacedTarget {
  readonly fighter: Fighter;
  readonly distance: number;
  readonly direction: number;
  readonly body: number;
  /** A person's Impact armour, or a vehicle's Armor. */
  readonly impact: number;
  /** A vehicle or drone: resists with Body + Armor under the vehicle rules (vehicle-engine.ts). */
  readonly vehicle: boolean;
}

export interface ExplosivePlan {
  readonly attacker: Fighter;
  readonly targets: readonly PlacedTarget[];
  readonly explosive: BlastType;
  readonly kind: ScatterKind;
  readonly sensor: number;
  readonly attackDice: number;
  readonly attackLabel: string;
  readonly attackSteps: readonly ExplainStep[];
  /** The target aimed at (opposed by Reaction), or null for a spot (a Success Test). */
  readonly aimedAt: number | null;
  readonly defenceDice: number;
  readonly defenceLabel: string;
  readonly defenceSteps: readonly ExplainStep[];
  /** Goes off at once (airburst round or link, rockets and missiles) or on the next pass. */
  readonly detonatesNow: boolean;
  readonly armSteps: readonly ExplainStep[];
  readonly rules: ShadowrunRules;
}

export interface BuiltExplosive {
  readonly problems: readonly string[];
  readonly plan: ExplosivePlan | null;
}

function buildExplosive(setup: SetupValues, context: ResolveContext): BuiltExplosive {
  const fields = explosiveFields(context);
  const v = readSetup(fields, explosiveDefaults(context), setup);
  const problems: string[] = [];
  const targetsIn = Array.isArray(context?.targets) ? context.targets : [];
  if (targetsIn.length === 0) problems.push('Choose everyone caught near the intended point.');
  if (targetsIn.length > MAX_BLAST_TARGETS)
    problems.push(`At most ${MAX_BLAST_TARGETS} targets can be placed in one blast; ${targetsIn.length} are chosen.`);
  const ids = targetsIn.map((t) => t?.combatantId).filter((id): id is string => id !== undefined);
  if (new Set(ids).size !== ids.length) problems.push('Someone is chosen twice as a target; choose each once.');

  let attacker: Fighter | null = null;
  let rules: ShadowrunRules | null = null;
  const fighters: (Fighter | null)[] = [];
  const vehicles: (Side | null)[] = [];
  // readSides checks one attacker against one target; it is asked once per target placed.
  const sideContexts = targetsIn.length ? targetsIn.map((t) => ({ ...context, targets: [t] })) : [context];
  for (const sideContext of sideContexts) {
    const sides = readSides(sideContext);
    for (const p of sides.problems)
      if (p !== 'Choose the target.' && !problems.includes(p))
        problems.push(p.replace('cannot be attacked', 'cannot be caught in the blast'));
    attacker ??= sides.attacker;
    rules ??= sides.rules;
    if (targetsIn.length) {
      fighters.push(sides.target);
      vehicles.push(readVehicleTarget(sideContext, problems));
    }
  }
  problems.push(...v.problems);

  const explosive = chosenExplosive(v.choice<string>('explosive'), context, problems);
  const kind = v.choice<ScatterKind>('delivery');
  const def = BLAST_WEAPONS[explosive];
  const rocketWarhead = ROCKETS.includes(explosive);
  const byRocket = kind === 'rocket' || kind === 'missile';
  if (rocketWarhead !== byRocket)
    problems.push(
      rocketWarhead
        ? `A ${def.label} warhead is fired as a rocket or missile; choose Rocket or Missile.`
        : `A ${def.label} is thrown or launched as a grenade; choose a grenade delivery, not a ${SCATTER[kind].label.toLowerCase()}.`,
    );
  const sensor = v.number('sensor');
  if (sensor > 0 && kind !== 'missile')
    problems.push('Only a missile has a Sensor rating; set it to 0 or choose Missile.');
  const armSteps: ExplainStep[] = [];
  if (LAUNCHED.includes(kind)) {
    const arms = launcherArms(v.number('launchDistance'));
    if (arms.armed) armSteps.push(...arms.steps);
    else problems.push(arms.steps[0]!.text);
  }
  const aimedChoice = v.choice<string>('aimedAt');
  const aimedAt = aimedChoice === 'location' ? null : Number(aimedChoice.slice(1));

  if (!attacker || !rules || problems.length || fighters.some((f) => f === null)) return { problems, plan: null };

  // The pool: Agility + skill (a missile: Heavy Weapons + Sensor), the GM's modifiers, wounds.
  const skill = v.number('skill');
  const skillName = THROWN.includes(kind) ? 'Throwing Weapons' : 'Heavy Weapons';
  const attackSteps: ExplainStep[] = [...skillNote(context.attackers[0], skillName, def.label, skill)];
  let base: number;
  let label: string;
  if (kind === 'missile') {
    base = skill + sensor;
    label = `Heavy Weapons ${skill} + Sensor ${sensor}`;
    attackSteps.push(step(`Missile: Heavy Weapons ${skill} + Sensor ${sensor} = ${base}.`, SECTION.explosives));
  } else {
    base = attacker.stats.agility + skill;
    label = `Agility ${attacker.stats.agility} + ${skillName} ${skill}`;
    attackSteps.push(
      step(`Attack pool: Agility ${attacker.stats.agility} + ${skillName} ${skill} = ${base}.`, SECTION.explosives),
    );
  }
  const modifier = v.number('modifier');
  const wounds = attacker.woundModifier;
  if (modifier) attackSteps.push(step(`Attack modifiers: ${signed(modifier)} dice.`, SECTION.resolvingAttack));
  if (wounds)
    attackSteps.push(
      step(
        `Wounds (${attacker.physical} Physical, ${attacker.stun} Stun boxes): ${signed(wounds)} dice.`,
        SECTION.damage,
      ),
    );
  const raw = base + modifier + wounds;
  if (modifier || wounds)
    attackSteps.push(
      step(
        `${base} ${signed(modifier + wounds)} = ${raw < 1 ? `${raw}, so no dice` : plural(raw, 'die', 'dice')}.`,
        SECTION.resolvingAttack,
      ),
    );
  if (raw < 1) problems.push(`The attack pool is ${raw} dice after modifiers: there is nothing to roll.`);
  if (modifier || wounds) label += `, modifiers ${signed(modifier + wounds)}`;

  const targets = fighters.map((fighter, i): PlacedTarget => ({
    fighter: fighter!,
    distance: v.number(targetField(i, 'distance')),
    direction: Number(v.choice<string>(targetField(i, 'direction'))),
    body: vehicles[i] ? vehicleStatOf(v, context, i, 'body') : fighter!.stats.body,
    impact: vehicles[i] ? vehicleStatOf(v, context, i, 'vehicleArmor') : targetStatOf(v, context, i, 'impact'),
    vehicle: vehicles[i] !== null,
  }));

  const defenceSteps: ExplainStep[] = [];
  let defenceDice = 0;
  let defenceLabel = 'none';
  if (aimedAt === null) {
    defenceSteps.push(step('Aimed at a spot: a Success Test, every hit a net hit.', SECTION.explosives));
  } else {
    const target = targets[aimedAt]!.fighter;
    const vehicle = vehicles[aimedAt];
    if (vehicle) {
      const defence = vehicleTargetDefence(v, vehicle, target, 0, '');
      defenceDice = defence.dice;
      defenceSteps.push(...defence.steps);
      defenceLabel = defence.dice ? `${target.name}'s ${defence.label}` : 'none';
    } else if (canDefend(target)) {
      const reaction = targetStatOf(v, context, aimedAt, 'reaction');
      const defence = defensePool({
        attack: 'ranged',
        method: 'reaction',
        reaction,
        modifier: target.woundModifier,
      });
      defenceDice = defence.dice;
      defenceSteps.push(...defence.steps.map((s) => ({ ...s, text: `${target.name}: ${s.text}` })));
      defenceLabel = `${target.name}'s Reaction ${reaction}${target.woundModifier ? `, wounds ${signed(target.woundModifier)}` : ''}`;
    } else {
      defenceSteps.push(noDefenceStep(target));
    }
  }
  if (problems.length) return { problems, plan: null };
  const grenade = !byRocket;
  return {
    problems,
    plan: {
      attacker,
      targets,
      explosive,
      kind,
      sensor,
      attackDice: raw,
      attackLabel: label,
      attackSteps,
      aimedAt,
      defenceDice: Math.max(0, defenceDice),
      defenceLabel,
      defenceSteps,
      detonatesNow: !grenade || kind === 'airburst' || v.flag('airburstLink'),
      armSteps,
      rules,
    },
  };
}

export const buildExplosivePlan = memoizeBySetup(buildExplosive);
