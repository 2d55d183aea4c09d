// Checks that fall due on one combatant (the BOD/CTR saves after overflow, an NPC's own morale
// check, its group's morale roll): how each is asked for and how its roll is resolved.
import type {
  CheckOutcome,
  CheckRequest,
  ConditionInit,
  EncounterMoment,
  RulesCombatant,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { CRITICAL_CONSEQUENCES } from '../health';
import { resolveMorale } from '../rounds';
import { SECTIONS, step } from '../rules';
import { SAVE_DIE, resolveSave } from '../saves';
import { load, loadHealth } from './combatant-status';
import { asState, type HardwareHealth, type PendingCheck } from './health-record';
import { MORALE_PREFIX, TRIGGERS, moraleBroken, moraleGroupOf, moraleGroups } from './morale';

function pendingReason(p: PendingCheck): ExplainStep {
  if (p.type === 'morale') {
    return step(
      'The NPC failed a Critical Stress save and must make a morale check (CTR save).',
      SECTIONS.criticalStress,
    );
  }
  return p.kind === 'damage'
    ? step(
        `Damage went past 0 Stamina: BOD save against the new BOD of ${p.against} to avoid Critical Damage.`,
        SECTIONS.criticalDamage,
      )
    : step(
        `Stress went past 0 Stamina: CTR save against the new CTR of ${p.against} to avoid Critical Stress.`,
        SECTIONS.criticalStress,
      );
}

export function requestLabel(c: RulesCombatant, p: PendingCheck): string {
  return p.type === 'morale'
    ? `${c.name}: morale check (CTR save)`
    : p.kind === 'damage'
      ? `${c.name}: BOD save vs ${p.against} (Critical Damage)`
      : `${c.name}: CTR save vs ${p.against} (Critical Stress)`;
}

function toRequest(c: RulesCombatant, p: PendingCheck): CheckRequest {
  const label = requestLabel(c, p);
  return { id: p.id, combatantId: c.id, label, dice: { count: 1, sides: SAVE_DIE }, reason: pendingReason(p) };
}

// Hardware saves fall due the moment harm overflows, whoever's turn it is: the moment is not needed.
export function checksDue(combatant: RulesCombatant, _moment: EncounterMoment): readonly CheckRequest[] {
  const h = loadHealth(combatant);
  // Nothing pending is the usual answer; otherwise only death (statusOf's `dead`) cancels the checks.
  if (h.pending.length === 0 || h.BOD === 0 || h.killed) return [];
  return h.pending.map((p) => toRequest(combatant, p));
}

export function resolveCheck(
  combatant: RulesCombatant,
  checkId: string,
  faces: readonly number[],
  _moment: EncounterMoment,
  everyone: readonly RulesCombatant[],
): CheckOutcome {
  const { h, status } = load(combatant);
  const name = combatant.name;
  if (typeof checkId !== 'string')
    throw new RulesError('invalid-input', `A check id must be text, got ${describe(checkId)}.`);

  if (checkId.startsWith(MORALE_PREFIX)) {
    if (combatant.kind !== 'npc') throw new RulesError('not-allowed', `${name} is a PC: only NPC groups check morale.`);
    const group = moraleGroupOf(combatant);
    const key = checkId.slice(MORALE_PREFIX.length, checkId.lastIndexOf(':'));
    const tokens = checkId.slice(checkId.lastIndexOf(':') + 1).split('+');
    if (key !== group.key || tokens.some((t) => !TRIGGERS.some((x) => x === t))) {
      throw new RulesError('unknown-entry', `"${checkId}" is not a morale check of ${name}'s group (${group.label}).`);
    }
    if (!status.canAct) throw new RulesError('not-allowed', `${name} cannot act, so cannot roll morale for the group.`);
    if (!Array.isArray(everyone))
      throw new RulesError('invalid-input', `everyone must be the list of combatants, got ${describe(everyone)}.`);
    const r = resolveMorale({ ctr: h.CTR, rolls: faces });
    if (r.holds) return { health: asState(h), steps: r.steps, conditions: [] };
    const note = `${group.label[0]?.toUpperCase() ?? ''}${group.label.slice(1)} flee or surrender (Admin's call).`;
    // The whole group breaks: every living member not already broken, besides the roller.
    const others = [...(moraleGroups(everyone).get(group.key)?.members ?? [])]
      .filter((m) => m.c.id !== combatant.id && !m.status.dead && !m.status.moraleBroken)
      .map((m) => ({ combatantId: m.c.id, conditions: [moraleBroken(note)] }));
    return { health: asState(h), steps: r.steps, conditions: [moraleBroken(note)], others };
  }

  const pending = h.pending.find((p) => p.id === checkId);
  if (!pending) {
    const due = h.pending.map((p) => p.id).join(', ') || 'none';
    throw new RulesError('unknown-entry', `No check "${checkId}" is due for ${name}; due: ${due}.`);
  }
  const rest = h.pending.filter((p) => p !== pending);

  if (pending.type === 'morale') {
    const r = resolveMorale({ ctr: h.CTR, rolls: faces });
    return {
      health: asState({ ...h, pending: rest }),
      steps: r.steps,
      conditions: r.holds ? [] : [moraleBroken(`${name} flees or surrenders (Admin's call).`)],
    };
  }

  const attr = pending.kind === 'damage' ? 'BOD' : 'CTR';
  const section = pending.kind === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress;
  const save = resolveSave({ attribute: pending.against, rolls: faces, label: `${name}'s ${attr} save` });
  const steps: ExplainStep[] = [...save.steps];
  if (save.success) {
    steps.push(step(`The save holds: no Critical ${pending.kind === 'damage' ? 'Damage' : 'Stress'}.`, section));
    return { health: asState({ ...h, pending: rest }), steps };
  }
  const consequence = CRITICAL_CONSEQUENCES[pending.kind][combatant.kind];
  steps.push(step(consequence.text, section));
  const conditions: ConditionInit[] = [];
  let next: HardwareHealth = { ...h, pending: rest };
  if (consequence.state === 'dying') {
    next = { ...next, stabilised: false };
    conditions.push(
      { conditionId: 'dying', label: 'Dying' },
      { conditionId: 'wound', label: 'Wound', note: 'Added to the inventory by Critical Damage.' },
    );
  } else if (consequence.state === 'dead') {
    next = { ...next, killed: true, pending: [] };
  } else if (consequence.state === 'overloaded') {
    conditions.push(
      { conditionId: 'overloaded', label: 'Overloaded' },
      { conditionId: 'strain', label: 'Strain', note: 'Added to the inventory by Critical Stress.' },
    );
  } else {
    const seq = h.seq + 1;
    const id = `npc-morale:${seq}`;
    next = { ...next, seq, pending: [...rest, { id, type: 'morale' }] };
    steps.push(step(`${name} must roll its morale check (check ${id}).`, SECTIONS.morale, 'book'));
  }
  return { health: asState(next), steps, conditions };
}
