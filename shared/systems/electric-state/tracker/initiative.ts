// Initiative: side against side, D6 + the side's highest Wits (seed: Round Structure)
import type {
  InitiativeEntry,
  InitiativeOrder,
  InitiativeParticipant,
  RulesCombatant,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { checkD6 } from '../dice';
import { sideInitiative, sideInitiativeTotal } from '../initiative';
import { SECTION, plural, step } from '../sections';
import { load } from './combatant-status';

export function participants(
  combatants: readonly RulesCombatant[],
  sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!Array.isArray(combatants) || !Array.isArray(sides)) {
    throw new RulesError('invalid-input', 'Initiative needs the list of combatants and the list of sides.');
  }
  const known = new Set<string>();
  for (const side of sides) {
    if (known.has(side.id)) throw new RulesError('invalid-input', `Two sides share the id "${side.id}".`);
    known.add(side.id);
  }
  for (const c of combatants) {
    if (!known.has(c.side)) {
      throw new RulesError(
        'invalid-input',
        `${c.name} is on side "${c.side}", which is not one of the encounter's sides.`,
      );
    }
  }
  return sides
    .map((side) => ({ id: side.id, label: side.name, members: combatants.filter((c) => c.side === side.id) }))
    .filter((p) => p.members.length > 0);
}

export function requireParticipant(participant: InitiativeParticipant): InitiativeParticipant {
  if (typeof participant !== 'object' || participant === null || !Array.isArray(participant.members)) {
    throw new RulesError('invalid-input', `An initiative participant must have members, got ${describe(participant)}.`);
  }
  if (participant.members.length === 0) {
    throw new RulesError('invalid-input', `${participant.label} has nobody in the fight: it rolls no initiative.`);
  }
  for (const m of participant.members) {
    if (m.side !== participant.id) {
      throw new RulesError(
        'invalid-input',
        `${m.name} is not on ${participant.label}: sides roll initiative for their own.`,
      );
    }
  }
  return participant;
}

/** The side's highest Wits, among members still able to act (everyone, if nobody is). */
function highestWits(participant: InitiativeParticipant): { wits: number; who: string } {
  const loaded = participant.members.map((c) => ({ c, ...load(c) }));
  const able = loaded.filter((x) => x.status.canAct);
  let best: { wits: number; who: string } | null = null;
  for (const x of able.length > 0 ? able : loaded) {
    if (best === null || x.s.wits > best.wits) best = { wits: x.s.wits, who: x.c.name };
  }
  if (best === null) throw new RulesError('invalid-input', `${participant.label} has nobody to roll initiative.`);
  return best;
}

export function score(participant: InitiativeParticipant, faces: readonly number[]): InitiativeEntry {
  const p = requireParticipant(participant);
  const roll = checkD6(`${p.label}'s initiative roll`, faces);
  if (roll.length !== 1) {
    throw new RulesError(
      'invalid-input',
      `${p.label} rolls one D6 for initiative, got ${plural(roll.length, 'die', 'dice')}.`,
    );
  }
  const best = highestWits(p);
  const r = sideInitiativeTotal({ label: p.label, highestWits: best.wits, roll: roll[0]! });
  return {
    participantId: p.id,
    memberIds: p.members.map((m) => m.id),
    score: r.total,
    display: String(r.total),
    faces: [...roll],
    detail: { roll: roll[0]!, highestWits: best.wits, highestWitsOf: best.who },
    steps: [...r.steps, step(`The highest Wits on ${p.label} is ${best.who}'s ${best.wits}.`, SECTION.roundStructure)],
  };
}

export function order(
  entries: readonly InitiativeEntry[],
  parts: readonly InitiativeParticipant[],
  toggles?: ToggleValues,
): InitiativeOrder {
  if (!Array.isArray(entries) || !Array.isArray(parts)) {
    throw new RulesError('invalid-input', 'Initiative needs a list of entries and a list of participants.');
  }
  const ids = new Set(parts.map((p) => p.id));
  if (ids.size !== parts.length)
    throw new RulesError('invalid-input', 'A side is listed twice among the participants.');
  const byId = new Map<string, InitiativeEntry>();
  for (const e of entries) {
    if (!ids.has(e.participantId)) {
      throw new RulesError(
        'unknown-entry',
        `The initiative roll of "${e.participantId}" belongs to no side in the fight.`,
      );
    }
    if (byId.has(e.participantId))
      throw new RulesError('invalid-input', `"${e.participantId}" has two initiative rolls.`);
    byId.set(e.participantId, e);
  }
  // Re-scored from the faces, so a stale or hand-edited entry can never change the order.
  const fresh = parts.map((p) => {
    const e = byId.get(p.id);
    if (!e) throw new RulesError('invalid-input', `${p.label} has not rolled initiative yet.`);
    return score(p, e.faces);
  });
  const steps = fresh.flatMap((e) => e.steps);
  if (parts.length < 2) {
    const only = parts[0];
    if (only) steps.push(step(`${only.label} is the only side in the fight.`, SECTION.roundStructure));
    return { order: parts.map((p) => p.id), losesTurn: [], steps };
  }
  // The package names sides in its sentences: give it the labels, made unique where needed.
  const names = parts.map((p) =>
    parts.filter((q) => q.label === p.label).length > 1 ? `${p.label} (${p.id})` : p.label,
  );
  const r = sideInitiative({
    sides: parts.map((p, i) => ({
      id: names[i]!,
      highestWits: Number(fresh[i]!.detail.highestWits),
      roll: fresh[i]!.faces[0]!,
    })),
  });
  const idOf = (name: string): string => parts[names.indexOf(name)]!.id;
  steps.push(...r.steps);
  const result: InitiativeOrder = { order: r.order.map(idOf), losesTurn: [], steps };
  // "The side that starts the fight acts first": the GM's toggle overrides the roll for that side.
  const first = toggles?.firstSide;
  const starter = typeof first === 'string' && first !== 'roll' ? parts.find((p) => p.id === first) : undefined;
  if (starter) {
    const rest = result.order.filter((id) => id !== starter.id);
    const tiedRest =
      r.tie &&
      rest.length > 1 &&
      new Set(rest.map((id) => fresh[parts.findIndex((p) => p.id === id)]!.score)).size < rest.length;
    return {
      order: [starter.id, ...rest],
      losesTurn: [],
      steps: [...steps, step(`${starter.label} started the fight and acts first.`, SECTION.roundStructure)],
      ...(tiedRest ? { tieToReroll: rest } : {}),
    };
  }
  if (!r.tie) return result;
  const tied = parts.filter((_, i) => fresh.some((e, j) => j !== i && e.score === fresh[i]!.score)).map((p) => p.id);
  return { ...result, tieToReroll: tied };
}
