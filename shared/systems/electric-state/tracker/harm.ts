// Health: a new combatant's health, and harm and healing applied to it.
import type {
  CombatantKind,
  Harm,
  HarmKind,
  HarmOutcome,
  HealthState,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import { derivedStats } from '../derived';
import {
  DEATH_ROLL_FAILURES_TO_DIE,
  DEATH_ROLL_SIXES_TO_STABILIZE,
  NEW_DEATH_ROLLS,
  applyDamage,
  changeHope,
  healHealth,
  restartDeathRollsAfterDamage,
  stabilize,
  stabilizeTracker,
  type DeathRollTracker,
} from '../health';
import { SECTION, plural, step } from '../sections';
import { load, options, requireKind } from './combatant-status';
import { asState, type ElectricStateHealth } from './health-record';
import { readElectricStateStats } from './stat-block';

export function initialHealth(stats: Stats, kind: CombatantKind): HealthState {
  requireKind(kind, 'A combatant');
  const s = readElectricStateStats(stats);
  const d = derivedStats(s);
  if (kind === 'npc' && s.hopeLost > 0) {
    throw new RulesError('invalid-input', 'NPCs have no Hope: leave "Hope already lost" at 0 for an NPC.');
  }
  const health: ElectricStateHealth = {
    health: d.maxHealth,
    hope: kind === 'pc' ? d.maxHope - s.hopeLost : null,
    dead: false,
    killedBy: null,
    deathRolls: null,
    lastDeathRollRound: null,
    injuryDue: false,
    downs: 0,
  };
  return asState(health);
}

export const HARM_KINDS: readonly HarmKind[] = [
  { id: 'damage', label: 'Damage (after cover and armour)', healing: false },
  { id: 'hope-loss', label: 'Hope lost', healing: false },
  { id: 'heal', label: 'Heal Health (a rally: 1 per 6 rolled)', healing: true },
  { id: 'stabilize', label: "Stabilize (6s on a Medic's Wits roll)", healing: true },
  { id: 'hope-gain', label: 'Hope regained', healing: true },
];

export function applyHarm(combatant: RulesCombatant, harm: Harm, toggles: ToggleValues): HarmOutcome {
  const { h, status } = load(combatant);
  const opts = options(toggles);
  if (typeof harm !== 'object' || harm === null) {
    throw new RulesError('invalid-input', `Harm must be an object with a kind and an amount, got ${describe(harm)}.`);
  }
  const kind = HARM_KINDS.find((k) => k.id === harm.kind);
  if (!kind) {
    throw new RulesError(
      'invalid-input',
      `Unknown harm ${describe(harm.kind)}; Electric State takes ${HARM_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
  if (harm.location !== undefined) {
    throw new RulesError('invalid-input', `${kind.label} takes no location; Electric State has no hit locations.`);
  }
  const amount = requireInteger(kind.label, harm.amount, 0, 1000);
  const name = combatant.name;
  // Stats edited mid-fight can lower max Health below what is left: the new maximum wins.
  const current = Math.min(h.health, status.maxHealth);

  switch (kind.id) {
    case 'damage': {
      if (status.dead) {
        return { health: asState(h), steps: [step(`${name} is already dead.`, SECTION.damageHealth)] };
      }
      const r = applyDamage({ health: current, maxHealth: status.maxHealth, damage: amount }, opts);
      const steps: ExplainStep[] = [...r.steps];
      let next: ElectricStateHealth = { ...h, health: r.health };
      if (r.instantKill) {
        next = { ...next, dead: true, killedBy: 'instant-kill', injuryDue: false };
      } else if (r.state === 'incapacitated' && current > 0) {
        // A new Incapacitation; death rolls still running from a rally restart like any new damage.
        const deathRolls =
          h.deathRolls?.state === 'dying' ? restartDeathRollsAfterDamage(h.deathRolls, amount, opts) : NEW_DEATH_ROLLS;
        next = { ...next, deathRolls, injuryDue: true, downs: h.downs + 1 };
        if (deathRolls !== NEW_DEATH_ROLLS) steps.push(deathRollsNow(deathRolls, 'The death rolls restart'));
      } else if (r.deathRollsRestart) {
        const deathRolls = restartDeathRollsAfterDamage(h.deathRolls ?? NEW_DEATH_ROLLS, amount, opts);
        next = { ...next, deathRolls };
        steps.push(deathRollsNow(deathRolls, 'Death rolls now'));
      }
      if (opts.instantKill === 'before-armor' && !r.instantKill && amount > 0) {
        const threshold = 2 * status.maxHealth;
        steps.push(
          step(
            `Instant kill is judged before armour here, but only the damage after armour was entered: if this hit was ${threshold} or more before cover and armour, it killed ${name} outright — enter a hit of ${threshold} to record that.`,
            SECTION.damageHealth,
            'default',
          ),
        );
      }
      return { health: asState(next), steps };
    }
    case 'heal': {
      if (status.dead) throw new RulesError('not-allowed', `${name} is dead: Health cannot be restored.`);
      const r = healHealth({
        health: current,
        maxHealth: status.maxHealth,
        amount,
        deathRolls: h.deathRolls?.state,
      });
      return { health: asState({ ...h, health: r.health }), steps: r.steps };
    }
    case 'stabilize': {
      if (!status.dying) {
        throw new RulesError(
          'not-allowed',
          `${name} is not making death rolls: only a dying character can be stabilized.`,
        );
      }
      // The tracker hands over the 6s counted, not the Medic's faces; the package needs faces.
      const r = stabilize({ medic: true, witsDice: Array.from({ length: amount }, () => 6) });
      const deathRolls = r.success && h.deathRolls ? stabilizeTracker(h.deathRolls) : h.deathRolls;
      const steps = [...r.steps];
      if (r.success && h.injuryDue) steps.push(injuryDueStep());
      return { health: asState({ ...h, deathRolls }), steps };
    }
    default: {
      // hope-loss / hope-gain
      if (combatant.kind !== 'pc' || h.hope === null) {
        throw new RulesError('not-allowed', `${name} has no Hope: only player characters have Hope.`);
      }
      const r = changeHope({
        hope: Math.min(h.hope, status.maxHope),
        maxHope: status.maxHope,
        change: kind.id === 'hope-loss' ? -amount : amount,
      });
      return { health: asState({ ...h, hope: r.hope }), steps: r.steps };
    }
  }
}

function deathRollsNow(t: DeathRollTracker, lead: string): ExplainStep {
  return step(
    `${lead}: ${plural(t.sixes, 'six', 'sixes')} of ${DEATH_ROLL_SIXES_TO_STABILIZE}, ${plural(t.failedRolls, 'failed roll', 'failed rolls')} of ${DEATH_ROLL_FAILURES_TO_DIE}.`,
    SECTION.rallying,
    'default',
  );
}

export function injuryDueStep(): ExplainStep {
  return step(
    'Incapacitated and survived: roll on the Serious Injuries table (D66, first die tens, second units).',
    SECTION.seriousInjuries,
  );
}
