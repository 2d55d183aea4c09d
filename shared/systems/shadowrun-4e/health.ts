import type { ExplainStep } from '../../system-kit/rule-system';
import { requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './attributes';
import { plural, SECTION, signed, step } from './sections';
import type { StunOverflowRule } from './toggles';

/** Box counts above this are treated as typing mistakes. */
export const MAX_BOXES = 200;

export interface ConditionMonitors {
  readonly physical: number;
  readonly stun: number;
}

/** Physical track 8 + ⌈Body/2⌉, Stun track 8 + ⌈Willpower/2⌉ (SR4 book). */
export function conditionMonitors(body: number, willpower: number): ConditionMonitors {
  requireInteger('Body', body, 1, MAX_ATTRIBUTE);
  requireInteger('Willpower', willpower, 1, MAX_ATTRIBUTE);
  return { physical: 8 + Math.ceil(body / 2), stun: 8 + Math.ceil(willpower / 2) };
}

/** −1 per full 3 boxes on each track, the two tracks summed (0, never −0). */
export function woundModifier(physicalBoxes: number, stunBoxes: number): number {
  requireInteger('Physical boxes', physicalBoxes, 0, MAX_BOXES);
  requireInteger('Stun boxes', stunBoxes, 0, MAX_BOXES);
  return 0 - (Math.floor(physicalBoxes / 3) + Math.floor(stunBoxes / 3));
}

export function explainWoundModifier(physicalBoxes: number, stunBoxes: number): ExplainStep {
  const modifier = woundModifier(physicalBoxes, stunBoxes);
  return step(
    `${plural(physicalBoxes, 'Physical box', 'Physical boxes')} give ${signed(0 - Math.floor(physicalBoxes / 3))} and ${plural(stunBoxes, 'Stun box', 'Stun boxes')} give ${signed(0 - Math.floor(stunBoxes / 3))} (−1 per full 3 boxes per track): wound modifier ${signed(modifier)}.`,
    SECTION.damage,
  );
}

export type ConditionState = 'ok' | 'unconscious' | 'dying' | 'dead';

export interface ConditionInput {
  readonly body: number;
  readonly willpower: number;
  /** Physical boxes already filled (may include boxes past the track: overflow). */
  readonly physical: number;
  /** Stun boxes already filled. */
  readonly stun: number;
  readonly incomingPhysical?: number;
  readonly incomingStun?: number;
}

export interface ConditionResult {
  /** Physical boxes filled, capped at the track. */
  readonly physical: number;
  /** Stun boxes filled, capped at the track. */
  readonly stun: number;
  /** Physical boxes past the end of the Physical track. */
  readonly overflow: number;
  readonly state: ConditionState;
  readonly monitors: ConditionMonitors;
  /** Stun boxes past the full Stun track that became Physical damage. */
  readonly stunConvertedToPhysical: number;
  /** With 2:1 overflow, a leftover single Stun box past the track that is not a full pair. */
  readonly stunLost: number;
  readonly woundModifier: number;
  readonly steps: readonly ExplainStep[];
}

/** The numbers of a condition monitor update, without the explanation. */
export type ConditionNumbers = Omit<ConditionResult, 'steps'>;

/** Everything applyDamage decides, with the intermediate totals its explanation quotes. */
interface DamageTotals extends ConditionNumbers {
  readonly incomingPhysical: number;
  readonly incomingStun: number;
  readonly stunTotal: number;
  readonly stunExcess: number;
  readonly physicalTotal: number;
}

function damageTotals(input: ConditionInput, stunOverflow: StunOverflowRule): DamageTotals {
  const monitors = conditionMonitors(input.body, input.willpower);
  const physicalBefore = requireInteger('Physical boxes', input.physical, 0, MAX_BOXES);
  const stunBefore = requireInteger('Stun boxes', input.stun, 0, MAX_BOXES);
  const incomingPhysical = requireInteger('Incoming Physical damage', input.incomingPhysical ?? 0, 0, MAX_BOXES);
  const incomingStun = requireInteger('Incoming Stun damage', input.incomingStun ?? 0, 0, MAX_BOXES);

  const stunTotal = stunBefore + incomingStun;
  const stunExcess = Math.max(0, stunTotal - monitors.stun);
  const stun = Math.min(stunTotal, monitors.stun);
  const converted = stunOverflow === '1:1' ? stunExcess : Math.floor(stunExcess / 2);
  const stunLost = stunExcess - (stunOverflow === '1:1' ? converted : converted * 2);

  const physicalTotal = physicalBefore + incomingPhysical + converted;
  const physical = Math.min(physicalTotal, monitors.physical);
  const overflow = Math.max(0, physicalTotal - monitors.physical);

  let state: ConditionState;
  if (overflow > input.body) state = 'dead';
  else if (physicalTotal >= monitors.physical) state = 'dying';
  else if (stun >= monitors.stun) state = 'unconscious';
  else state = 'ok';

  return {
    physical,
    stun,
    overflow,
    state,
    monitors,
    stunConvertedToPhysical: converted,
    stunLost,
    woundModifier: woundModifier(physical, stun),
    incomingPhysical,
    incomingStun,
    stunTotal,
    stunExcess,
    physicalTotal,
  };
}

/**
 * applyDamage's result without the explanation. The tracker asks for a combatant's monitors on
 * every redraw and round rebuild, where the sentences would only be built to be thrown away.
 */
export function conditionAfterDamage(input: ConditionInput, stunOverflow: StunOverflowRule): ConditionNumbers {
  const t = damageTotals(input, stunOverflow);
  return {
    physical: t.physical,
    stun: t.stun,
    overflow: t.overflow,
    state: t.state,
    monitors: t.monitors,
    stunConvertedToPhysical: t.stunConvertedToPhysical,
    stunLost: t.stunLost,
    woundModifier: t.woundModifier,
  };
}

/**
 * Adds incoming damage to the condition monitors: a full Stun track knocks the character out
 * and further Stun spills into Physical (1:1, or 1 per full pair with 2:1); a full Physical track
 * means dying, and overflow beyond the track by more than Body means death.
 */
export function applyDamage(input: ConditionInput, stunOverflow: StunOverflowRule): ConditionResult {
  const t = damageTotals(input, stunOverflow);
  const { monitors, incomingStun, stunTotal, stunExcess, incomingPhysical, physicalTotal, overflow, physical, stun } =
    t;
  const converted = t.stunConvertedToPhysical;
  const steps: ExplainStep[] = [
    step(
      `Condition monitors: Physical ${monitors.physical} boxes (8 + ⌈Body ${input.body}/2⌉), Stun ${monitors.stun} boxes (8 + ⌈Willpower ${input.willpower}/2⌉).`,
      SECTION.damage,
      'book',
    ),
  ];
  if (incomingStun > 0)
    steps.push(
      step(`${plural(incomingStun, 'Stun box', 'Stun boxes')} taken: ${stunTotal} Stun in all.`, SECTION.damage),
    );
  if (stunExcess > 0) {
    steps.push(
      step(
        stunOverflow === '1:1'
          ? `The Stun track is full; the ${plural(stunExcess, 'extra Stun box overflows', 'extra Stun boxes overflow')} into Physical box for box.`
          : `The Stun track is full; ${plural(stunExcess, 'extra Stun box', 'extra Stun boxes')} become ${plural(converted, 'Physical box', 'Physical boxes')} (one per full pair${t.stunLost ? ', the odd box is lost' : ''}).`,
        SECTION.damage,
        stunOverflow === '1:1' ? 'book' : 'default',
      ),
    );
  }
  if (incomingPhysical > 0 || converted > 0) {
    steps.push(step(`Physical damage now ${physicalTotal} against a track of ${monitors.physical}.`, SECTION.damage));
  }
  if (t.state === 'dead') {
    steps.push(step(`Overflow of ${overflow} is more than Body ${input.body}: the character is dead.`, SECTION.damage));
  } else if (t.state === 'dying') {
    steps.push(
      step(
        `The Physical track is full${overflow ? ` with ${overflow} overflow (at most Body ${input.body})` : ''}: the character is dying.`,
        SECTION.damage,
      ),
    );
  } else if (t.state === 'unconscious') {
    steps.push(step('The Stun track is full: the character is knocked out.', SECTION.damage));
  } else {
    steps.push(step('Neither track is full: the character is still up.', SECTION.damage));
  }
  steps.push(explainWoundModifier(physical, stun));

  return {
    physical,
    stun,
    overflow,
    state: t.state,
    monitors,
    stunConvertedToPhysical: converted,
    stunLost: t.stunLost,
    woundModifier: t.woundModifier,
    steps,
  };
}
