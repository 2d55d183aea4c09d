import type { ToggleDef, ToggleValues } from '../../system-kit/rule-system';
import { resolveToggles } from '../../system-kit/toggles';
import { rule, SECTION } from './sections';

export type GlitchRule = 'sr4' | 'sr5';
export type StunOverflowRule = '1:1' | '2:1';
export type InitiativeCriticalGlitchRule = 'simple-action' | 'action-phase';

/** The rule toggles of the Shadowrun 4e system; ids as CONFORMANCE.md names them, default first. */
export const shadowrunToggles: readonly ToggleDef[] = [
  {
    id: 'glitch',
    label: 'Glitch rule',
    description:
      'When a roll glitches: SR4 counts a glitch when half or more of the dice show 1; SR5 needs more than half.',
    values: [
      { value: 'sr4', label: 'SR4: half or more are 1s' },
      { value: 'sr5', label: 'SR5: more than half are 1s' },
    ],
    defaultValue: 'sr4',
    rule: rule(SECTION.combatTurn, 'book'),
  },
  {
    id: 'stunWhenEqual',
    label: 'Stun when DV equals armour',
    description:
      'Physical damage becomes Stun when the modified DV is at most the armour after AP (on) or only when it is below it (off).',
    values: [
      { value: true, label: 'DV ≤ armour → Stun' },
      { value: false, label: 'DV < armour → Stun' },
    ],
    defaultValue: true,
    rule: rule(SECTION.resolvingAttack, 'book'),
  },
  {
    id: 'stunOverflow',
    label: 'Stun overflow',
    description:
      'Once the Stun track is full, extra Stun spills into Physical box for box (1:1) or one Physical box per full pair of Stun boxes (2:1).',
    values: [
      { value: '1:1', label: '1 Stun → 1 Physical' },
      { value: '2:1', label: '2 Stun → 1 Physical (full pairs only)' },
    ],
    defaultValue: '1:1',
    rule: rule(SECTION.damage, 'book'),
  },
  {
    id: 'initiativeCriticalGlitch',
    label: 'Critical glitch on Initiative',
    description:
      'What the extra action lost to a critical glitch on the Initiative Test is: one Simple Action of the first Action Phase, or the whole first Action Phase.',
    values: [
      { value: 'simple-action', label: 'Lose one Simple Action' },
      { value: 'action-phase', label: 'Lose the first Action Phase' },
    ],
    defaultValue: 'simple-action',
    rule: rule(SECTION.combatTurn, 'default'),
  },
];

/** Resolved, typed toggle values. */
export interface ShadowrunRules {
  readonly glitch: GlitchRule;
  readonly stunWhenEqual: boolean;
  readonly stunOverflow: StunOverflowRule;
  readonly initiativeCriticalGlitch: InitiativeCriticalGlitchRule;
}

export const DEFAULT_RULES: ShadowrunRules = {
  glitch: 'sr4',
  stunWhenEqual: true,
  stunOverflow: '1:1',
  initiativeCriticalGlitch: 'simple-action',
};

/** Fills defaults, rejects unknown toggles and values, and returns them typed. */
export function resolveRules(options: unknown): ShadowrunRules {
  const values: ToggleValues = resolveToggles(shadowrunToggles, options);
  return {
    glitch: values.glitch as GlitchRule,
    stunWhenEqual: values.stunWhenEqual as boolean,
    stunOverflow: values.stunOverflow as StunOverflowRule,
    initiativeCriticalGlitch: values.initiativeCriticalGlitch as InitiativeCriticalGlitchRule,
  };
}
