// Attacks (seed: Attacking & Damage; gear tags from the book): several attackers on one target, a
// blast on several, and ammunition. The dice, Cover and Aim live in files of their own and are
// re-exported here, so everything combat is still one import.
import { RulesError, describe, requireFaces, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { cappedProtection } from './derived';
import { SECTIONS, plural, step } from './rules';
import { coverTierOf, coverValue, type CoverTier } from './cover';
import { MAX_FACE, requireDieSize, type DieSize } from './damage-dice';

export * from './aim';
export * from './cover';
export * from './damage-dice';

/** Gear tags (book, RULES-NOTES §4). */
export interface WeaponTags {
  /** Ignores Armor (Cover still counts). */
  readonly piercing?: boolean;
  /** Lowers the target's Armor by 1 when it deals damage. */
  readonly shred?: boolean;
  /** Rolls damage separately for each target (see resolveBlast). */
  readonly blast?: boolean;
  /** Discard 1 Ammo after every attack (see ammoAfterAttack). */
  readonly reload?: boolean;
}

/** One rolled damage die of one weapon. */
export interface RolledDie {
  readonly face: number;
  /** The die rolled (after Edges/Impaired); needed for Aim and checks the face. */
  readonly sides?: DieSize;
  readonly weapon?: string;
  readonly tags?: WeaponTags;
  /** Aimed last turn at this target (and it stayed in sight): the die deals its maximum. */
  readonly aimed?: boolean;
}

/** One attacker: one die, or two when dual-wielding (keep the higher). */
export interface AttackerRoll {
  readonly id?: string;
  readonly dice: readonly RolledDie[];
}

/** 'every-4-plus' (default): every other result of 4+ is discarded for +1. 'none': nobody assists. */
export type AssistRule = 'every-4-plus' | 'none';
export const ASSIST_THRESHOLD = 4;

export interface AttackInput {
  readonly attackers: readonly AttackerRoll[];
  readonly cover?: CoverTier | number;
  readonly armor?: number;
  /** Treat every weapon as piercing (the conformance `piercing` flag). */
  readonly piercing?: boolean;
  readonly assists?: AssistRule;
}

export type AttackerRole = 'kept' | 'assist' | 'unused';

export interface AttackerOutcome {
  readonly index: number;
  readonly id: string | null;
  /** The attacker's result: its die, or the higher of its two dual-wield dice. */
  readonly result: number;
  /** Which of its dice gave the result (0 or 1). */
  readonly die: number;
  readonly weapon: string | null;
  readonly role: AttackerRole;
}

export interface AttackResult {
  /** The highest result, which is kept and whose source applies its effects. */
  readonly kept: number;
  readonly keptAttacker: number;
  readonly keptWeapon: string | null;
  readonly assists: number;
  /** Kept result + assists, before Cover and Armor. */
  readonly total: number;
  readonly cover: number;
  readonly armor: number;
  /** The kept die ignores Armor (piercing). */
  readonly piercing: boolean;
  readonly damage: number;
  /** The kept die has shred and dealt damage: the target's Armor drops by 1. */
  readonly shred: boolean;
  readonly armorAfter: number;
  readonly attackers: readonly AttackerOutcome[];
  readonly steps: ExplainStep[];
}

/** Cover first, then Armor (unless piercing), never below 0. */
export function applyProtection(total: number, cover: number, armor: number, piercing: boolean): number {
  const afterCover = Math.max(0, total - cover);
  return Math.max(0, afterCover - (piercing ? 0 : armor));
}

function dieValue(die: RolledDie, where: string): number {
  const sides = die.sides === undefined ? undefined : requireDieSize(`${where} sides`, die.sides);
  const face = requireFaces(`${where} face`, [die.face], sides ?? MAX_FACE)[0]!;
  if (die.aimed) {
    if (sides === undefined) {
      throw new RulesError('invalid-input', `${where} is aimed, so its die size is needed to deal maximum damage.`);
    }
    return sides;
  }
  return face;
}

/** Preference between equal results: a piercing source, then a shredding one, then the first. */
function effectRank(tags: WeaponTags | undefined, globalPiercing: boolean): number {
  return (globalPiercing || tags?.piercing ? 2 : 0) + (tags?.shred ? 1 : 0);
}

/**
 * All attackers on one foe: each rolls (dual wield keeps the higher die), the highest result is
 * kept, every other result of 4+ is discarded for +1 (default), then Cover and Armor are
 * subtracted (never below 0) and the kept die's source applies its effects.
 */
export function resolveAttack(input: AttackInput): AttackResult {
  if (!Array.isArray(input.attackers) || input.attackers.length === 0) {
    throw new RulesError('invalid-input', 'An attack needs at least one attacker.');
  }
  const cover = coverValue(input.cover);
  const armorCap = cappedProtection('Armor', input.armor ?? 0);
  const armor = armorCap.value;
  const allPiercing = input.piercing ?? false;
  const rule: AssistRule = input.assists ?? 'every-4-plus';
  const steps: ExplainStep[] = [];

  // Step 1: every attacker's result (dual wield keeps the higher die).
  const results = input.attackers.map((attacker, index) => {
    const name = attacker.id ?? `attacker ${index + 1}`;
    const dice: readonly RolledDie[] = attacker.dice;
    if (!Array.isArray(dice) || dice.length < 1 || dice.length > 2) {
      throw new RulesError(
        'invalid-input',
        `${name} must roll one damage die, or two when dual-wielding; got ${Array.isArray(dice) ? dice.length : describe(dice)}.`,
      );
    }
    const values = attacker.dice.map((die: RolledDie, d: number) => dieValue(die, `${name} die ${d + 1}`));
    let best = 0;
    for (let d = 1; d < values.length; d++) {
      const better =
        values[d]! > values[best]! ||
        (values[d] === values[best] &&
          effectRank(attacker.dice[d]!.tags, allPiercing) > effectRank(attacker.dice[best]!.tags, allPiercing));
      if (better) best = d;
    }
    const kept = attacker.dice[best]!;
    const faces = attacker.dice.map((die: RolledDie, d: number) =>
      die.aimed ? `${values[d]} (aimed: maximum)` : String(values[d]),
    );
    steps.push(
      step(
        values.length === 2
          ? `${name} dual-wields: rolled ${faces.join(' and ')}, keeps the higher, ${values[best]}.`
          : `${name} rolls ${faces[0]}${kept.weapon ? ` with ${kept.weapon}` : ''}.`,
        values.length === 2 || kept.aimed ? SECTIONS.modifiers : SECTIONS.attacking,
      ),
    );
    return { index, id: attacker.id ?? null, result: values[best]!, die: best, source: kept };
  });

  // Step 3 first: the highest result is kept. Ties: the source whose effects help most, then the first.
  const highest = Math.max(...results.map((r) => r.result));
  const damageIfKept = (r: (typeof results)[number]) => {
    const others = results.filter((o) => o !== r && rule === 'every-4-plus' && o.result >= ASSIST_THRESHOLD).length;
    return applyProtection(r.result + others, cover, armor, allPiercing || (r.source.tags?.piercing ?? false));
  };
  let keptIndex = -1;
  for (const r of results) {
    if (r.result !== highest) continue;
    if (keptIndex < 0) {
      keptIndex = r.index;
      continue;
    }
    const current = results[keptIndex]!;
    const dr = damageIfKept(r) - damageIfKept(current);
    if (dr > 0 || (dr === 0 && effectRank(r.source.tags, allPiercing) > effectRank(current.source.tags, allPiercing))) {
      keptIndex = r.index;
    }
  }
  const keptResult = results[keptIndex]!;

  // Step 2: assists.
  const attackers: AttackerOutcome[] = results.map((r) => ({
    index: r.index,
    id: r.id,
    result: r.result,
    die: r.die,
    weapon: r.source.weapon ?? null,
    role:
      r.index === keptIndex ? 'kept' : rule === 'every-4-plus' && r.result >= ASSIST_THRESHOLD ? 'assist' : 'unused',
  }));
  const assists = attackers.filter((a) => a.role === 'assist').length;
  const keptName = keptResult.id ?? `attacker ${keptIndex + 1}`;
  if (results.length > 1) {
    const tied = results.filter((r) => r.result === highest).length;
    if (rule === 'none') {
      steps.push(step('Assists are off: no other result is discarded for +1 damage.', SECTIONS.attacking, 'default'));
    } else {
      steps.push(
        step(
          `Assist: ${assists === 0 ? 'no other result is 4 or more' : `${plural(assists, 'other result')} of 4 or more ${assists === 1 ? 'is' : 'are'} discarded for +${assists} damage`}${tied > 1 && highest >= ASSIST_THRESHOLD ? ` (${highest} was rolled ${tied} times: one is kept, ${tied === 2 ? 'the other assists' : 'the others assist'})` : ''}.`,
          SECTIONS.attacking,
        ),
      );
    }
  }
  const total = highest + assists;
  steps.push(
    step(
      `The highest result is ${highest} (${keptName})${assists ? `, +${assists} from assists = ${total}` : ''}.`,
      SECTIONS.attacking,
    ),
  );

  // Step 4: Cover, then Armor.
  const piercing = allPiercing || (keptResult.source.tags?.piercing ?? false);
  const afterCover = Math.max(0, total - cover);
  if (cover > 0) {
    steps.push(
      step(
        `${coverTierOf(cover) === 'heavy' ? 'Heavy' : 'Light'} Cover subtracts ${cover}: ${afterCover}.`,
        SECTIONS.cover,
      ),
    );
  }
  const damage = applyProtection(total, cover, armor, piercing);
  steps.push(...armorCap.steps);
  if (armor > 0) {
    steps.push(
      piercing
        ? step(`The kept die is piercing and ignores the target's ${armor} Armor.`, SECTIONS.gearTags, 'book')
        : step(
            `Armor subtracts ${armor}: ${damage}${afterCover - armor < 0 ? ' (never below 0)' : ''}.`,
            SECTIONS.armor,
          ),
    );
  }

  // Step 5: damage and effects of the kept die's source.
  const shred = (keptResult.source.tags?.shred ?? false) && damage > 0;
  const armorAfter = shred ? Math.max(0, armor - 1) : armor;
  steps.push(step(`The attack deals ${damage} damage to Stamina.`, SECTIONS.attacking));
  if (shred) {
    steps.push(step(`Shred: the target's Armor drops from ${armor} to ${armorAfter}.`, SECTIONS.gearTags, 'book'));
  } else if (keptResult.source.tags?.shred) {
    steps.push(step('Shred has no effect: the attack dealt no damage.', SECTIONS.gearTags, 'book'));
  }
  return {
    kept: highest,
    keptAttacker: keptIndex,
    keptWeapon: keptResult.source.weapon ?? null,
    assists,
    total,
    cover,
    armor,
    piercing,
    damage,
    shred,
    armorAfter,
    attackers,
    steps,
  };
}

export interface BlastTarget {
  readonly id: string;
  /** This target's own damage die (blast rolls separately per target). */
  readonly face: number;
  readonly cover?: CoverTier | number;
  readonly armor?: number;
}

export interface BlastInput {
  readonly sides?: DieSize;
  readonly weapon?: string;
  readonly tags?: WeaponTags;
  readonly targets: readonly BlastTarget[];
}

/** Blast: damage is rolled separately for each target; each target's Cover and Armor apply. */
export function resolveBlast(input: BlastInput): {
  targets: { id: string; result: AttackResult }[];
  steps: ExplainStep[];
} {
  if (!Array.isArray(input.targets) || input.targets.length === 0) {
    throw new RulesError('invalid-input', 'A blast needs at least one target.');
  }
  const ids = new Set<string>();
  const targets = input.targets.map((target) => {
    if (ids.has(target.id)) throw new RulesError('invalid-input', `Target "${target.id}" is listed twice.`);
    ids.add(target.id);
    const die: RolledDie = { face: target.face, sides: input.sides, weapon: input.weapon, tags: input.tags };
    return {
      id: target.id,
      result: resolveAttack({
        attackers: [{ id: input.weapon, dice: [die] }],
        cover: target.cover,
        armor: target.armor,
      }),
    };
  });
  return {
    targets,
    steps: [
      step(
        `Blast: damage was rolled separately for each of ${plural(targets.length, 'target')}.`,
        SECTIONS.gearTags,
        'book',
      ),
    ],
  };
}

/** The reload tag: discard 1 Ammo after every attack. */
export function ammoAfterAttack(
  ammo: number,
  tags: WeaponTags | undefined,
): { ammo: number; discarded: number; steps: ExplainStep[] } {
  const have = requireInteger('Ammo', ammo, 0, 999);
  if (!tags?.reload) {
    return {
      ammo: have,
      discarded: 0,
      steps: [step('Ammo is normally only tracked after combat (reload check).', SECTIONS.ranged)],
    };
  }
  if (have === 0) {
    throw new RulesError(
      'not-allowed',
      'This weapon has the reload tag and no Ammo is left to discard: it cannot attack.',
    );
  }
  return {
    ammo: have - 1,
    discarded: 1,
    steps: [step(`Reload tag: 1 Ammo is discarded after the attack (${have - 1} left).`, SECTIONS.ammo)],
  };
}
