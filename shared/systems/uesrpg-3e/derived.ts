import { requireInteger } from '../../errors';
import type { AttributeDef, ExplainStep } from '../../system-kit/rule-system';
import { RULES } from './sections';

export const MAX_CHARACTERISTIC = 200;

/** UESRPG characteristics (0–200; typical humans 20–60). */
export const uesrpgAttributes: readonly AttributeDef[] = [
  { id: 'strength', label: 'Strength', short: 'Str', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'endurance', label: 'Endurance', short: 'End', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'agility', label: 'Agility', short: 'Ag', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'intelligence', label: 'Intelligence', short: 'Int', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'willpower', label: 'Willpower', short: 'Wp', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'perception', label: 'Perception', short: 'Prc', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'personality', label: 'Personality', short: 'Prs', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 30 },
  { id: 'luck', label: 'Luck', short: 'Lck', min: 0, max: MAX_CHARACTERISTIC, defaultValue: 50 },
];

export interface Characteristics {
  readonly strength: number;
  readonly endurance: number;
  readonly agility: number;
  readonly intelligence: number;
  readonly willpower: number;
  readonly perception: number;
  readonly luck: number;
}

export interface DerivedStats {
  readonly hp: number;
  readonly wt: number;
  readonly ir: number;
  readonly stamina: number;
  readonly ap: number;
  readonly luckBonus: number;
  readonly luckyCount: number;
  readonly unluckyCount: number;
  readonly steps: ExplainStep[];
}

/** Action Points per round. */
export const AP_PER_ROUND = 3;

/** A characteristic bonus is its tens digit. */
export function bonus(characteristic: number): number {
  return Math.floor(characteristic / 10);
}

/** HP = ⌈End/2⌉, WT = SB+EB+WpB, IR = AgB+IB+PrB, Stamina = EB, 3 AP, lucky numbers = LB, unlucky = max(0, 5 − LB). */
export function deriveStats(c: Characteristics): DerivedStats {
  const get = (key: keyof Characteristics) => requireInteger(key, c[key], 0, MAX_CHARACTERISTIC);
  const str = get('strength');
  const end = get('endurance');
  const ag = get('agility');
  const int = get('intelligence');
  const wp = get('willpower');
  const prc = get('perception');
  const lck = get('luck');
  const [sb, eb, agb, ib, wpb, prb, lb] = [str, end, ag, int, wp, prc, lck].map(bonus) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const hp = Math.ceil(end / 2);
  const wt = sb + eb + wpb;
  const ir = agb + ib + prb;
  const unluckyCount = Math.max(0, 5 - lb);
  const rule = RULES.derived;
  const steps: ExplainStep[] = [
    {
      text: `A bonus is the tens digit of the characteristic: SB ${sb}, EB ${eb}, AgB ${agb}, IB ${ib}, WpB ${wpb}, PrB ${prb}, LB ${lb}.`,
      rule,
    },
    { text: `Hit Points = Endurance ${end} / 2, rounded up = ${hp}.`, rule },
    { text: `Wound Threshold = SB ${sb} + EB ${eb} + WpB ${wpb} = ${wt}.`, rule },
    { text: `Initiative Rating = AgB ${agb} + IB ${ib} + PrB ${prb} = ${ir}.`, rule },
    { text: `Stamina = EB = ${eb}; ${AP_PER_ROUND} Action Points per round.`, rule },
    {
      text: `Lucky numbers: ${lb} (= Luck Bonus); unlucky numbers: max(0, 5 − ${lb}) = ${unluckyCount}.`,
      rule: RULES.criticals,
    },
  ];
  return { hp, wt, ir, stamina: eb, ap: AP_PER_ROUND, luckBonus: lb, luckyCount: lb, unluckyCount, steps };
}
