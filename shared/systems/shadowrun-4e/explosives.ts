import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import type { DamageType } from './combat';
import { plural, SECTION, signed, step } from './sections';

export type ScatterKind = 'standard' | 'aerodynamic' | 'airburst' | 'launcher' | 'rocket' | 'missile';

export interface ScatterDef {
  readonly label: string;
  /** Number of d6 rolled for the base scatter distance in metres. */
  readonly dice: number;
  /** Metres of scatter removed per net hit. */
  readonly perNetHit: number;
}

export const SCATTER: Readonly<Record<ScatterKind, ScatterDef>> = {
  standard: { label: 'Standard thrown grenade', dice: 1, perNetHit: 1 },
  aerodynamic: { label: 'Aerodynamic grenade', dice: 2, perNetHit: 2 },
  airburst: { label: 'Airburst round', dice: 2, perNetHit: 2 },
  launcher: { label: 'Grenade launcher', dice: 3, perNetHit: 2 },
  rocket: { label: 'Rocket', dice: 4, perNetHit: 2 },
  missile: { label: 'Missile', dice: 4, perNetHit: 2 },
};

export interface ScatterInput {
  readonly kind: ScatterKind;
  /** The summed scatter dice. */
  readonly roll: number;
  readonly netHits: number;
  /** A missile's Sensor rating (ignored for everything else). */
  readonly sensor?: number;
}

export interface ScatterResult {
  /** Metres from the intended point; 0 on a direct hit. */
  readonly distance: number;
  readonly directHit: boolean;
  readonly reduction: number;
  readonly steps: readonly ExplainStep[];
}

function scatterDef(kind: ScatterKind): ScatterDef {
  const def = Object.hasOwn(SCATTER, kind) ? SCATTER[kind] : undefined;
  if (!def)
    throw new RulesError(
      'invalid-input',
      `Unknown scatter kind "${String(kind)}"; use ${Object.keys(SCATTER).join(', ')}.`,
    );
  return def;
}

/** Scatter distance = base roll − (1 m or 2 m) per net hit − (missiles) 1 m per Sensor; ≤ 0 is a direct hit. */
export function scatter(input: ScatterInput): ScatterResult {
  const def = scatterDef(input.kind);
  const roll = requireInteger(`Scatter roll (${def.dice}D6)`, input.roll, def.dice, def.dice * 6);
  const netHits = requireInteger('Net hits', input.netHits, 0, 100);
  const steps: ExplainStep[] = [step(`${def.label}: base scatter ${def.dice}D6 = ${roll} m.`, SECTION.explosives)];
  let reduction = netHits * def.perNetHit;
  if (netHits > 0)
    steps.push(
      step(
        `${plural(netHits, 'net hit', 'net hits')} × ${def.perNetHit} m = −${netHits * def.perNetHit} m.`,
        SECTION.explosives,
      ),
    );
  if (input.sensor !== undefined) {
    const sensor = requireInteger('Sensor', input.sensor, 0, 20);
    if (input.kind === 'missile') {
      reduction += sensor;
      if (sensor > 0) steps.push(step(`Sensor ${sensor}: a further −${sensor} m.`, SECTION.explosives));
    } else {
      steps.push(step('Only missiles use a Sensor rating to cut scatter; it is ignored here.', SECTION.explosives));
    }
  }
  const raw = roll - reduction;
  const directHit = raw <= 0;
  steps.push(
    step(
      directHit
        ? `${roll} − ${reduction} = ${raw < 0 ? `−${-raw}` : raw} m: 0 or less is a direct hit.`
        : `${roll} − ${reduction} = ${raw} m from the intended point (direction 1D6 on the scatter diagram).`,
      SECTION.explosives,
    ),
  );
  return { distance: directHit ? 0 : raw, directHit, reduction, steps };
}

export type BlastType =
  | 'flash-bang'
  | 'flash-pak'
  | 'fragmentation-grenade'
  | 'high-explosive-grenade'
  | 'gas'
  | 'smoke'
  | 'fragmentation-missile'
  | 'high-explosive-missile'
  | 'anti-vehicle-missile';

export interface BlastDef {
  readonly label: string;
  /** Damage Code as printed; null for the Special/Chemical/none rows. */
  readonly dv: number | null;
  readonly damageType: DamageType | null;
  readonly flechette: boolean;
  readonly ap: number | null;
  /** AP against vehicles when it differs. */
  readonly apVsVehicles?: number;
  /** DV lost per metre from the blast point, or null for a fixed radius. */
  readonly falloffPerMeter: number | null;
  /** Fixed blast radius in metres, when the table gives one. */
  readonly radius: number | null;
  /** What the table prints for rows without a numeric damage code. */
  readonly special?: string;
}

export const BLAST_WEAPONS: Readonly<Record<BlastType, BlastDef>> = {
  'flash-bang': {
    label: 'Flash-Bang',
    dv: 6,
    damageType: 'S',
    flechette: false,
    ap: -3,
    falloffPerMeter: null,
    radius: 10,
  },
  'flash-pak': {
    label: 'Flash-Pak',
    dv: null,
    damageType: null,
    flechette: false,
    ap: null,
    falloffPerMeter: null,
    radius: null,
    special: 'Special',
  },
  'fragmentation-grenade': {
    label: 'Fragmentation (grenade)',
    dv: 12,
    damageType: 'P',
    flechette: true,
    ap: 5,
    falloffPerMeter: 1,
    radius: null,
  },
  'high-explosive-grenade': {
    label: 'High Explosive (grenade)',
    dv: 10,
    damageType: 'P',
    flechette: false,
    ap: -2,
    falloffPerMeter: 2,
    radius: null,
  },
  gas: {
    label: 'Gas',
    dv: null,
    damageType: null,
    flechette: false,
    ap: null,
    falloffPerMeter: null,
    radius: 10,
    special: 'Chemical',
  },
  smoke: {
    label: 'Smoke / Thermal Smoke',
    dv: null,
    damageType: null,
    flechette: false,
    ap: null,
    falloffPerMeter: null,
    radius: 10,
    special: 'No damage',
  },
  'fragmentation-missile': {
    label: 'Fragmentation (rocket/missile)',
    dv: 16,
    damageType: 'P',
    flechette: true,
    ap: 5,
    falloffPerMeter: 1,
    radius: null,
  },
  'high-explosive-missile': {
    label: 'High Explosive (rocket/missile)',
    dv: 14,
    damageType: 'P',
    flechette: false,
    ap: -2,
    falloffPerMeter: 2,
    radius: null,
  },
  'anti-vehicle-missile': {
    label: 'Anti-Vehicle (rocket/missile)',
    dv: 16,
    damageType: 'P',
    flechette: false,
    ap: -2,
    apVsVehicles: -6,
    falloffPerMeter: 4,
    radius: null,
  },
};

export interface BlastInput {
  readonly type: BlastType;
  /** Whole metres from the blast point. */
  readonly distance: number;
  /** The target is a vehicle (anti-vehicle warheads use AP −6). */
  readonly vsVehicle?: boolean;
}

export interface BlastResult {
  readonly dv: number;
  readonly damageType: DamageType;
  readonly ap: number;
  readonly flechette: boolean;
  /** False once the DV has fallen to 0 or the target is outside the radius. */
  readonly affected: boolean;
  readonly steps: readonly ExplainStep[];
}

/** The Damage Value, type and AP of a blast at a distance: DV falls off per metre, or a fixed radius. */
export function blast(input: BlastInput): BlastResult {
  const def = Object.hasOwn(BLAST_WEAPONS, input.type) ? BLAST_WEAPONS[input.type] : undefined;
  if (!def)
    throw new RulesError(
      'invalid-input',
      `Unknown blast type "${String(input.type)}"; use ${Object.keys(BLAST_WEAPONS).join(', ')}.`,
    );
  const distance = requireInteger('Distance (whole metres)', input.distance, 0, 1000);
  if (def.dv === null || def.damageType === null || def.ap === null) {
    throw new RulesError(
      'not-allowed',
      `${def.label} has no Damage Value to fall off (${def.special}); see the blast table.`,
      { type: input.type },
    );
  }
  const vsVehicle = input.vsVehicle === true;
  const ap = vsVehicle && def.apVsVehicles !== undefined ? def.apVsVehicles : def.ap;
  const steps: ExplainStep[] = [];
  let dv: number;
  if (def.falloffPerMeter !== null) {
    dv = Math.max(0, def.dv - def.falloffPerMeter * distance);
    steps.push(
      step(
        `${def.label}: ${def.dv}${def.damageType}${def.flechette ? '(f)' : ''} − ${def.falloffPerMeter} DV per metre × ${distance} m = ${dv}${dv === 0 ? ' (no damage)' : ''}.`,
        SECTION.explosives,
      ),
    );
  } else {
    const radius = def.radius ?? 0;
    dv = distance <= radius ? def.dv : 0;
    steps.push(
      step(
        distance <= radius
          ? `${def.label}: ${def.dv}${def.damageType} to everyone within ${radius} m (${distance} m away).`
          : `${def.label}: ${distance} m is outside the ${radius} m radius, no damage.`,
        SECTION.explosives,
      ),
    );
  }
  steps.push(
    step(
      `AP ${signed(ap)}${vsVehicle && def.apVsVehicles !== undefined ? ' against vehicles' : ''} applies to Impact armour; resist with Body + Impact armour after AP.`,
      SECTION.explosives,
    ),
  );
  return { dv, damageType: def.damageType, ap, flechette: def.flechette, affected: dv > 0, steps };
}

/** Grenade launchers: mini-grenades arm only after 5 m; closer they do not go off. */
export const LAUNCHER_MINIMUM_RANGE = 5;

export function launcherArms(distance: number): { readonly armed: boolean; readonly steps: readonly ExplainStep[] } {
  requireInteger('Distance (whole metres)', distance, 0, 100000);
  const armed = distance >= LAUNCHER_MINIMUM_RANGE;
  return {
    armed,
    steps: [
      step(
        armed
          ? `${distance} m is at least the 5 m minimum: the grenade arms.`
          : `${distance} m is inside the 5 m minimum range: the mini-grenade does not arm (disarming the safety is an Armorer + Logic (4, 10 minutes) Extended Test).`,
        SECTION.explosives,
      ),
    ],
  };
}

/** A thrown or launched grenade goes off on the thrower's next Initiative Pass, or at once with an airburst link. */
export function detonationTiming(airburstLink: boolean): {
  readonly when: 'next-pass' | 'immediately';
  readonly steps: readonly ExplainStep[];
} {
  const when = airburstLink ? 'immediately' : 'next-pass';
  return {
    when,
    steps: [
      step(
        airburstLink
          ? 'Airburst link: it detonates immediately.'
          : "It detonates on the thrower's next Initiative Pass.",
        SECTION.explosives,
      ),
    ],
  };
}
