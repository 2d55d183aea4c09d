import type { OddsView, Participant, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { resolveCombat, type AttackInput, type CombatResult, type DefenseInput } from '../combat';
import type { CritProfile } from '../d100';
import { RULES } from '../sections';
import { readToggles, type LuckyOverTn } from '../toggles';
import { findProblems, attackTn, attackDefenceTn } from './attack-checks';
import { defenceInput, defenceRolls, type TargetNumber } from './exchange-kit';
import { readSetup } from './attack-setup-reading';
import { defenceLabel, type AttackMode, type AttackSetup } from './fields';
import { critProfile } from './participants';
import { preparedOrThrow, type Faces } from './workflow-kit';

// ---------------------------------------------------------------------------------------------
// The prepared attack: everything the stages, the odds and the resolution share
// ---------------------------------------------------------------------------------------------

export interface Prepared {
  readonly s: AttackSetup;
  readonly attacker: Participant;
  readonly target: Participant;
  readonly luckyOverTn: LuckyOverTn;
  readonly attack: TargetNumber;
  /** null when the defender makes no defence test (none chosen, unaware, out of AP). */
  readonly defence: TargetNumber | null;
  readonly attackerCrits: CritProfile;
  readonly targetCrits: CritProfile;
  /** Ranged attacks never gain Advantage, so after a failed one the defence roll decides nothing. */
  readonly noAdvantage: boolean;
}

/**
 * The checked setup: its problems, or everything the stages, odds and resolution share. The panel
 * asks on every keystroke and the stages ask again per roll, so the last few are kept by content
 * (not by object identity: the panel may edit one reactive setup object in place).
 */
interface Checked {
  readonly problems: readonly string[];
  readonly prepared: Prepared | null;
  odds?: OddsView;
}

const CACHE_SIZE = 64;
const checkedCache = new Map<string, Checked>();

function participantKey(p: Participant | undefined): unknown {
  return p && [p.combatantId, p.name, p.kind, p.stats, p.weapons, p.health, p.conditionIds, p.removed];
}

function cacheKey(mode: AttackMode, setup: SetupValues, context: ResolveContext): string | null {
  if (typeof context !== 'object' || context === null) return null;
  if (!Array.isArray(context.attackers) || !Array.isArray(context.targets)) return null;
  return JSON.stringify([
    mode,
    setup,
    context.attackers.map(participantKey),
    context.targets.map(participantKey),
    context.toggles,
  ]);
}

export function checked(mode: AttackMode, setup: SetupValues, context: ResolveContext): Checked {
  const key = cacheKey(mode, setup, context);
  const known = key === null ? undefined : checkedCache.get(key);
  if (known !== undefined) return known;
  const problems = findProblems(mode, setup, context);
  const entry: Checked = { problems, prepared: problems.length === 0 ? prepareChecked(mode, setup, context) : null };
  if (key !== null) {
    if (checkedCache.size >= CACHE_SIZE) checkedCache.delete(checkedCache.keys().next().value!);
    checkedCache.set(key, entry);
  }
  return entry;
}

export function prepare(mode: AttackMode, setup: SetupValues, context: ResolveContext): Prepared {
  return preparedOrThrow(checked(mode, setup, context));
}

/** Builds the prepared attack once the setup has no problems. */
function prepareChecked(mode: AttackMode, setup: SetupValues, context: ResolveContext): Prepared {
  const s = readSetup(mode, setup, context).setup!;
  const attacker = context.attackers[0]!;
  const target = context.targets[0]!;
  return {
    s,
    attacker,
    target,
    luckyOverTn: readToggles(context.toggles).luckyOverTnDegrees,
    attack: attackTn(s, attacker),
    defence: defenceRolls(s) ? attackDefenceTn(s, target) : null,
    attackerCrits: critProfile(attacker),
    targetCrits: critProfile(target),
    noAdvantage: mode === 'ranged',
  };
}

function attackInput(p: Prepared, roll: number): AttackInput {
  return { tn: p.attack.tn, roll, ...p.attackerCrits, ranged: p.s.mode === 'ranged', area: p.s.area };
}

export function attackDefenceInput(p: Prepared, roll: number | undefined): DefenseInput {
  return defenceInput(p.s, p.targetCrits, p.defence, roll);
}

interface Exchange {
  readonly combat: CombatResult;
  /** Steps to show: the combat roll's own, or a shortened set when the defence roll was not needed. */
  readonly steps: ExplainStep[];
}

/** The combat roll on the faces so far (attack and, when it was needed, defence). */
export function exchange(p: Prepared, faces: Faces): Exchange {
  const attackRoll = faces.get('attack')![0]!;
  const defenceRoll = faces.get('defence')?.[0];
  if (p.defence !== null && defenceRoll === undefined) {
    // A failed ranged attack: it misses whatever the defence and no Advantage is at stake.
    const combat = resolveCombat(attackInput(p, attackRoll), { type: 'none' }, p.luckyOverTn);
    return {
      combat: { ...combat, effectiveDefense: p.s.defence },
      steps: [
        combat.steps[0]!,
        {
          text: `A failed attack misses whatever the defence, and a ranged attack gains no Advantage: ${p.target.name} need not roll the ${defenceLabel(p.s.defence)}.`,
          rule: RULES.ranged,
        },
      ],
    };
  }
  const combat = resolveCombat(attackInput(p, attackRoll), attackDefenceInput(p, defenceRoll), p.luckyOverTn);
  return { combat, steps: combat.steps };
}
