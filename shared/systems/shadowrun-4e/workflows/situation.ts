/**
 * Situational modifiers the seed names ("cover, movement, wounds, visibility, called shots",
 * "reach, multiple attackers") without giving their sizes; the sizes are the SR4 book's.
 * The seed's own numbers (running, smartlink, recoil…) live in the system's modifiers.ts.
 */

export const COVER = {
  none: { label: 'No cover', modifier: 0 },
  partial: { label: 'Partial cover', modifier: -2 },
  good: { label: 'Good cover', modifier: -4 },
} as const;
export type Cover = keyof typeof COVER;

export const VISIONS = {
  normal: 'Normal vision',
  'low-light': 'Low-light vision',
  thermographic: 'Thermographic vision',
  ultrasound: 'Ultrasound',
} as const;
export type Vision = keyof typeof VISIONS;

/** Visibility modifiers by the attacker's vision: normal, low-light, thermographic, ultrasound. */
export const VISIBILITY = {
  clear: { label: 'Clear', modifiers: [0, 0, 0, 0] },
  'partial-light': { label: 'Partial light', modifiers: [-2, 0, -2, -1] },
  'full-darkness': { label: 'Full darkness', modifiers: [-6, -6, -3, -3] },
  glare: { label: 'Glare', modifiers: [-1, -1, -1, 0] },
  'light-fog': { label: 'Light fog, mist, rain or smoke', modifiers: [-2, -1, 0, -1] },
  'heavy-fog': { label: 'Heavy fog, mist, rain or smoke', modifiers: [-4, -2, -2, -2] },
  'thermal-smoke': { label: 'Thermal smoke', modifiers: [-4, -2, -6, -2] },
} as const satisfies Readonly<
  Record<string, { readonly label: string; readonly modifiers: readonly [number, number, number, number] }>
>;
export type Visibility = keyof typeof VISIBILITY;

const VISION_INDEX: Readonly<Record<Vision, 0 | 1 | 2 | 3>> = {
  normal: 0,
  'low-light': 1,
  thermographic: 2,
  ultrasound: 3,
};

export function visibilityModifier(visibility: Visibility, vision: Vision): number {
  return VISIBILITY[visibility].modifiers[VISION_INDEX[vision]];
}

/** Melee situation modifiers (book). */
export const MELEE_MODIFIERS = {
  charging: 2,
  superiorPosition: 2,
  perFriendInMelee: 1,
  maxFriendsInMelee: 4,
  offHand: -2,
} as const;

/** Every called shot costs this many dice, except past the armour (the armour's rating). */
export const CALLED_SHOT_PENALTY = -4;
export const MAX_CALLED_SHOT_DV = 4;

export const CALLED_SHOTS = {
  none: 'No called shot',
  damage: 'For damage (−1 die per +1 DV, up to 4)',
  armour: "Past the armour (−armour's rating; hits ignore it)",
  disarm: 'Disarm (−4; no damage, DV against Strength)',
} as const;
export type CalledShot = keyof typeof CALLED_SHOTS;
