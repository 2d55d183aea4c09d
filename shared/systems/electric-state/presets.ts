import { armed, preset, tableWeapon, type PresetTemplate } from '../../system-kit/presets';
import { electricStateWeapons } from './sheet-weapons';

const es = (row: string, id: string, name?: string) => tableWeapon(electricStateWeapons, row, id, name);

/**
 * The Electric State: Weapons Table and Body Armor (seed 000).
 */
export const electricStatePresets: readonly PresetTemplate[] = [
  armed(preset('electric-state', 'drone-guard', 'Drone guard', 'npc', { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 }, 'Handgun: +2, damage 2, Short–Medium. Soft vest (Armor Level 2, Agility −1).'), es('Handgun', 'w1')),
  armed(preset('electric-state', 'scavenger', 'Scavenger', 'npc', { strength: 2, agility: 3, wits: 3, empathy: 2, armor: 0 }, 'Knife: +1, damage 2, Engaged. Rocks: damage 1, Engaged–Medium.'), es('Knife', 'w1'), es('Rock', 'w2', 'Rocks')),
  armed(preset('electric-state', 'militia-soldier', 'Militia soldier', 'npc', { strength: 4, agility: 3, wits: 2, empathy: 2, armor: 4 }, 'Assault rifle ◆: +3, damage 2, Short–Long, full auto. Plate vest (Armor Level 4, Agility −2).'), es('Assault rifle', 'w1')),
  armed(preset('electric-state', 'drifter', 'Drifter', 'pc', { strength: 3, agility: 4, wits: 3, empathy: 3, armor: 0, hopeLost: 0 }, 'Derringer: +2, damage 2, Engaged–Short.'), es('Derringer', 'w1')),
];
