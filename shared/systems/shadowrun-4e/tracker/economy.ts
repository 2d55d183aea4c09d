import type { Economy, RulesCombatant, TurnSlot } from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { MAX_PASSES } from '../initiative';
import { SECTION } from '../sections';
import { requireCombatant, resolveRules } from './checked-reads';
import { type SrTurnSlot } from './round';

// ---------------------------------------------------------------------------------------------
// Action economy
// ---------------------------------------------------------------------------------------------

/**
 * Per Action Phase: two Simple slots (a Complex takes both), the Free Action every pass gives,
 * and one swap of a Simple slot for a Free Action. The separate "swap" resource caps the swap at
 * one, which makes every allowed mix match the package's checkActionPhase.
 */
const ECONOMY: Economy = {
  resources: [
    { id: 'simple', label: 'Simple Actions', max: 2, refresh: 'turn' },
    { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
    { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
  ],
  actions: [
    {
      id: 'complex',
      label: 'Complex action',
      costs: { simple: 2 },
      help: 'Full-auto fire, melee or unarmed attack, going on Full Defense, most skill uses: the whole Action Phase.',
    },
    {
      id: 'simple',
      label: 'Simple action',
      costs: { simple: 1 },
      help: 'Fire once (single-shot, semi-auto, burst), reload a clip, take aim, stand up, sprint.',
    },
    {
      id: 'free',
      label: 'Free action',
      costs: { free: 1 },
      help: 'Speak a phrase, drop an item, drop prone, gesture, call a shot.',
    },
    {
      id: 'free-for-simple',
      label: 'Free action (in place of a Simple)',
      costs: { simple: 1, swap: 1 },
      help: 'One Simple Action may be swapped for a second Free Action.',
    },
    {
      id: 'full-defense-interrupt',
      label: 'Full Defense (interrupt)',
      costs: {},
      reaction: true,
      forfeitsNextTurn: true,
      help: "Go on Full Defense out of turn; it uses the character's next action (their next Action Phase if this one is spent).",
    },
  ],
  summary:
    'One Complex Action, or two Simple Actions (one may be swapped for a Free Action), plus one Free Action per Action Phase.',
  rule: { section: SECTION.actions, source: 'seed' },
};

export function economy(combatant: RulesCombatant, toggles: ToggleValues, slotInput?: TurnSlot): Economy {
  resolveRules(toggles);
  requireCombatant(combatant);
  if (slotInput === undefined) return ECONOMY;
  if (typeof slotInput !== 'object' || slotInput === null) {
    throw new RulesError('invalid-input', `A turn slot must be an object, got ${describe(slotInput)}.`);
  }
  const slot: SrTurnSlot = slotInput;
  // Someone else's turn: a reaction out of turn spends from the character's own budget, unchanged.
  if (slot.combatantId !== combatant.id) return ECONOMY;
  requireInteger('Initiative Pass', slot.pass, 1, MAX_PASSES);
  const lost = requireInteger('Simple Actions lost', slot.simpleActionsLost ?? 0, 0, 1);
  if (lost === 0) return ECONOMY;
  // The same budget with one Simple slot gone: a Complex no longer fits, one swap still does (checkActionPhase).
  return {
    ...ECONOMY,
    resources: ECONOMY.resources.map((r) =>
      r.id === 'simple' ? { ...r, label: 'Simple Actions (1 lost: critical glitch)', max: r.max - lost } : r,
    ),
    summary: `Critical glitch on Initiative: one Simple Action fewer in this Action Phase, so no Complex Action. ${ECONOMY.summary}`,
  };
}
