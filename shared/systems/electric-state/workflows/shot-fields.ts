import { ARMOR_LEVEL_MAX, RANGE_BANDS, SECTION, WEAPONS, getWeapon, rule, type RangeBand, type Weapon } from './rules';
import type { FieldDef, Participant, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import {
  ARMOUR_AGILITY_HELP,
  ATTACK_MODIFIER_HELP,
  COVER_IDS,
  coverOf,
  SetupReader,
  armourAgilityDefault,
  armourLevelField,
  armourLevelOf,
  coverName,
  defenceLabel,
  rangeLabel,
  armourAgilityField,
  coverField,
  fid,
  forTarget,
  gearDamageField,
  injuryDice,
  isUnaware,
  modifierField,
  rangeField,
  weaponField,
} from './common';
import { DEFENCE_CHOICES, DEFENCE_OPTIONS, FIGHT_BACK_WEAPONS, type DefenceChoice, type ShotSetup } from './shot';

/**
 * The form of an attack roll: the attacker's fields once, the target's fields once per target
 * ("defence.1" when a burst has several), with defaults read from the participants' stats and
 * conditions, and the reader that turns the values into a ShotSetup.
 */

export function attackerFields(
  weapons: readonly Weapon[] | null,
  weaponHelp: string,
  withNetwork: boolean,
): FieldDef[] {
  const fields: FieldDef[] = [
    ...(weapons ? [weaponField('weapon', 'Weapon', weapons, weaponHelp)] : []),
    modifierField('attackModifier', 'Attack dice modifier', 'attack', ATTACK_MODIFIER_HELP),
    armourAgilityField(
      'attackerArmourAgility',
      "Attacker's armour Agility modifier",
      'attack',
      `Applies when the attack rolls Agility. ${ARMOUR_AGILITY_HELP}`,
    ),
    gearDamageField(),
  ];
  if (withNetwork) {
    fields.push({
      kind: 'number',
      id: 'network',
      label: "Neurocaster's Network",
      group: 'extra',
      min: 0,
      max: 10,
      step: 1,
      help: 'The gear bonus of a weapon fired via a neurocaster (●).',
      rule: rule(SECTION.weapons),
    });
  }
  return fields;
}

export function attackerDefaults(context: ResolveContext, weapon: string): SetupValues {
  const a = context.attackers[0];
  return {
    weapon,
    attackModifier: injuryDice(a?.conditionIds),
    attackerArmourAgility: armourAgilityDefault(a),
    gearDamage: 0,
    network: 0,
  };
}

/** Fields about one target: range, ambush, cover, the defence and what it rolls. */
export function targetFields(
  target: Participant | undefined,
  index: number,
  many: boolean,
  opts: { range: boolean; defence: boolean; cover: boolean; armour: boolean },
): FieldDef[] {
  const name = target?.name;
  const id = (base: string) => fid(base, index, many);
  const label = (text: string) => forTarget(text, name, many);
  const fields: FieldDef[] = [];
  if (opts.range) fields.push(rangeField(id('range'), label('Range')));
  fields.push({
    kind: 'flag',
    id: id('ambush'),
    label: label('Ambush: target unaware'),
    group: 'situation',
    help: 'An unaware target must take the hit or stand tall. An ambush into close combat is an Agility roll at −3 dice. You cannot ambush someone already in combat.',
    rule: rule(SECTION.ambushes),
  });
  if (opts.cover) {
    fields.push(
      coverField(
        id('cover'),
        label('Cover'),
        'Against ranged attacks only: roll its Armor Level, each 6 blocks 1 damage (before armour).',
      ),
    );
  }
  if (opts.armour) fields.push(armourLevelField(id('armorLevel'), label("Target's Armor Level")));
  if (opts.defence) {
    fields.push(
      {
        kind: 'choice',
        id: id('defence'),
        label: label("Target's choice"),
        group: 'defence',
        common: true,
        help: 'Chosen before the dice are rolled. A reaction forfeits the target’s next turn.',
        rule: rule(SECTION.closeCombat),
        options: DEFENCE_OPTIONS.map((o) => ({ ...o })),
      },
      {
        kind: 'choice',
        id: id('defenderWeapon'),
        label: label('Weapon fought back with'),
        group: 'defence',
        help: 'Only for a fight-back: Strength plus this weapon’s bonus; its damage if the target wins.',
        rule: rule(SECTION.closeCombat),
        options: FIGHT_BACK_WEAPONS.map((w) => ({ value: w.id, label: w.name })),
      },
      modifierField(
        id('defenceModifier'),
        label("Target's dice modifier"),
        'defence',
        'Added to the fight-back or dodge roll (and the taser’s Strength roll); starts with the serious injuries that hit Strength and Agility.',
      ),
      armourAgilityField(
        id('targetArmourAgility'),
        label("Target's armour Agility modifier"),
        'defence',
        `On a dodge (an Agility roll). ${ARMOUR_AGILITY_HELP}`,
      ),
    );
  }
  return fields;
}

export function targetDefaults(
  target: Participant | undefined,
  index: number,
  many: boolean,
  range: RangeBand,
): SetupValues {
  const id = (base: string) => fid(base, index, many);
  return {
    [id('range')]: range,
    [id('ambush')]: isUnaware(target),
    [id('cover')]: coverOf(target),
    [id('defence')]: 'take-hit',
    [id('defenderWeapon')]: 'unarmed',
    [id('defenceModifier')]: injuryDice(target?.conditionIds),
    [id('targetArmourAgility')]: armourAgilityDefault(target),
    [id('armorLevel')]: armourLevelOf(target),
  };
}

/** The chosen weapon among those offered (the attacker's sheet weapons, then the table's). */
export function readWeapon(r: SetupReader, allowed: readonly Weapon[]): Weapon {
  const id = r.choice(
    'weapon',
    'Weapon',
    allowed.map((w) => w.id),
    (x) => allowed.find((w) => w.id === x)!.name,
  );
  return allowed.find((w) => w.id === id)!;
}

/** Reads one target's part of the form (and the attacker's part) into a ShotSetup. */
export function readShotSetup(r: SetupReader, weapon: Weapon, index: number, many: boolean, name: string): ShotSetup {
  const id = (base: string) => fid(base, index, many);
  const label = (text: string) => forTarget(text, name, many);
  const defence = r.choice<DefenceChoice>(id('defence'), label("Target's choice"), DEFENCE_CHOICES, defenceLabel);
  const defenderWeapon = getWeapon(
    r.choice(
      id('defenderWeapon'),
      label('Weapon fought back with'),
      FIGHT_BACK_WEAPONS.map((w) => w.id),
      (x) => getWeapon(x).name,
    ),
  );
  return {
    weapon,
    range: r.choice<RangeBand>(id('range'), label('Range'), RANGE_BANDS, rangeLabel),
    defence,
    ambush: r.flag(id('ambush'), label('Ambush')),
    attackModifier: r.int('attackModifier', 'Attack dice modifier', -10, 10),
    gearDamage: r.int('gearDamage', 'Weapon bonus lost to earlier pushes', 0, 10),
    network: r.int('network', "Neurocaster's Network", 0, 10),
    attackerArmourAgility: r.int('attackerArmourAgility', "Attacker's armour Agility modifier", -10, 0),
    defenderWeapon,
    defenceModifier: r.int(id('defenceModifier'), label("Target's dice modifier"), -10, 10),
    targetArmourAgility: r.int(id('targetArmourAgility'), label("Target's armour Agility modifier"), -10, 0),
    cover: r.choice(id('cover'), label('Cover'), COVER_IDS, coverName),
    armorLevel: r.int(id('armorLevel'), label("Target's Armor Level"), 0, ARMOR_LEVEL_MAX),
  };
}

/** Weapons that deal damage to one target: not the taser (its own workflow) nor explosives (Blast). */
export const DAMAGE_WEAPONS: readonly Weapon[] = WEAPONS.filter((w) => !w.taser && !w.explosive);
