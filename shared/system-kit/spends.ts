import type { RollSpend } from './workflow';

/** The attacker's action of this kind (the first attacker unless told). */
export const attackerAction = (actionId: string, index = 0): RollSpend => ({ on: { side: 'attackers', index }, actionId });

/** A target's reaction of this kind. */
export const targetReaction = (actionId: string, index = 0): RollSpend => ({ on: { side: 'targets', index }, actionId });

/** Each target's reaction once, however many of the roll's parts it reacted to (Electric State: one forfeited turn covers them all). */
export function reactionsOnce(reactions: readonly { readonly index: number; readonly actionId: string }[]): RollSpend[] {
  const seen = new Set<string>();
  const out: RollSpend[] = [];
  for (const { index, actionId } of reactions) {
    const key = `${index}:${actionId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(targetReaction(actionId, index));
  }
  return out;
}
