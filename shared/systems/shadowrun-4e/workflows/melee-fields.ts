import type { FieldDef } from '../../../system-kit/workflow';
import type { DefenseMethod } from '../modifiers';
import { SECTION, rule } from '../sections';
import { meleeLine } from '../sheet-weapons';
import { MELEE_WEAPONS } from '../weapons';
import { EXTRA_ATTACK_FIELDS } from './setup';
import { CALLED_SHOTS, MAX_CALLED_SHOT_DV, MELEE_MODIFIERS, VISIBILITY, VISIONS } from './situation';
import type { CalledShot, Visibility, Vision } from './situation';

// The melee attack's setup fields, their limits and defence names.
const MAX_SKILL = 12;
export const MAX_REACH = 3;

type SectionName = (typeof SECTION)[keyof typeof SECTION];
export const seed = (section: SectionName) => rule(section, 'seed');
export const book = (section: SectionName) => rule(section, 'book');

const DEFENCES: Readonly<Record<DefenseMethod, string>> = {
  dodge: 'Dodge + Reaction',
  block: 'Block: Unarmed Combat + Reaction',
  parry: 'Parry: weapon skill + Reaction',
  reaction: 'Reaction only (no skill)',
};

export const FIELDS: readonly FieldDef[] = [
  {
    id: 'weapon',
    kind: 'choice',
    label: 'Weapon',
    group: 'attack',
    common: true,
    rule: book(SECTION.melee),
    options: MELEE_WEAPONS.map((w) => ({
      value: w.id,
      label: w.name,
      hint: meleeLine(w),
    })),
  },
  {
    id: 'skill',
    kind: 'number',
    label: 'Melee skill',
    help: 'Blades, Clubs or Unarmed Combat, as the weapon needs.',
    group: 'attack',
    common: true,
    rule: seed(SECTION.melee),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'calledShot',
    kind: 'choice',
    label: 'Called shot',
    group: 'attack',
    rule: book(SECTION.otherFactors),
    options: (Object.keys(CALLED_SHOTS) as CalledShot[]).map((value) => ({ value, label: CALLED_SHOTS[value] })),
  },
  {
    id: 'calledShotDv',
    kind: 'number',
    label: 'Called shot: extra DV',
    help: 'For a called shot for damage: each +1 DV costs 1 die.',
    group: 'attack',
    rule: book(SECTION.otherFactors),
    min: 1,
    max: MAX_CALLED_SHOT_DV,
  },
  {
    id: 'charging',
    kind: 'flag',
    label: 'Charging (+2)',
    help: 'Running into the attack; the running penalty does not apply.',
    group: 'situation',
    rule: book(SECTION.melee),
  },
  {
    id: 'attackerRunning',
    kind: 'flag',
    label: 'Attacker running (−2)',
    group: 'situation',
    rule: seed(SECTION.movement),
  },
  {
    id: 'superiorPosition',
    kind: 'flag',
    label: 'Superior position (+2)',
    group: 'situation',
    rule: book(SECTION.melee),
  },
  {
    id: 'friendsInMelee',
    kind: 'number',
    label: "Attacker's friends in the melee",
    help: 'Multiple attackers: +1 die per friend engaging the same target, at most +4.',
    group: 'situation',
    rule: book(SECTION.melee),
    min: 0,
    max: MELEE_MODIFIERS.maxFriendsInMelee,
  },
  { id: 'offHand', kind: 'flag', label: 'Off-hand weapon (−2)', group: 'situation', rule: book(SECTION.melee) },
  {
    id: 'visibility',
    kind: 'choice',
    label: 'Visibility',
    group: 'situation',
    rule: book(SECTION.resolvingAttack),
    options: (Object.keys(VISIBILITY) as Visibility[]).map((value) => ({ value, label: VISIBILITY[value].label })),
  },
  {
    id: 'vision',
    kind: 'choice',
    label: "Attacker's vision",
    group: 'situation',
    rule: book(SECTION.resolvingAttack),
    options: (Object.keys(VISIONS) as Vision[]).map((value) => ({ value, label: VISIONS[value] })),
  },
  {
    id: 'defence',
    kind: 'choice',
    label: 'Defence',
    group: 'defence',
    common: true,
    rule: seed(SECTION.melee),
    options: (Object.keys(DEFENCES) as DefenseMethod[]).map((value) => ({ value, label: DEFENCES[value] })),
  },
  {
    id: 'dodge',
    kind: 'number',
    label: "Target's Dodge",
    help: 'Used to dodge, and added on Full Defense.',
    group: 'defence',
    rule: seed(SECTION.melee),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'defenceSkill',
    kind: 'number',
    label: "Target's block or parry skill",
    help: "Unarmed Combat to block, the target's weapon skill to parry.",
    group: 'defence',
    rule: seed(SECTION.melee),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'fullDefense',
    kind: 'flag',
    label: 'Target on Full Defense',
    help: "Adds the target's Dodge to the defence; costs the target an action.",
    group: 'defence',
    rule: seed(SECTION.fullDefense),
  },
  {
    id: 'defenderReach',
    kind: 'number',
    label: "Target's weapon Reach",
    help: 'The longer Reach adds the difference: to the attack, or to the defence.',
    group: 'defence',
    rule: book(SECTION.melee),
    min: 0,
    max: MAX_REACH,
  },
  ...EXTRA_ATTACK_FIELDS,
];
