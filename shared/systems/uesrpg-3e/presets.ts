import { armed, preset, type PresetTemplate } from '../../system-kit/presets';
import { BANDIT_WEAPONS, BRAWLER_WEAPONS, LEGIONARY_WEAPONS } from './preset-weapons';

/**
 * UESRPG 3e: natural weapons and the combat-style rules (seed 001).
 */
export const uesrpg3ePresets: readonly PresetTemplate[] = [
  armed(preset('uesrpg-3e', 'bandit', 'Bandit', 'npc', { strength: 35, endurance: 30, agility: 35, intelligence: 25, willpower: 25, perception: 30, luck: 40, combatStyle: 45, evade: 35, arBody: 2, arRightLeg: 1, arLeftLeg: 1, arRightArm: 1, arLeftArm: 1, arHead: 0 }, 'Sword and leather armour.'), ...BANDIT_WEAPONS),
  armed(preset('uesrpg-3e', 'legionary', 'Imperial legionary', 'npc', { strength: 40, endurance: 40, agility: 35, intelligence: 30, willpower: 35, perception: 35, luck: 40, combatStyle: 55, evade: 30, arBody: 5, arRightLeg: 4, arLeftLeg: 4, arRightArm: 4, arLeftArm: 4, arHead: 4 }, 'Gladius and shield (Block Rating 6).'), ...LEGIONARY_WEAPONS),
  armed(preset('uesrpg-3e', 'brawler', 'Tavern brawler', 'npc', { strength: 40, endurance: 35, agility: 30, intelligence: 20, willpower: 25, perception: 25, luck: 30, combatStyle: 40, evade: 25, arBody: 0, arRightLeg: 0, arLeftLeg: 0, arRightArm: 0, arLeftArm: 0, arHead: 0 }, 'Unarmed: punches and kicks 1d4, 1 m.'), ...BRAWLER_WEAPONS),
  preset('uesrpg-3e', 'adventurer', 'Adventurer', 'pc', { strength: 40, endurance: 40, agility: 45, intelligence: 35, willpower: 35, perception: 40, luck: 40, combatStyle: 55, evade: 45, arBody: 3, arRightLeg: 2, arLeftLeg: 2, arRightArm: 2, arLeftArm: 2, arHead: 2, lucky: [7, 17, 27, 37], unlucky: [96] }, 'Luck Bonus 4: four lucky numbers, one unlucky.'),
];
