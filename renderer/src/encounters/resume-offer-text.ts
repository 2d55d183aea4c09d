import type { SystemId } from '../../../shared/system-kit/rule-system';
import { systemLabel } from '../ui/formatting';

export interface ResumeOffer {
  readonly id: string;
  readonly name: string;
  readonly systemId: SystemId;
  /** 0 before the encounter started; null when the log could not be read for it. */
  readonly round: number | null;
}

/** "Resume 'Warehouse ambush' (Shadowrun 4th edition, round 2)?" */
export function describeResumeOffer(offer: ResumeOffer): string {
  const where = offer.round === null ? '' : offer.round === 0 ? ', not started' : `, round ${offer.round}`;
  return `Resume '${offer.name}' (${systemLabel(offer.systemId)}${where})?`;
}
