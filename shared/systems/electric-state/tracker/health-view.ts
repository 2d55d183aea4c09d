// Health: what the tracker row shows of one combatant (tracks, state word, modifiers, markers).
import type { HealthSeverity, HealthView, RulesCombatant } from '../../../system-kit/tracker-rules';
import { DEATH_ROLL_FAILURES_TO_DIE, DEATH_ROLL_SIXES_TO_STABILIZE, type DeathRollTracker } from '../health';
import { plural } from '../sections';
import { load } from './combatant-status';
import { injuriesOf } from './conditions';

/** The dying character's row: how many death rolls so far, and how far each way out they are. */
function deathRollTally(t: DeathRollTracker): string {
  return `Death rolls: ${plural(t.rollsCounted, 'roll', 'rolls')} made — ${plural(t.sixes, 'six', 'sixes')} of ${DEATH_ROLL_SIXES_TO_STABILIZE}, ${plural(t.failedRolls, 'failed roll', 'failed rolls')} of ${DEATH_ROLL_FAILURES_TO_DIE}`;
}

export function healthView(combatant: RulesCombatant): HealthView {
  const { s, h, status } = load(combatant);
  const modifiers: string[] = [];
  const markers: string[] = [];
  if (status.incapacitated) {
    modifiers.push('Incapacitated: can crawl (one move per turn) and mumble; no attribute rolls or talents.');
  }
  for (const injury of injuriesOf(combatant)) modifiers.push(`${injury.injury}: ${injury.effect}.`);
  if (s.armor > 0) modifiers.push(`Armor Level ${s.armor}: roll ${plural(s.armor, 'die', 'dice')} against each hit.`);
  if (h.deathRolls && status.dying) markers.push(deathRollTally(h.deathRolls));
  if (status.injuryRollDue) markers.push('Serious injury roll due (D66)');

  let stateLabel: string;
  let severity: HealthSeverity;
  if (status.dead) {
    stateLabel =
      h.killedBy === 'instant-kill'
        ? 'Dead (killed outright)'
        : h.killedBy === 'death-rolls'
          ? 'Dead (failed death rolls)'
          : 'Dead';
    severity = 'dead';
  } else if (status.incapacitated) {
    stateLabel = status.dying ? 'Incapacitated, making death rolls' : 'Incapacitated, Stabilized';
    severity = 'down';
  } else {
    stateLabel = status.dying ? 'Rallied, still making death rolls' : h.health < status.maxHealth ? 'Hurt' : 'Unhurt';
    severity = status.dying || h.health < status.maxHealth ? 'hurt' : 'ok';
  }
  const tracks: HealthView['tracks'][number][] = [
    // A value above the sheet (stats edited mid-fight) still fits its track.
    { id: 'health', label: 'Health', current: h.health, max: Math.max(status.maxHealth, h.health), style: 'pips' },
  ];
  if (combatant.kind === 'pc' && h.hope !== null) {
    tracks.push({ id: 'hope', label: 'Hope', current: h.hope, max: Math.max(status.maxHope, h.hope), style: 'pips' });
  }
  return { tracks, stateLabel, severity, modifiers, markers, canAct: status.canAct };
}
