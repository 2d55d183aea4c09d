import { progressParts } from '../../../shared/encounter/progress';
import { initiativeStandings, trackerOrder } from '../../../shared/encounter/queries';
import { toRulesCombatant, type EncounterState } from '../../../shared/encounter/state';
import { trackFraction, trackUnit } from '../../../shared/encounter/track-text';
import { combatTerms } from '../../../shared/system-kit/rule-system';
import type { HealthView, TrackerRules } from '../../../shared/system-kit/tracker-rules';
import { getSystemProfile } from '../../../shared/systems/profiles';
import { describeResumeOffer } from '../encounters';
import { PREVIEW_ROWS, PREVIEW_TEXT_MAX, START_PREVIEW_VERSION, type StartPreview } from './start-preview';

/** Cut to what the preview keeps, with an ellipsis where it was cut. */
export function previewText(text: string): string {
  return text.length <= PREVIEW_TEXT_MAX ? text : `${text.slice(0, PREVIEW_TEXT_MAX - 1)}…`;
}

/** "Physical 3/11 marked · Stun 0/11 marked · Wounded": the tracks as the row reads them, then the state's word. */
export function healthLine(view: HealthView): string {
  const tracks = view.tracks.map((track) => `${track.label} ${trackFraction(track)}${trackUnit(track)}`);
  return [...tracks, view.stateLabel].filter(Boolean).join(' · ');
}

/**
 * The start preview of an encounter as the tracker shows it now: the resume offer's sentence, the
 * progress line, and the first PREVIEW_ROWS rows of the order (health only for those).
 */
export function buildStartPreview(state: EncounterState, rules: TrackerRules): StartPreview {
  const order = trackerOrder(state, rules);
  const standings = initiativeStandings(state, rules);
  const terms = combatTerms(getSystemProfile(state.systemId));
  const acting = state.current?.combatantId ?? null;
  const rows = order.slice(0, PREVIEW_ROWS).map((combatant) => {
    const health = rules.healthView(toRulesCombatant(combatant), state.toggles);
    return {
      initiative: previewText(standings.get(combatant.id)?.display ?? '–'),
      name: previewText(combatant.name) || '–',
      kind: combatant.kind === 'pc' ? 'PC' : 'NPC',
      health: previewText(healthLine(health)),
      current: combatant.id === acting,
      down: !health.canAct,
    };
  });
  const question = describeResumeOffer({
    id: state.id,
    name: state.name,
    systemId: state.systemId,
    round: state.round,
  });
  return {
    version: START_PREVIEW_VERSION,
    encounterId: state.id,
    question: previewText(question),
    progress: previewText(state.status === 'setup' ? '' : progressParts(state, rules, terms).join(' · ')),
    rows,
    total: order.length,
  };
}
