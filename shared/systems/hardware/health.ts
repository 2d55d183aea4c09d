import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { HARM_MAX, cappedProtection, requireAttribute, requireStamina, type AttributeId } from './derived';
import { SECTIONS, step, type Section } from './rules';
import { resolveSave, type SaveResult } from './saves';

/** Damage overflows into BOD (Critical Damage); stress overflows into CTR (Critical Stress). */
export type HarmKind = 'damage' | 'stress';

/** What happens to a creature when an attribute reaches 0 (seed: Attribute Loss). */
export const ATTRIBUTE_ZERO: Readonly<
  Record<AttributeId, { readonly state: 'dead' | 'paralysed' | 'breakdown'; readonly text: string }>
> = {
  BOD: { state: 'dead', text: 'BOD 0: the character dies.' },
  AGL: { state: 'paralysed', text: 'AGL 0: the character is paralysed and cannot act until restored.' },
  CTR: { state: 'breakdown', text: 'CTR 0: the character has a mental breakdown and cannot act until restored.' },
};

export type HarmOutcome =
  /** Nothing got through. */
  | 'unharmed'
  /** Only Stamina was lost. */
  | 'stamina'
  /** Overflow hit the attribute; the save is still to be rolled. */
  | 'save-pending'
  /** Overflow hit the attribute and the save succeeded. */
  | 'saved'
  | 'critical-damage'
  | 'critical-stress'
  /** The attribute reached 0: no save (BOD 0 dead, CTR 0 breakdown). */
  | 'dead'
  | 'breakdown';

/** What a failed Critical Damage / Critical Stress save does to a PC or an NPC. */
export interface CriticalConsequence {
  readonly state: 'dying' | 'dead' | 'overloaded' | 'morale-check';
  /** Inventory item the PC adds: a Wound (damage) or a Strain (stress). */
  readonly addToInventory: 'Wound' | 'Strain' | null;
  /** NPC outcomes are "per the Admin's discretion". */
  readonly adminDiscretion: boolean;
  readonly text: string;
}

export const CRITICAL_CONSEQUENCES: Readonly<Record<HarmKind, Readonly<Record<'pc' | 'npc', CriticalConsequence>>>> = {
  damage: {
    pc: {
      state: 'dying',
      addToInventory: 'Wound',
      adminDiscretion: false,
      text: 'Critical Damage: the PC is Dying and adds a Wound to their inventory. Dying PCs can only crawl weakly; with aid (such as a Medkit) they stabilise, untreated they die within the hour.',
    },
    npc: {
      state: 'dead',
      addToInventory: null,
      adminDiscretion: true,
      text: 'Critical Damage: the NPC is dead, per the Admin’s discretion (some enemies trigger special effects).',
    },
  },
  stress: {
    pc: {
      state: 'overloaded',
      addToInventory: 'Strain',
      adminDiscretion: false,
      text: 'Critical Stress: the PC is Overloaded and adds a Strain to their inventory. Overloaded PCs cannot take actions that inflict stress on themselves until they recover at least 1 Stamina.',
    },
    npc: {
      state: 'morale-check',
      addToInventory: null,
      adminDiscretion: true,
      text: 'Critical Stress: the NPC must make a morale check, per the Admin’s discretion.',
    },
  },
};

export interface HarmInput {
  readonly kind: HarmKind;
  readonly stamina: number;
  /** Current BOD for damage, current CTR for stress. */
  readonly attribute: number;
  /** Damage after Cover and Armor, or stress after Buffer. */
  readonly amount: number;
  /** PC (default) or NPC: decides what a failed save means. */
  readonly pc?: boolean;
  /** The d20 for the save, if already rolled (two dice = disadvantage). */
  readonly saveRolls?: readonly number[];
}

export interface HarmResult {
  readonly kind: HarmKind;
  readonly attributeId: 'BOD' | 'CTR';
  readonly stamina: number;
  readonly attribute: number;
  /** Amount that went past 0 Stamina into the attribute. */
  readonly overflow: number;
  /** Overflow reached the attribute and it is still above 0: save against the new value. */
  readonly saveRequired: boolean;
  /** The attribute is at 0: no save (BOD 0 is death, CTR 0 a breakdown). */
  readonly zeroed: boolean;
  readonly save: SaveResult | null;
  /** null until the save is rolled (or when no save is needed). */
  readonly critical: boolean | null;
  readonly consequence: CriticalConsequence | null;
  readonly outcome: HarmOutcome;
  readonly steps: ExplainStep[];
}

/**
 * Damage or stress in combat: it comes off Stamina; what goes past 0 comes off BOD (damage) or
 * CTR (stress); then a save against the new value, unless it reached 0.
 */
export function applyHarm(input: HarmInput): HarmResult {
  if (input.kind !== 'damage' && input.kind !== 'stress') {
    throw new RulesError('invalid-input', `Harm must be "damage" or "stress", got ${String(input.kind)}.`);
  }
  const kind = input.kind;
  const attributeId = kind === 'damage' ? 'BOD' : 'CTR';
  const section: Section = kind === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress;
  const stamina = requireStamina('stamina', input.stamina);
  const attribute = requireAttribute(attributeId, input.attribute);
  const amount = requireInteger(kind === 'damage' ? 'damage' : 'stress', input.amount, 0, HARM_MAX);
  const pc = input.pc ?? true;
  const steps: ExplainStep[] = [];

  const staminaAfter = Math.max(0, stamina - amount);
  const overflow = Math.max(0, amount - stamina);
  const attributeAfter = Math.max(0, attribute - overflow);
  const zeroed = attributeAfter === 0;
  const saveRequired = overflow > 0 && !zeroed;

  if (amount === 0) {
    steps.push(step(`No ${kind} gets through.`, kind === 'damage' ? SECTIONS.attacking : SECTIONS.buffer));
  } else {
    steps.push(
      step(
        `${amount} ${kind} to Stamina: ${stamina} → ${staminaAfter}${overflow ? `, ${overflow} past 0` : ''}.`,
        kind === 'damage' ? SECTIONS.attacking : SECTIONS.buffer,
      ),
    );
  }
  if (overflow > 0) {
    steps.push(step(`The remaining ${overflow} comes off ${attributeId}: ${attribute} → ${attributeAfter}.`, section));
  }

  let save: SaveResult | null = null;
  let critical: boolean | null = null;
  let consequence: CriticalConsequence | null = null;
  let outcome: HarmOutcome = amount === 0 ? 'unharmed' : 'stamina';

  if (zeroed) {
    const zero = ATTRIBUTE_ZERO[attributeId];
    outcome = kind === 'damage' ? 'dead' : 'breakdown';
    steps.push(step(`${zero.text} No save is made.`, SECTIONS.attributeLoss));
    if (input.saveRolls !== undefined) {
      throw new RulesError('invalid-input', `${attributeId} is at 0, so no save is made; remove the save roll.`);
    }
  } else if (saveRequired) {
    steps.push(
      step(
        `${attributeId} save against the new ${attributeId} of ${attributeAfter} to avoid Critical ${kind === 'damage' ? 'Damage' : 'Stress'}.`,
        section,
      ),
    );
    if (input.saveRolls === undefined) {
      outcome = 'save-pending';
    } else {
      save = resolveSave({ attribute: attributeAfter, rolls: input.saveRolls, label: `${attributeId} save` });
      steps.push(...save.steps);
      critical = !save.success;
      if (critical) {
        consequence = CRITICAL_CONSEQUENCES[kind][pc ? 'pc' : 'npc'];
        outcome = kind === 'damage' ? 'critical-damage' : 'critical-stress';
        steps.push(step(consequence.text, section));
      } else {
        outcome = 'saved';
        steps.push(step(`The save holds: no Critical ${kind === 'damage' ? 'Damage' : 'Stress'}.`, section));
      }
    }
  } else if (input.saveRolls !== undefined) {
    throw new RulesError(
      'invalid-input',
      `Nothing went past 0 Stamina, so no ${attributeId} save is made; remove the save roll.`,
    );
  }

  return {
    kind,
    attributeId,
    stamina: staminaAfter,
    attribute: attributeAfter,
    overflow,
    saveRequired,
    zeroed,
    save,
    critical,
    consequence,
    outcome,
    steps,
  };
}

/** Stress roll after Buffer (never below 0). Buffer also applies to self-inflicted stress. */
export function stressAfterBuffer(stress: number, buffer: number): { stress: number; steps: ExplainStep[] } {
  const rolled = requireInteger('stress', stress, 0, HARM_MAX);
  const cap = cappedProtection('Buffer', buffer);
  const b = cap.value;
  const after = Math.max(0, rolled - b);
  return {
    stress: after,
    steps: [...cap.steps, step(`Buffer ${b} is subtracted from ${rolled} stress: ${after}.`, SECTIONS.buffer)],
  };
}

export interface AttributeHarmResult {
  readonly attributeId: AttributeId;
  readonly value: number;
  readonly zeroed: boolean;
  readonly state: 'ok' | 'dead' | 'paralysed' | 'breakdown';
  readonly steps: ExplainStep[];
}

/** Damage outside combat goes straight to an attribute (typically BOD), skipping Stamina. */
export function harmOutsideCombat(input: {
  attributeId: AttributeId;
  value: number;
  amount: number;
}): AttributeHarmResult {
  const zero = ATTRIBUTE_ZERO[input.attributeId];
  if (!zero)
    throw new RulesError('invalid-input', `Unknown attribute "${String(input.attributeId)}": use BOD, AGL or CTR.`);
  const value = requireAttribute(input.attributeId, input.value);
  const amount = requireInteger('amount', input.amount, 0, HARM_MAX);
  const after = Math.max(0, value - amount);
  const steps = [
    step(
      `Outside combat, ${amount} damage goes straight to ${input.attributeId}: ${value} → ${after}.`,
      SECTIONS.attributeLoss,
    ),
  ];
  if (after === 0) steps.push(step(zero.text, SECTIONS.attributeLoss));
  return {
    attributeId: input.attributeId,
    value: after,
    zeroed: after === 0,
    state: after === 0 ? zero.state : 'ok',
    steps,
  };
}
