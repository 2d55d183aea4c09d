import type { ConditionInit, Harm, TrackerRules } from '../../../shared/system-kit/tracker-rules';
import type { Effect, OddsFigure, Participant, ResolveContext } from '../../../shared/system-kit/workflow';

/** "71%"; the extremes say "<1%" and ">99%" rather than round a possibility away. */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '—';
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** A headline figure as the GM reads it: "71%" or "3.4". */
export function formatFigure(figure: OddsFigure): string {
  if (figure.format === 'percent') return formatPercent(figure.value);
  if (!Number.isFinite(figure.value)) return '—';
  return Number.isInteger(figure.value) ? String(figure.value) : figure.value.toFixed(1);
}

/** The participant an effect lands on, or undefined when the index is out of range. */
export function effectParticipant(effect: Pick<Effect, 'on'>, context: ResolveContext): Participant | undefined {
  return context[effect.on.side][effect.on.index];
}

/** "6 Damage (after cover and armour) to the body". */
export function describeHarm(harm: Harm, rules: TrackerRules | null): string {
  const kind = rules?.harmKinds.find((k) => k.id === harm.kind);
  const location = harm.location
    ? (kind?.locations?.find((l) => l.id === harm.location)?.label ?? harm.location)
    : null;
  return `${harm.amount} ${kind?.label ?? harm.kind}${location ? ` (${location})` : ''}`;
}

function describeCondition(condition: ConditionInit): string {
  // A condition that ends with Initiative Passes (Shadowrun's Surprised) counts passes, not rounds.
  const [one, many] = condition.expires === 'pass-end' ? ['pass', 'passes'] : ['round', 'rounds'];
  return condition.rounds ? `${condition.label} (${condition.rounds} ${condition.rounds === 1 ? one : many})` : condition.label;
}

/** One effect in words: "Ganger 2: 6 Physical damage; Stunned (1 round)". */
export function describeEffect(effect: Effect, context: ResolveContext, rules: TrackerRules | null): string {
  const who =
    effectParticipant(effect, context)?.name ??
    `${effect.on.side === 'targets' ? 'Target' : 'Attacker'} ${effect.on.index + 1}`;
  const parts = [
    effect.harm ? describeHarm(effect.harm, rules) : null,
    ...(effect.conditions ?? []).map(describeCondition),
    ...(effect.removeConditions ?? []).map(
      (id) => `no longer ${rules?.conditions?.find((c) => c.id === id)?.label ?? id}`,
    ),
  ].filter((part): part is string => part !== null);
  return `${who}: ${parts.length ? parts.join('; ') : 'no change'}`;
}

/** Names joined for a sentence: "Ghost", "Ghost and Vex", "Ghost, Vex and Kit". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
