import { SECTIONS } from './rules';
import type { RuleSummary } from '../../system-kit/rule-summary';

/** Hardware RPG playtest v0.1 (seeds/004_4f030c793f7fe0c7.txt), one summary per SECTIONS heading. */
export const hardwareSummaries: readonly RuleSummary[] = [
  {
    section: SECTIONS.combat,
    source: 'seed',
    text: 'Combat runs in rounds of about ten seconds: PCs who pass an AGL save at the start of the fight act first, then their opponents (later rounds simply begin with the PCs), and the results of a side’s actions happen simultaneously. Attacks hit automatically; the damage die minus Cover and Armor comes off Stamina, and what goes past Stamina hits BOD and may cause Critical Damage. Retreat needs a successful AGL save and a safe place to run to, attacks that armour affects are Impaired against hardened foes, and a PC who dies is replaced at once by a new character or a contractor.',
  },
  {
    section: SECTIONS.rounds,
    source: 'seed',
    text: 'A round is roughly ten seconds. At the start of the fight each PC makes an AGL save to act before the opponents, and a PC who fails loses their turn that round; then the opponents act. The next round simply begins with the PCs, followed by their opponents. The results of each side’s actions occur simultaneously, and special abilities, items or skills may remove the need for the save.',
  },
  {
    section: SECTIONS.actions,
    source: 'seed',
    text: 'On their turn a character may move up to 10 m and take up to one action: deploying a hack, attacking, moving a second time or another reasonable action. Everyone declares what they do before dice are rolled, and the Admin calls for a save when someone tries something risky.',
  },
  {
    section: SECTIONS.attacking,
    source: 'seed',
    text: 'Attacks in combat hit automatically. Everyone attacking the same foe rolls damage; other results of 4 or more may be discarded to add 1 damage each (assist), and the highest remaining result plus assists is the attack. Subtract the target’s Cover and Armor, deal the rest to Stamina, and apply the effects of the weapon that rolled the highest result.',
  },
  {
    section: SECTIONS.modifiers,
    source: 'seed',
    text: 'Each Edge over the target steps the damage die up one size (d4, d6, d8, d10, d12), to at most d12: a d8 sniper rifle with one Edge rolls d10. Impaired attacks always roll d4 and cannot be improved by Edges. Dual-wielding rolls both damage dice and keeps the higher, and Aiming at a visible target for a turn makes next turn’s attack on it deal maximum damage unless it leaves line of sight.',
  },
  {
    section: SECTIONS.protection,
    source: 'seed',
    text: 'Cover and Armor reduce damage before it reaches Stamina, Cover first; Buffer does the same for stress. Armor and Buffer are each capped at 3, and helmets or cyberdecks add their bonus only while held, worn or installed.',
  },
  {
    section: SECTIONS.armor,
    source: 'seed',
    text: 'Subtract the target’s Armor from damage rolls before they reach Stamina. Helmets and similar armour add bonus Armor (such as +1) only while held, worn or installed, and no PC, NPC or creature can have more than 3 Armor.',
  },
  {
    section: SECTIONS.cover,
    source: 'seed',
    text: 'Subtract the target’s Cover from damage before Armor, so cover and armour together can reduce more than 3. Light Cover (wooden crates, a short wall) is +1 and Heavy Cover (concrete pillars, a large vehicle) +2; attacks made from behind Heavy Cover are Impaired. Flanking for a clear view negates cover, and destructive weapons can destroy it.',
  },
  {
    section: SECTIONS.buffer,
    source: 'seed',
    text: 'Subtract the target’s Buffer from stress rolls before they reach Stamina, self-inflicted stress included. Cyberdecks and similar devices add bonus Buffer only while held, worn or installed, and no one can have more than 3 Buffer.',
  },
  {
    section: SECTIONS.ranged,
    source: 'seed',
    text: 'Ranged weapons can target any enemy in sight, and ammo is normally tracked only after combat. Attacks against especially distant targets, or with an unimpaired enemy beside you, are Impaired. Rough ranges: Close is right beside the target, Near within 30 m, Far beyond 30 m.',
  },
  {
    section: SECTIONS.ammo,
    source: 'seed',
    text: 'Each Ammo takes one inventory slot and is shared within its group: Handgun, Rifle, Shotgun, Explosive or Arrow. After combat make an AGL save for each firearm used (with Disadvantage after a burst attack); on a failure discard one Ammo of that type. A weapon with the reload tag discards 1 Ammo after every attack, and changing Ammo type in combat discards the current Ammo.',
  },
  {
    section: SECTIONS.criticalDamage,
    source: 'seed',
    text: 'Damage that takes Stamina below zero comes off BOD by the amount left over, and the target at once makes a BOD save against the new BOD. On a failure a PC is Dying and adds a Wound: they can only crawl, stabilise if given aid such as a Medkit, and die within the hour if untreated. NPCs and monsters that fail are dead at the Admin’s discretion.',
  },
  {
    section: SECTIONS.criticalStress,
    source: 'seed',
    text: 'Stress that takes Stamina below zero comes off CTR by the amount left over, followed at once by a CTR save against the new CTR. On a failure a PC is Overloaded and adds a Strain, and can take no action that would stress them until they recover at least 1 Stamina. NPCs and monsters that fail make a morale check at the Admin’s discretion.',
  },
  {
    section: SECTIONS.attributeLoss,
    source: 'seed',
    text: 'Damage a PC takes outside combat goes to an attribute instead, usually BOD. BOD 0 means death, AGL 0 paralysis and CTR 0 a mental breakdown; with AGL or CTR gone the character cannot act until restored by extended rest or extraordinary means.',
  },
  {
    section: SECTIONS.death,
    source: 'seed',
    text: 'When a character dies, the player makes a new character or takes control of a contractor, who joins the party at once to keep downtime short.',
  },
  {
    section: SECTIONS.retreat,
    source: 'seed',
    text: 'Running away from a dire situation always needs a successful AGL save and a safe destination to run to.',
  },
  {
    section: SECTIONS.hardened,
    source: 'seed',
    text: 'Very tough entities can be Hardened: attacks affected by armour against them are Impaired. Fighting a Hardened enemy without piercing or shred weapons is very difficult.',
  },
  {
    section: SECTIONS.saves,
    source: 'book',
    text: 'Roll a d20: a result at or under the attribute succeeds. A 1 always succeeds and a 20 always fails. With Disadvantage, roll two d20 and keep the worse.',
  },
  {
    section: SECTIONS.gearTags,
    source: 'book',
    text: 'A weapon’s gear tags change its hits: Piercing ignores Armor. Shred lowers the target’s Armor by 1 when it deals damage. Blast rolls damage separately for each target.',
  },
  {
    section: SECTIONS.morale,
    source: 'book',
    text: 'NPC groups make a CTR save at their first casualty and again when they are down to half strength.',
  },
];
