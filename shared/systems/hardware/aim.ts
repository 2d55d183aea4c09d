// Aim (seed: Attack Modifiers).
import { RulesError, requireInteger } from '../../errors';
import { requireDieSize, type DieSize } from './damage-dice';

/** A character spent a turn aiming at a target they can see. */
export interface AimState {
  readonly attackerId: string;
  readonly targetId: string;
  /** The round the Aim was declared; it pays off on the next turn (round + 1). */
  readonly round: number;
  readonly broken: boolean;
}

export function declareAim(attackerId: string, targetId: string, round: number, targetVisible = true): AimState {
  requireInteger('round', round, 1, 100000);
  if (!targetVisible) {
    throw new RulesError('not-allowed', `${attackerId} cannot aim at ${targetId}: Aim needs a target you can see.`);
  }
  return { attackerId, targetId, round, broken: false };
}

/** A target that completely leaves the aimer's line of sight breaks the Aim. */
export function updateAimSight(aim: AimState, targetInSight: boolean): AimState {
  return targetInSight || aim.broken ? aim : { ...aim, broken: true };
}

/** Whether this attack gets the Aim: same target, the aimer's next turn, Aim not broken. */
export function aimApplies(
  aim: AimState | null,
  attack: { attackerId: string; targetId: string; round: number },
): boolean {
  return (
    aim !== null &&
    !aim.broken &&
    aim.attackerId === attack.attackerId &&
    aim.targetId === attack.targetId &&
    attack.round === aim.round + 1
  );
}

/** An aimed attack deals maximum damage: the top face of the die it rolls. */
export function aimedDamage(die: DieSize): number {
  return requireDieSize('die', die);
}
