import type { FieldDef } from '../../../system-kit/workflow';
import { FIRING_MODES, firingModeAction, RANGE_BANDS } from '../modifiers';
import type { FiringMode, RangeBand } from '../modifiers';
import { SECTION, rule } from '../sections';
import { RANGED_WEAPONS } from '../weapons';
import { EXTRA_ATTACK_FIELDS } from './setup';
import { CALLED_SHOTS, COVER, MAX_CALLED_SHOT_DV, VISIBILITY, VISIONS } from './situation';
import type { CalledShot, Cover, Visibility, Vision } from './situation';
import { weaponHint } from './ranged-setup';

// The ranged attack's setup fields, their limits and option hints.
const MAX_SKILL = 12;
const MAX_DISTANCE = 1500;

export const BANDS = Object.keys(RANGE_BANDS) as RangeBand[];

const seed = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'seed');
export const book = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'book');

/**
 * A firing mode's option hint: its letters, bullets and the action it costs. The long burst says
 * where the seed (full-auto fire is Complex) and the book (a Simple Action) part.
 */
export function firingModeHint(mode: FiringMode): string {
  const { weaponMode, bullets } = FIRING_MODES[mode];
  const action = firingModeAction(mode) === 'simple' ? 'a Simple Action' : 'a Complex Action';
  const note = mode === 'long-burst' ? ' (seed: full-auto fire is Complex; the book makes it Simple)' : '';
  return `${weaponMode}, ${bullets} bullet${bullets === 1 ? '' : 's'}, ${action}${note}`;
}

export const FIELDS: readonly FieldDef[] = [
  {
    id: 'weapon',
    kind: 'choice',
    label: 'Weapon',
    group: 'attack',
    common: true,
    rule: book(SECTION.ranged),
    options: RANGED_WEAPONS.map((w) => ({
      value: w.id,
      label: w.name,
      hint: weaponHint(w),
    })),
  },
  {
    id: 'skill',
    kind: 'number',
    label: 'Firearm skill',
    help: 'Pistols, Automatics, Longarms or Heavy Weapons, as the weapon needs.',
    group: 'attack',
    common: true,
    rule: seed(SECTION.resolvingAttack),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'firingMode',
    kind: 'choice',
    label: 'Firing mode',
    help: "Only the weapon's modes (SS, SA, BF, FA) are allowed.",
    group: 'attack',
    rule: seed(SECTION.ranged),
    options: [
      {
        value: 'usual',
        label: "Weapon's usual mode",
        hint: 'Its least automatic mode: SS, else SA, else BF, else FA.',
      },
      ...(Object.keys(FIRING_MODES) as FiringMode[]).map((mode) => ({
        value: mode,
        label: FIRING_MODES[mode].label,
        hint: firingModeHint(mode),
      })),
    ],
  },
  {
    id: 'spread',
    kind: 'choice',
    label: 'Burst',
    help: "Bursts only: narrow adds to the DV, wide takes dice from the defender's pool.",
    group: 'attack',
    rule: seed(SECTION.ranged),
    options: [
      { value: 'narrow', label: 'Narrow (+DV)' },
      { value: 'wide', label: 'Wide (−defence dice)' },
    ],
  },
  {
    id: 'bulletsBefore',
    kind: 'number',
    label: 'Bullets already fired this Action Phase',
    help: 'Recoil: −1 die per bullet after the first, counting this attack, less recoil compensation.',
    group: 'attack',
    rule: book(SECTION.ranged),
    min: 0,
    max: 20,
  },
  {
    id: 'extraRc',
    kind: 'number',
    label: 'Extra recoil compensation',
    help: "Gas vent, shock pad, gyro mount… added to the weapon's own RC.",
    group: 'attack',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'calledShot',
    kind: 'choice',
    label: 'Called shot',
    help: 'A Free Action before firing; not with full-auto fire.',
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
    id: 'range',
    kind: 'choice',
    label: 'Range',
    help: "By distance reads the band from the weapon's range table.",
    group: 'situation',
    common: true,
    rule: book(SECTION.ranged),
    options: [
      { value: 'by-distance', label: 'By distance' },
      ...BANDS.map((band) => ({
        value: band,
        label: `${RANGE_BANDS[band].label} (${RANGE_BANDS[band].modifier === 0 ? '±0' : `−${Math.abs(RANGE_BANDS[band].modifier)}`})`,
      })),
    ],
  },
  {
    id: 'distance',
    kind: 'number',
    label: 'Distance (m)',
    group: 'situation',
    rule: book(SECTION.ranged),
    min: 0,
    max: MAX_DISTANCE,
  },
  {
    id: 'cover',
    kind: 'choice',
    label: 'Target cover',
    group: 'situation',
    common: true,
    rule: book(SECTION.resolvingAttack),
    options: (Object.keys(COVER) as Cover[]).map((value) => ({
      value,
      label: `${COVER[value].label}${COVER[value].modifier ? ` (${COVER[value].modifier})` : ''}`,
    })),
  },
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
    id: 'sight',
    kind: 'choice',
    label: 'Sight',
    help: 'A smartlink and a laser sight do not stack.',
    group: 'situation',
    rule: seed(SECTION.ranged),
    options: [
      { value: 'none', label: 'None' },
      { value: 'smartlink', label: 'Smartlink (+2)' },
      { value: 'laser', label: 'Laser sight (+1)' },
    ],
  },
  {
    id: 'aimedActions',
    kind: 'number',
    label: 'Simple Actions spent aiming',
    group: 'situation',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'attackerRunning',
    kind: 'flag',
    label: 'Attacker running (−2)',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'attackerInMelee',
    kind: 'flag',
    label: 'Attacker in melee (−3)',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'movingVehicle',
    kind: 'flag',
    label: 'Firing from a moving vehicle (−3)',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'blindFire',
    kind: 'flag',
    label: 'Blind fire (−6)',
    help: 'The target cannot be seen at all; replaces the visibility modifier.',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'extraTargets',
    kind: 'number',
    label: 'Other targets attacked this action',
    help: '−2 dice per extra target.',
    group: 'situation',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'fullDefense',
    kind: 'flag',
    label: 'Target on Full Defense',
    help: "Adds the target's Dodge to Reaction; costs the target an action.",
    group: 'defence',
    rule: seed(SECTION.fullDefense),
  },
  {
    id: 'dodge',
    kind: 'number',
    label: "Target's Dodge",
    help: 'Added on Full Defense.',
    group: 'defence',
    rule: book(SECTION.fullDefense),
    min: 0,
    max: MAX_SKILL,
  },
  ...EXTRA_ATTACK_FIELDS,
];
