// The conditions the tracker offers (the rules' own and the GM's), each with its description.
import type { ConditionDef } from '../../../system-kit/tracker-rules';

export const conditions: readonly ConditionDef[] = [
  {
    id: 'dying',
    label: 'Dying',
    description:
      'Critical Damage: can only crawl weakly, grasping for life. With aid (such as a Medkit) stabilises; untreated, dies within the hour.',
  },
  { id: 'wound', label: 'Wound', description: 'Critical Damage added a Wound to the inventory.' },
  {
    id: 'overloaded',
    label: 'Overloaded',
    description:
      'Critical Stress: cannot take actions that inflict stress on itself until it recovers at least 1 Stamina.',
  },
  { id: 'strain', label: 'Strain', description: 'Critical Stress added a Strain to the inventory.' },
  {
    id: 'paralysed',
    label: 'Paralysed',
    description: 'AGL 0: unable to act until restored through extended rest or by extraordinary means.',
  },
  {
    id: 'breakdown',
    label: 'Mental breakdown',
    description: 'CTR 0: unable to act until restored through extended rest or by extraordinary means.',
  },
  // No default duration: the Aim lasts until the aimed attack or until the target leaves line of sight.
  {
    id: 'aiming',
    label: 'Aiming',
    description:
      'Aimed at a target it can see (name it in the note): its next attack on that target deals maximum damage. Broken if the target completely leaves line of sight.',
  },
  {
    id: 'impaired',
    label: 'Impaired',
    description:
      'Its attacks always do d4 damage and cannot be improved by Edges (e.g. behind Heavy Cover, or an unimpaired enemy beside a shooter).',
  },
  {
    id: 'hardened',
    label: 'Hardened',
    description:
      'Attacks affected by Armor against it are Impaired. Use the stat block flag for creatures that are always Hardened.',
  },
  { id: 'light-cover', label: 'Light Cover', description: '+1 Cover: subtracted from damage before Armor.' },
  {
    id: 'heavy-cover',
    label: 'Heavy Cover',
    description: '+2 Cover: subtracted from damage before Armor; attacks from behind it are Impaired.',
  },
  {
    id: 'morale-broken',
    label: 'Morale broken',
    description: 'Failed a morale CTR save: flees or surrenders (Admin’s call).',
  },
];
