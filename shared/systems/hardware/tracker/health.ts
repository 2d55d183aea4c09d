// Harm and healing on the tracker (damage, stress, attribute loss, shred, Stamina restored,
// stabilising) and the health view: tracks, state, modifiers and markers.
import type { Harm, HarmKind, HarmOutcome, HealthView, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { HARM_MAX, PROTECTION_MAX, type AttributeId } from '../derived';
import { applyHarm as applyOverflowHarm, harmOutsideCombat } from '../health';
import { SECTIONS, step } from '../rules';
import { requestLabel } from './checks';
import { load } from './combatant-status';
import { asState, type HardwareHealth, type PendingCheck } from './health-record';

export const HARM_KINDS: readonly HarmKind[] = [
  { id: 'damage', label: 'Damage (after Cover and Armor)', healing: false },
  { id: 'stress', label: 'Stress (after Buffer)', healing: false },
  {
    id: 'attribute',
    label: 'Attribute loss (outside combat)',
    healing: false,
    // The contract documents Harm.location as "the attribute hit" for this kind.
    locations: [
      { id: 'BOD', label: 'BOD' },
      { id: 'AGL', label: 'AGL' },
      { id: 'CTR', label: 'CTR' },
    ],
  },
  { id: 'shred', label: 'Shred (Armor lost)', healing: false },
  { id: 'heal-stamina', label: 'Restore Stamina', healing: true },
  { id: 'stabilise', label: 'Stabilise (aid such as a Medkit)', healing: true },
];

/** Pending checks that a zeroed attribute makes moot: BOD 0 ends everything, CTR 0 the stress ones. */
function dropMoot(pending: readonly PendingCheck[], zeroed: AttributeId): PendingCheck[] {
  if (zeroed === 'BOD') return [];
  if (zeroed === 'CTR') return pending.filter((p) => p.type === 'critical' && p.kind === 'damage');
  return [...pending];
}

export function applyHarm(combatant: RulesCombatant, harm: Harm): HarmOutcome {
  const { s, h, status } = load(combatant);
  if (typeof harm !== 'object' || harm === null) {
    throw new RulesError('invalid-input', `Harm must be an object with a kind and an amount, got ${describe(harm)}.`);
  }
  const kind = HARM_KINDS.find((k) => k.id === harm.kind);
  if (!kind) {
    throw new RulesError(
      'invalid-input',
      `Unknown harm ${describe(harm.kind)}; Hardware takes ${HARM_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
  if (harm.location !== undefined && kind.locations === undefined) {
    throw new RulesError('invalid-input', `${kind.label} takes no location; Hardware has no hit locations.`);
  }
  const name = combatant.name;
  const pc = combatant.kind === 'pc';

  if (kind.id === 'damage' || kind.id === 'stress') {
    const attr = kind.id === 'damage' ? 'BOD' : 'CTR';
    const r = applyOverflowHarm({ kind: kind.id, stamina: h.stamina, attribute: h[attr], amount: harm.amount, pc });
    const steps: ExplainStep[] = [...r.steps];
    let next: HardwareHealth = { ...h, stamina: r.stamina, [attr]: r.attribute };
    if (status.dead) {
      // Simultaneous resolution can land a second blow on a creature already dead: record it, ask nothing.
      steps.push(step(`${name} is already dead: no save is made.`, SECTIONS.attributeLoss));
      return { health: asState({ ...next, pending: [] }), steps };
    }
    if (r.zeroed) {
      next = { ...next, pending: dropMoot(next.pending, attr) };
    } else if (r.outcome === 'save-pending') {
      const seq = h.seq + 1;
      const id = `critical-${kind.id}:${seq}`;
      next = {
        ...next,
        seq,
        pending: [...next.pending, { id, type: 'critical', kind: kind.id, against: r.attribute }],
      };
      steps.push(
        step(
          `${name} must roll the ${attr} save now (check ${id}).`,
          kind.id === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress,
        ),
      );
    }
    return { health: asState(next), steps };
  }

  if (kind.id === 'attribute') {
    const attributeId = harm.location as AttributeId | undefined;
    if (attributeId !== 'BOD' && attributeId !== 'AGL' && attributeId !== 'CTR') {
      throw new RulesError(
        'invalid-input',
        `Attribute loss must name BOD, AGL or CTR as its location, got ${describe(harm.location)}.`,
      );
    }
    const r = harmOutsideCombat({ attributeId, value: h[attributeId], amount: harm.amount });
    const next: HardwareHealth = {
      ...h,
      [attributeId]: r.value,
      pending: r.zeroed ? dropMoot(h.pending, attributeId) : h.pending,
    };
    return { health: asState(next), steps: r.steps };
  }

  if (kind.id === 'shred') {
    const lost = requireInteger('Armor lost', harm.amount, 0, PROTECTION_MAX);
    const before = Math.max(0, s.armor - h.armorLost);
    const after = Math.max(0, before - lost);
    return {
      health: asState({ ...h, armorLost: s.armor - after }),
      steps: [
        step(
          `Shred: ${name}'s Armor drops from ${before} to ${after}${before - lost < 0 ? ' (never below 0)' : ''}.`,
          SECTIONS.gearTags,
          'book',
        ),
      ],
    };
  }

  if (kind.id === 'heal-stamina') {
    const amount = requireInteger('Stamina restored', harm.amount, 0, HARM_MAX);
    if (status.dead) throw new RulesError('not-allowed', `${name} is dead: Stamina cannot be restored.`);
    const after = Math.min(s.stamina, h.stamina + amount);
    const steps = [
      step(
        `${name} recovers Stamina: ${h.stamina} → ${after}${h.stamina + amount > s.stamina ? ` (maximum ${s.stamina})` : ''}.`,
        SECTIONS.combat,
        'default',
      ),
    ];
    const next = asState({ ...h, stamina: after });
    if (status.overloaded && after > h.stamina) {
      steps.push(step(`${name} recovered Stamina and is no longer Overloaded.`, SECTIONS.criticalStress));
      return { health: next, steps, removeConditions: ['overloaded'] };
    }
    return { health: next, steps };
  }

  // stabilise
  requireInteger('Stabilise amount', harm.amount, 0, HARM_MAX);
  if (!status.dying) {
    throw new RulesError('not-allowed', `${name} is not Dying: only a Dying PC can be stabilised.`);
  }
  return {
    health: asState({ ...h, stabilised: true }),
    steps: [step(`${name} is given aid and stabilises: no longer Dying.`, SECTIONS.criticalDamage)],
    removeConditions: ['dying'],
  };
}

export function healthView(combatant: RulesCombatant): HealthView {
  const { s, h, status } = load(combatant);
  const modifiers: string[] = [];
  const markers: string[] = [];
  if (status.overloaded) {
    modifiers.push('Overloaded: no actions that inflict stress on itself until it recovers at least 1 Stamina.');
  }
  const armor = Math.max(0, s.armor - h.armorLost);
  if (s.armor > 0 || h.armorLost > 0) {
    modifiers.push(h.armorLost > 0 ? `Armor ${armor} (${s.armor}, ${h.armorLost} shredded)` : `Armor ${armor}`);
  }
  if (s.buffer > 0) modifiers.push(`Buffer ${s.buffer}`);
  if (s.hardened) modifiers.push('Hardened: attacks affected by Armor against it are Impaired (d4).');
  for (const p of h.pending) markers.push(requestLabel(combatant, p));
  if (h.stabilised && !status.dead && !status.dying) markers.push('Stabilised after Critical Damage');

  let stateLabel = status.states.join(', ');
  if (stateLabel === '') {
    const due = h.pending.some((p) => p.type === 'critical') ? 'Save due' : h.pending.length ? 'Morale check due' : '';
    stateLabel =
      due ||
      (status.overloaded
        ? 'Overloaded'
        : h.stabilised
          ? 'Stabilised'
          : status.severity === 'hurt'
            ? h.stamina === 0
              ? 'No Stamina'
              : 'Hurt'
            : 'Unhurt');
  }
  return {
    tracks: [
      { id: 'stamina', label: 'Stamina', current: h.stamina, max: Math.max(s.stamina, h.stamina), style: 'bar' },
      // An attribute above the sheet (sheet edited mid-fight) still fits the track. Each is read by
      // name (not h[id]): a lookup by a varying key is several times slower on every redraw.
      { id: 'BOD', label: 'BOD', current: h.BOD, max: Math.max(s.BOD, h.BOD), style: 'bar' },
      { id: 'AGL', label: 'AGL', current: h.AGL, max: Math.max(s.AGL, h.AGL), style: 'bar' },
      { id: 'CTR', label: 'CTR', current: h.CTR, max: Math.max(s.CTR, h.CTR), style: 'bar' },
    ],
    stateLabel,
    severity: status.severity,
    modifiers,
    markers,
    canAct: status.canAct,
  };
}
