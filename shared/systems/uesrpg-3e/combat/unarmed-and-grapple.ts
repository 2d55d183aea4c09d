import { RulesError, requireInteger } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { SUCCESS, classifyPacked, critTable, requireTn, resolveTest, type CritProfile, type TestResult } from '../d100';
import { RULES } from '../sections';
import { DEFAULT_TOGGLES, type LuckyOverTn } from '../toggles';
import { describeTest } from './test-wording';

// ---------------------------------------------------------------------------
// Unarmed combat and grappling
// ---------------------------------------------------------------------------

export interface WeaponProfile {
  readonly name: string;
  readonly damage: string;
  readonly dieSides: number;
  readonly rangeMeters: number;
  readonly notes: string;
}

/** Natural weapons everybody has unless a Natural Weapons trait overrides them. */
export const UNARMED: WeaponProfile = {
  name: 'Punches/Kicks',
  damage: '1d4',
  dieSides: 4,
  rangeMeters: 1,
  notes:
    'Cannot be disarmed or enchanted. Unarmed parry and counter-attack only against opponents within your own engagement range.',
};

/** Unarmed damage: the 1d4 face rolled. */
export function unarmedDamage(face: number): number {
  return requireInteger('unarmed damage die (d4)', face, 1, 4);
}

export interface OpposedSide extends CritProfile {
  readonly tn: number;
  readonly roll: number;
}

export interface GrappleInput {
  readonly grappler: OpposedSide;
  /** The target resists with Combat Style, Athletics or Evade. */
  readonly target: OpposedSide;
  /** The grappler's combat style includes unarmed combat. */
  readonly unarmedStyle?: boolean;
  /** How many size steps larger the target is than the grappler (0 or less = same size or smaller). */
  readonly sizeDifference?: number;
}

export interface GrappleResult {
  readonly allowed: boolean;
  readonly restrained: boolean;
  readonly grapplerTn: number;
  readonly grappler: TestResult | null;
  readonly target: TestResult | null;
  readonly steps: ExplainStep[];
}

/**
 * A grapple attempt: opposed Combat Style test (−30 against a larger creature, impossible 2+ sizes larger).
 * On a win the target is Restrained. Opposed: success beats failure, a critical beats a normal success,
 * otherwise more DoS; a tie leaves the target free (our default).
 */
export function resolveGrapple(
  input: GrappleInput,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): GrappleResult {
  const steps: ExplainStep[] = [];
  if (input.unarmedStyle === false) {
    steps.push({ text: 'Only a character with an unarmed Combat Style can grapple.', rule: RULES.grappling });
    return { allowed: false, restrained: false, grapplerTn: input.grappler.tn, grappler: null, target: null, steps };
  }
  const size = requireInteger('sizeDifference', input.sizeDifference ?? 0, -10, 10);
  if (size >= 2) {
    steps.push({ text: 'A creature 2 or more sizes larger cannot be grappled.', rule: RULES.grappling });
    return { allowed: false, restrained: false, grapplerTn: input.grappler.tn, grappler: null, target: null, steps };
  }
  let grapplerTn = requireTn('grappler.tn', input.grappler.tn);
  if (size === 1) {
    grapplerTn -= 30;
    steps.push({ text: `The target is larger: −30 to grapple → TN ${grapplerTn}.`, rule: RULES.grappling });
    requireTn('The grappler TN after the size penalty', grapplerTn);
  }
  const grappler = resolveTest({ ...input.grappler, tn: grapplerTn }, luckyOverTn);
  const target = resolveTest(input.target, luckyOverTn);
  const g = classifyPacked(grappler.roll, grappler.tn, critTable(input.grappler), luckyOverTn);
  const t = classifyPacked(target.roll, target.tn, critTable(input.target), luckyOverTn);
  const winner = opposedWinner(g, t);
  steps.push({
    text: `Grappler ${describeTest(grappler)} against target ${describeTest(target)}: ${
      winner === 1
        ? 'the grappler wins and the target is Restrained'
        : winner === 2
          ? 'the target resists'
          : 'a tie, the target stays free'
    }.`,
    rule: winner === 0 ? RULES.opposedTies : RULES.grappling,
  });
  return { allowed: true, restrained: winner === 1, grapplerTn, grappler, target, steps };
}

/** Winner of an opposed test on packed classifications: 1 first side, 2 second side, 0 nobody. */
export function opposedWinner(a: number, b: number): number {
  const ac = a & 3;
  const bc = b & 3;
  const aS = ac >= SUCCESS;
  const bS = bc >= SUCCESS;
  if (aS && !bS) return 1;
  if (bS && !aS) return 2;
  if (!aS && !bS) return 0;
  if (ac !== bc) return ac > bc ? 1 : 2;
  const ad = a >> 2;
  const bd = b >> 2;
  return ad > bd ? 1 : bd > ad ? 2 : 0;
}

export type GrappleActionKind = 'takedown' | 'move' | 'attack';

export interface GrappleActionInput {
  readonly action: GrappleActionKind;
  /** Grappler's Strength bonus (drag distance). */
  readonly strengthBonus?: number;
  /** Attacking with a weapon rather than unarmed. */
  readonly armed?: boolean;
  /** The weapon's reach in metres (must be 1 or less). */
  readonly weaponRange?: number;
  readonly targetProne?: boolean;
}

export interface GrappleActionResult {
  readonly allowed: boolean;
  readonly apCost: number;
  readonly targetCanDefend: boolean;
  /** Metres both combatants may be dragged (Move). */
  readonly dragMeters?: number;
  /** Unarmed attack on a restrained target drains 1 SP instead of dealing damage. */
  readonly staminaDrain?: number;
  readonly coupDeGrace?: boolean;
  readonly steps: ExplainStep[];
}

/** The grappler's Primary Actions against a Restrained target (1 AP each; the grappler cannot move otherwise). */
export function grappleAction(input: GrappleActionInput): GrappleActionResult {
  const rule = RULES.grappling;
  switch (input.action) {
    case 'takedown':
      return {
        allowed: true,
        apCost: 1,
        targetCanDefend: true,
        steps: [
          {
            text: 'Takedown: both combatants fall Prone; the grappler ignores prone penalties against the target.',
            rule,
          },
        ],
      };
    case 'move': {
      const sb = requireInteger('strengthBonus', input.strengthBonus, 0, 20);
      return {
        allowed: true,
        apCost: 1,
        targetCanDefend: true,
        dragMeters: sb,
        steps: [{ text: `Move: drag both combatants up to SB = ${sb} m.`, rule }],
      };
    }
    case 'attack': {
      if (input.armed === true) {
        const reach = input.weaponRange === undefined ? 1 : requireInteger('weaponRange', input.weaponRange, 0, 100);
        if (reach > 1) {
          return {
            allowed: false,
            apCost: 1,
            targetCanDefend: false,
            steps: [
              {
                text: `A weapon with ${reach} m range is too long: attacks in a grapple need 1 m range or less.`,
                rule,
              },
            ],
          };
        }
        const coup = input.targetProne === true;
        return {
          allowed: true,
          apCost: 1,
          targetCanDefend: false,
          coupDeGrace: coup,
          steps: [
            { text: 'Attack the Restrained target, who cannot defend.', rule },
            ...(coup
              ? [
                  {
                    text: 'The target is Prone and Restrained and the attacker is armed: this may be a Coup de Grace.',
                    rule,
                  },
                ]
              : []),
          ],
        };
      }
      return {
        allowed: true,
        apCost: 1,
        targetCanDefend: false,
        staminaDrain: 1,
        coupDeGrace: false,
        steps: [
          {
            text: 'Unarmed attack on the Restrained target (who cannot defend): drain 1 SP instead of dealing damage.',
            rule,
          },
        ],
      };
    }
    default:
      throw new RulesError(
        'invalid-input',
        `Unknown grapple action "${String((input as { action: unknown }).action)}"; use takedown, move or attack.`,
      );
  }
}
