// Initiative: each PC's AGL save to act before the opponents (seed: Rounds), and the round it
// builds: the PCs who saved, then the opponents, one turn each.
import type {
  InitiativeEntry,
  InitiativeOrder,
  InitiativeParticipant,
  RoundContext,
  RulesCombatant,
  TurnSlot,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import { resolveRoundStart } from '../rounds';
import { SECTIONS, step } from '../rules';
import type { AglSaveTiming } from '../toggles';
import { load, type Status } from './combatant-status';
import type { HardwareHealth } from './health-record';
import type { HardwareStats } from './stat-block';

export function pcOf(participant: InitiativeParticipant): {
  c: RulesCombatant;
  s: HardwareStats;
  h: HardwareHealth;
  status: Status;
} {
  if (typeof participant !== 'object' || participant === null || !Array.isArray(participant.members)) {
    throw new RulesError('invalid-input', `An initiative participant must have members, got ${describe(participant)}.`);
  }
  const c = participant.members[0];
  if (participant.members.length !== 1 || !c) {
    throw new RulesError(
      'invalid-input',
      `${participant.label} must be exactly one PC: in Hardware each PC saves AGL for itself.`,
    );
  }
  if (c.kind !== 'pc') {
    throw new RulesError(
      'invalid-input',
      `${c.name} is an NPC: NPCs make no AGL save in Hardware; they act after the PCs.`,
    );
  }
  if (c.id !== participant.id) {
    throw new RulesError('invalid-input', `Participant "${participant.id}" must have the id of its PC, "${c.id}".`);
  }
  return { c, ...load(c) };
}

/** The d20 is rolled only by a PC who can act, has AGL above 0 and no ability negating the save. */
export function rollsSave(s: HardwareStats, h: HardwareHealth, status: Status): boolean {
  return status.canAct && !s.noAglSave && h.AGL > 0;
}

/** Only PCs save AGL; NPCs never roll and act after them (seed: Rounds). */
export function participants(
  combatants: readonly RulesCombatant[],
  _sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!Array.isArray(combatants))
    throw new RulesError('invalid-input', `combatants must be a list, got ${describe(combatants)}.`);
  const seen = new Set<string>();
  const pcs: InitiativeParticipant[] = [];
  for (const c of combatants) {
    load(c);
    if (seen.has(c.id)) throw new RulesError('invalid-input', `Combatant "${c.id}" is listed twice.`);
    seen.add(c.id);
    // Every PC is listed, even one who cannot act: it shows as "Cannot act" rather than vanishing.
    if (c.kind === 'pc') pcs.push({ id: c.id, label: c.name || c.id, members: [c] });
  }
  return pcs;
}

const DISPLAY: Readonly<Record<string, string>> = {
  'save-succeeded': 'Acts first',
  'no-save-needed': 'No save needed',
  'save-failed': 'Loses turn',
  paralysed: 'Cannot act',
  'cannot-act': 'Cannot act',
};

export function score(participant: InitiativeParticipant, faces: readonly number[]): InitiativeEntry {
  const { c, s, h, status } = pcOf(participant);
  if (!Array.isArray(faces))
    throw new RulesError('invalid-input', `${c.name}'s AGL save must be a list of d20 faces, got ${describe(faces)}.`);
  const name = c.name || c.id;
  // AGL 0 alone goes to the package (it knows AGL 0 is paralysis); any other reason — a
  // "paralysed" condition on a PC with AGL left included — means no turn at all.
  const onlyAglZero = h.AGL === 0 && status.states.length === 1 && status.states[0] === 'Paralysed';
  if (!status.canAct && !onlyAglZero) {
    if (faces.length > 0)
      throw new RulesError('invalid-input', `${name} cannot act (${status.states.join(', ')}): make no AGL save.`);
    return {
      participantId: participant.id,
      memberIds: [c.id],
      score: 0,
      display: DISPLAY['cannot-act'] ?? '',
      faces: [],
      detail: { actsFirst: false, reason: 'cannot-act', agl: h.AGL },
      steps: [step(`${name} cannot act (${status.states.join(', ')}): no turn this round.`, SECTIONS.rounds)],
    };
  }
  const needsRoll = rollsSave(s, h, status);
  if (!needsRoll && faces.length > 0) {
    throw new RulesError(
      'invalid-input',
      `${name} makes no AGL save (${s.noAglSave ? 'acts first without one' : 'AGL 0: paralysed'}); remove the roll.`,
    );
  }
  // The package decides: save, no-save-needed, or paralysed; the closing "opponents act" step is added by order().
  const r = resolveRoundStart([
    {
      id: name,
      agl: h.AGL,
      rolls: needsRoll && faces.length > 0 ? faces : undefined,
      noSaveNeeded: s.noAglSave && h.AGL > 0,
    },
  ]);
  const pc = r.pcs[0];
  if (!pc) throw new RulesError('invalid-input', `${name}: the AGL save gave no result.`);
  const detail: Record<string, number | boolean | string> = { actsFirst: pc.actsFirst, reason: pc.reason, agl: h.AGL };
  if (pc.save) detail.kept = pc.save.kept;
  return {
    participantId: participant.id,
    memberIds: [c.id],
    score: pc.actsFirst ? 1 : 0,
    display: DISPLAY[pc.reason] ?? pc.reason,
    faces: [...faces],
    detail,
    steps: [...(pc.save?.steps ?? []), ...r.steps.slice(0, -1)],
  };
}

/**
 * A round after the first under the seed's timing (toggle `aglSave`, "start-of-fight"): step 3 of
 * Rounds, "the next round begins with the PCs taking their turn", so nobody saves and every PC who
 * can act goes before the opponents. Marked `laterRound` so the order re-reads it, not its faces.
 */
function laterRoundEntry(participant: InitiativeParticipant): InitiativeEntry {
  const { c, h, status } = pcOf(participant);
  const name = c.name || c.id;
  const acts = status.canAct;
  return {
    participantId: participant.id,
    memberIds: [c.id],
    score: acts ? 1 : 0,
    display: (acts ? DISPLAY['save-succeeded'] : DISPLAY['cannot-act']) ?? '',
    faces: [],
    detail: { actsFirst: acts, reason: acts ? 'later-round' : 'cannot-act', agl: h.AGL, laterRound: true },
    steps: [
      step(
        acts
          ? `${name} makes no AGL save after the start of the fight: the round begins with the PCs.`
          : `${name} cannot act (${status.states.join(', ')}): no turn this round.`,
        SECTIONS.rounds,
      ),
    ],
  };
}

/** Later rounds: no save under the seed's timing, a new save each round with the toggle. */
export function laterRoundEntries(
  pcs: readonly InitiativeParticipant[],
  toggles: ToggleValues,
): readonly InitiativeEntry[] | null {
  return aglSaveTiming(toggles) === 'every-round' ? null : pcs.map(laterRoundEntry);
}

function aglSaveTiming(toggles: ToggleValues): AglSaveTiming {
  const value = toggles?.aglSave ?? 'start-of-fight';
  if (value !== 'start-of-fight' && value !== 'every-round') {
    throw new RulesError(
      'invalid-input',
      `The AGL save toggle must be "start-of-fight" or "every-round", got ${describe(value)}.`,
    );
  }
  return value;
}

export function order(
  entries: readonly InitiativeEntry[],
  pcs: readonly InitiativeParticipant[],
  _toggles: ToggleValues,
): InitiativeOrder {
  if (!Array.isArray(entries) || !Array.isArray(pcs)) {
    throw new RulesError('invalid-input', 'Initiative needs a list of entries and a list of participants.');
  }
  const ids = new Set(pcs.map((p) => p.id));
  if (ids.size !== pcs.length) throw new RulesError('invalid-input', 'A PC is listed twice among the participants.');
  const byId = new Map<string, InitiativeEntry>();
  for (const e of entries) {
    if (!ids.has(e.participantId))
      throw new RulesError('unknown-entry', `The AGL save of "${e.participantId}" belongs to no participant.`);
    if (byId.has(e.participantId))
      throw new RulesError('invalid-input', `"${e.participantId}" has two AGL saves this round.`);
    byId.set(e.participantId, e);
  }
  const acts: string[] = [];
  const loses: string[] = [];
  const steps: ExplainStep[] = [];
  // Participants' order is the input order the PCs act in; entries are re-scored from their faces
  // so a stale or hand-edited detail can never change who acts.
  for (const p of pcs) {
    const e = byId.get(p.id);
    if (!e) throw new RulesError('invalid-input', `${p.label} has not made the AGL save for this round yet.`);
    // Order runs again whenever another PC's save comes in: a PC paralysed (or given the ability)
    // since its own roll loses (or skips) the save now instead of blocking everyone else's.
    const { s, h, status } = pcOf(p);
    const fresh = e.detail.laterRound === true ? laterRoundEntry(p) : score(p, rollsSave(s, h, status) ? e.faces : []);
    (fresh.detail.actsFirst === true ? acts : loses).push(p.id);
    steps.push(...fresh.steps);
  }
  steps.push(...resolveRoundStart([]).steps);
  return { order: acts, losesTurn: loses, steps };
}

export function buildRound(context: RoundContext): readonly TurnSlot[] {
  if (typeof context !== 'object' || context === null || !Array.isArray(context.combatants)) {
    throw new RulesError('invalid-input', 'A round needs the list of combatants.');
  }
  const byId = new Map<string, { c: RulesCombatant; canAct: boolean }>();
  for (const c of context.combatants) {
    if (byId.has(c.id)) throw new RulesError('invalid-input', `Combatant "${c.id}" is listed twice.`);
    byId.set(c.id, { c, canAct: load(c).status.canAct });
  }
  if (!Array.isArray(context.acted)) throw new RulesError('invalid-input', 'A round needs the list of turns taken.');
  const all = [...byId.values()];
  if (context.initiative === null) {
    if (all.some((x) => x.c.kind === 'pc' && x.canAct)) {
      throw new RulesError('not-allowed', `Round ${context.round}: the PCs have not made their AGL saves yet.`);
    }
  }
  const slots: TurnSlot[] = [];
  for (const id of context.initiative?.order ?? []) {
    const x = byId.get(id);
    if (!x) throw new RulesError('unknown-entry', `"${id}" acts first this round but is not in the encounter.`);
    if (x.c.kind !== 'pc')
      throw new RulesError('invalid-input', `${x.c.name} is an NPC: only PCs save AGL to act first.`);
    // A PC taken down after the save (or a replayed order) gets no turn.
    if (x.canAct) slots.push({ combatantId: id, pass: 1 });
  }
  // Then the opponents, in the order they were added.
  for (const x of all) if (x.c.kind === 'npc' && x.canAct) slots.push({ combatantId: x.c.id, pass: 1 });
  // The tracker drops turns already taken too; doing it here keeps a rebuilt round right on its own.
  // Every slot here is pass 1, so a set of who took pass 1 answers it without a search per slot.
  if (slots.length === 0 || context.acted.length === 0) return slots;
  const taken = new Set<unknown>();
  for (const a of context.acted) if (a.pass === 1) taken.add(a.combatantId);
  return slots.filter((slot) => !taken.has(slot.combatantId));
}
