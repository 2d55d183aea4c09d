import { describe, expect, it } from 'vitest';
import type { Stats } from '../../../system-kit/tracker-rules';
import { RULES } from '../sections';
import { customWeapon, PUNCHES_KICKS_WEAPON } from '../sheet-weapons';
import { BANDIT_WEAPONS, LEGIONARY_WEAPONS } from '../preset-weapons';
import type { Participant, ResolveContext, ResolveWorkflow } from '../../../system-kit/workflow';
import { uesrpg3eModule } from '../module';
import { BANDIT, ctx, figure, participant, setup, simulateResolutions, stage } from './fixtures.test-support';
import { grapple, meleeAttack, rangedAttack, spellAttack } from './index';

/** The bestiary's Imperial legionary: CS 55, Evade 30, AR 5 body / 4 elsewhere; HP 20, WT 4 + 4 + 3 = 11. */
const LEGIONARY: Stats = {
  strength: 40,
  endurance: 40,
  agility: 35,
  intelligence: 30,
  willpower: 35,
  perception: 35,
  luck: 40,
  combatStyle: 55,
  evade: 30,
  arBody: 5,
  arRightLeg: 4,
  arLeftLeg: 4,
  arRightArm: 4,
  arLeftArm: 4,
  arHead: 4,
};

const BOW = customWeapon('bow', 'Bow', {
  type: 'ranged',
  dice: { count: 1, sides: 8, bonus: 0 },
  reach: 0,
  range: { close: 10, effective: 30, long: 100 },
  style: 'second',
  blockRating: 0,
  magicBr: false,
});
const SPEAR = customWeapon('spear', 'Spear', {
  type: 'melee',
  dice: { count: 1, sides: 10, bonus: 1 },
  reach: 2,
  style: 'none',
  blockRating: 0,
  magicBr: false,
});

const bandit = participant('b', 'Bandit', 'npc', { ...BANDIT, combatStyle2: 35 }, 15, {
  weapons: [...BANDIT_WEAPONS, BOW, SPEAR],
});
const legionary = participant('l', 'Legionary', 'npc', LEGIONARY, 20, { weapons: LEGIONARY_WEAPONS });
const brawler = participant('r', 'Brawler', 'npc', { ...BANDIT, athletics: 50 }, 15, {
  weapons: [PUNCHES_KICKS_WEAPON],
});
/** Typed in the panel, not an encounter combatant: no sheet. */
const adHoc: Participant = { name: 'Stranger', kind: 'npc', stats: LEGIONARY, weapons: LEGIONARY_WEAPONS };

const ALL: readonly ResolveWorkflow[] = [meleeAttack, rangedAttack, spellAttack, grapple];
const CONTEXTS: readonly ResolveContext[] = [
  ctx(bandit, legionary),
  ctx(legionary, bandit),
  ctx(brawler, legionary),
  ctx(legionary, brawler),
  ctx(bandit, adHoc),
  ctx(
    participant('g', 'Grappler', 'npc', BANDIT, 15, { conditionIds: ['grappling'], weapons: BANDIT_WEAPONS }),
    participant('h', 'Held', 'npc', LEGIONARY, 20, { conditionIds: ['restrained'] }),
  ),
];

describe('UESRPG rolls read the sheets', () => {
  it('every value a workflow takes from a sheet is its default, and each says whose sheet', () => {
    for (const workflow of ALL) {
      for (const context of CONTEXTS) {
        const defaults = workflow.defaults(context);
        const { sources } = workflow.fromSheets!(context);
        expect(sources.length, `${workflow.id}`).toBeGreaterThan(0);
        for (const source of sources) {
          expect(source.value, `${workflow.id} ${source.fieldId}`).toBe(defaults[source.fieldId]);
          expect(source.from).toMatch(/^(Bandit|Legionary|Brawler|Grappler|Held)'s sheet/);
        }
        expect(workflow.problems(defaults, context)).toEqual([]);
      }
    }
  });

  it('the melee attack takes the sword, both Combat Styles, the Evade, the shield and the parrying gladius', () => {
    expect(meleeAttack.fromSheets!(ctx(bandit, legionary)).sources).toEqual([
      { fieldId: 'weapon', value: 'sheet:sword', from: "Bandit's sheet: Sword" },
      { fieldId: 'styleTn', value: 45, from: "Bandit's sheet: Combat Style 45" },
      { fieldId: 'evadeTn', value: 30, from: "Legionary's sheet: Evade 30" },
      { fieldId: 'defenceStyleTn', value: 55, from: "Legionary's sheet: Combat Style 55" },
      { fieldId: 'shieldBr', value: 6, from: "Legionary's sheet: Shield BR 6" },
      { fieldId: 'counterWeapon', value: 'sheet:gladius', from: "Legionary's sheet: Gladius" },
    ]);
    const weapon = meleeAttack.fields(ctx(bandit, legionary)).find((f) => f.id === 'weapon')!;
    expect(weapon.kind === 'choice' && weapon.options.map((o) => o.label)).toEqual([
      'Sheet: Sword (1d8, 1 m)',
      'Sheet: Spear (1d10+1, 2 m, outside the Combat Styles −20)',
      'Punches/Kicks (1d4, 1 m)',
      'Weapon',
      'Improvised weapon',
    ]);
  });

  it('the ranged attack offers the bow with its ranges and its second Combat Style', () => {
    const context = ctx(bandit, legionary);
    expect(rangedAttack.fromSheets!(context).sources.slice(0, 3)).toEqual([
      { fieldId: 'weapon', value: 'sheet:bow', from: "Bandit's sheet: Bow" },
      { fieldId: 'styleTn', value: 45, from: "Bandit's sheet: Combat Style 45" },
      { fieldId: 'secondStyleTn', value: 35, from: "Bandit's sheet: Second Combat Style 35" },
    ]);
    expect(rangedAttack.fields(context).find((f) => f.id === 'rangeBand')!.help).toBe(
      'Bow: close to 10 m, effective to 30 m, long to 100 m.',
    );
    // Close range +10 on the second Combat Style 35: TN 45; the prompt and the step say which style.
    const values = setup(rangedAttack, context, { rangeBand: 'close', defence: 'none' });
    expect(rangedAttack.nextStage(values, context, [])!.label).toBe(
      'Attack: d100 against TN 45 (second Combat Style 35, close range +10)',
    );
    const rolled = [stage('attack', 100, [21]), stage('damage', 8, [6])];
    expect(rangedAttack.nextStage(values, context, [stage('attack', 100, [21])])!.label).toBe('Damage: Bow 1d8');
    const result = rangedAttack.resolve(values, context, rolled);
    expect(result.steps[0]).toEqual({
      text: 'Bandit attacks with their second Combat Style (Ag): TN 35.',
      rule: RULES.attack,
    });
    // 21 → ones digit 1, the body (AR 5): 6 − 5 = 1.
    expect(result.summary).toBe('Bandit → Legionary (Bow 1d8, 21 vs TN 45): hit, Body, 6 − AR 5 = 1 damage.');
  });

  it('a sheet weapon outside both Combat Styles costs −20, with its own name in the step', () => {
    const context = ctx(bandit, legionary);
    const values = setup(meleeAttack, context, { weapon: 'sheet:spear', defence: 'none' });
    const result = meleeAttack.resolve(values, context, [stage('attack', 100, [18]), stage('damage', 10, [9])]);
    expect(result.steps.slice(0, 2).map((s) => s.text)).toEqual([
      'Bandit attacks with their Combat Style (Str or Ag): TN 45.',
      'The Spear is not in the Combat Style: the standard −20 untrained penalty → 25.',
    ]);
    // 18 → ones digit 8, the right arm (AR 4): 1d10+1 = 9 + 1 = 10, 10 − 4 = 6.
    expect(result.summary).toBe(
      'Bandit → Legionary (Spear 1d10+1, 18 vs TN 25): hit, Right Arm, 10 − AR 4 = 6 damage.',
    );
  });

  it('natural weapons on the sheet fight by the unarmed rules; the defender parries with its sheet weapon', () => {
    const context = ctx(brawler, legionary);
    const values = setup(meleeAttack, context, { defence: 'counter' });
    expect(values.weapon).toBe('sheet:punches-kicks');
    // The Brawler's 30 ≤ 45 succeeds with 3 DoS; the Legionary's counter-attack 44 ≤ 55 with 4 DoS: more DoS,
    // so the gladius hits the Brawler.
    const rolled = [stage('attack', 100, [30]), stage('defence', 100, [44])];
    expect(meleeAttack.nextStage(values, context, rolled)!.label).toBe('Counter-attack damage: Gladius 1d6');
  });

  it('the explanation starts with where each number came from, and what the GM set instead', () => {
    const melee = uesrpg3eModule.workflows.find((w) => w.id === 'melee-attack')!;
    const context = ctx(bandit, legionary);
    // 23 ≤ 45 succeeds; the Block 41 ≤ 55 succeeds: blocked. 1d8 7 > BR 6: all 7 to the left arm (AR 4) = 3.
    const values = setup(melee, context, { defence: 'block' });
    const rolled = [stage('attack', 100, [23]), stage('defence', 100, [41]), stage('damage', 8, [7])];
    const result = melee.resolve(values, context, rolled);
    expect(result.steps[0]).toEqual({
      text: "From the sheets: Weapon Sheet: Sword (1d8, 1 m) (Bandit's sheet: Sword); Combat Style TN 45 (Bandit's sheet: Combat Style 45); Defender’s Evade TN 30 (Legionary's sheet: Evade 30); Defender’s Combat Style TN 55 (Legionary's sheet: Combat Style 55); Shield BR 6 (Legionary's sheet: Shield BR 6); Defender’s weapon (Parry, Counter-attack) Sheet: Gladius (1d6, 1 m) (Legionary's sheet: Gladius).",
      rule: { section: 'The combat roll › Step 1: Attack', source: 'seed' },
    });
    expect(result.summary).toBe(
      'Bandit → Legionary (Sword 1d8, 23 vs TN 45): blocked, through to the Left Arm, 7 − AR 4 = 3 damage.',
    );
    const changed = melee.resolve({ ...values, styleTn: 50, shieldBr: 8 }, context, [
      stage('attack', 100, [23]),
      stage('defence', 100, [41]),
      stage('damage', 8, [7]),
    ]);
    expect(changed.steps[0]!.text).toBe(
      "From the sheets: Weapon Sheet: Sword (1d8, 1 m) (Bandit's sheet: Sword); Defender’s Evade TN 30 (Legionary's sheet: Evade 30); Defender’s Combat Style TN 55 (Legionary's sheet: Combat Style 55); Defender’s weapon (Parry, Counter-attack) Sheet: Gladius (1d6, 1 m) (Legionary's sheet: Gladius). Set for this roll: Combat Style TN 50 instead of 45 (Bandit's sheet: Combat Style 45); Shield BR 8 instead of 6 (Legionary's sheet: Shield BR 6).",
    );
    expect(changed.summary).toBe(
      "Bandit → Legionary (Sword 1d8, 23 vs TN 50): blocked, 7 damage does not beat the shield's BR.",
    );
  });

  it('values typed ad hoc come from no sheet', () => {
    const adHocAttacker: Participant = { name: 'Stranger', kind: 'npc', stats: BANDIT, weapons: BANDIT_WEAPONS };
    expect(meleeAttack.fromSheets!(ctx(adHocAttacker, adHoc)).sources).toEqual([]);
    // The weapons still fill the choice.
    expect(meleeAttack.defaults(ctx(adHocAttacker, adHoc))).toMatchObject({ weapon: 'sheet:sword', shieldBr: 6 });
  });

  it('a spell is cast with the school skill on the sheet, else Willpower', () => {
    const mage = participant('m', 'Mage', 'npc', { ...LEGIONARY, schoolSkill: 60 }, 20);
    expect(spellAttack.fromSheets!(ctx(mage, legionary)).sources.slice(0, 1)).toEqual([
      { fieldId: 'schoolTn', value: 60, from: "Mage's sheet: Magic school skill 60" },
    ]);
    expect(spellAttack.fromSheets!(ctx(bandit, legionary)).sources).toEqual([
      { fieldId: 'schoolTn', value: 25, from: "Bandit's sheet: Willpower 25, no school skill" },
      { fieldId: 'evadeTn', value: 30, from: "Legionary's sheet: Evade 30" },
      { fieldId: 'defenceStyleTn', value: 55, from: "Legionary's sheet: Combat Style 55" },
      { fieldId: 'shieldBr', value: 6, from: "Legionary's sheet: Shield BR 6" },
    ]);
  });

  it('a grab is resisted with the best of Combat Style, Athletics and Evade', () => {
    expect(grapple.fromSheets!(ctx(legionary, brawler)).sources).toEqual([
      { fieldId: 'actorTn', value: 55, from: "Legionary's sheet: Combat Style 55" },
      {
        fieldId: 'opposingTn',
        value: 50,
        from: "Brawler's sheet: Athletics 50 (the best of Combat Style 45, Athletics 50, Evade 35)",
      },
    ]);
  });

  it('the grappler attacks a held target with a sheet weapon of 1 m; a longer one is refused', () => {
    const context = CONTEXTS[5]!;
    const values = setup(grapple, context);
    expect(values).toMatchObject({ grappleAction: 'attack', weapon: 'sheet:sword', actorTn: 45 });
    expect(grapple.fromSheets!(context).sources).toEqual([
      { fieldId: 'weapon', value: 'sheet:sword', from: "Grappler's sheet: Sword" },
      { fieldId: 'actorTn', value: 45, from: "Grappler's sheet: Combat Style 45" },
    ]);
    // 38 ≤ 45 hits the right arm (AR 4): Sword 1d8 7 − 4 = 3.
    const result = grapple.resolve(values, context, [stage('acting', 100, [38]), stage('damage', 8, [7])]);
    expect(result.summary).toBe(
      'Grappler attacks the Restrained Held (Sword 1d8, 38 vs TN 45): hit, Right Arm, 7 − AR 4 = 3 damage.',
    );
    const spearman = participant('g', 'Grappler', 'npc', BANDIT, 15, { conditionIds: ['grappling'], weapons: [SPEAR] });
    const long = ctx(spearman, context.targets[0]!);
    expect(grapple.defaults(long).weapon).toBe('unarmed');
    expect(grapple.problems({ ...grapple.defaults(long), weapon: 'sheet:spear' }, long)).toEqual([
      'A weapon with 2 m range is too long: attacks in a grapple need 1 m range or less.',
    ]);
  });

  it('a weapon list that does not fit the sheet rules is a problem, named', () => {
    const broken = participant('x', 'Broken', 'npc', BANDIT, 15, {
      weapons: [{ id: 'w1', name: 'Club', values: { ...BANDIT_WEAPONS[0]!.values, damageDie: '7' } }],
    });
    expect(meleeAttack.problems(meleeAttack.defaults(ctx(broken, legionary)), ctx(broken, legionary))).toEqual([
      'Broken: Weapon "Club": Damage: die: "7" is not one of the choices (d4, d6, d8, d10, d12).',
    ]);
  });

  it('the odds use the sheet weapon and shield: they agree with 20,000 seeded resolutions', () => {
    // The Spear (1d10+1, out of both styles: 45 − 20 = 25) against the legionary's Block with the
    // sheet's Shield BR 6: every damage outcome within 1.5 points of the exact odds.
    const context = ctx(bandit, legionary);
    const values = setup(meleeAttack, context, { weapon: 'sheet:spear', defence: 'block' });
    const odds = meleeAttack.odds(values, context);
    expect(figure(odds, 'Attack test succeeds')).toBeCloseTo(0.25, 12);
    const outcomes = odds.distribution!.outcomes;
    const runs = 20_000;
    const tally = new Map<string, number>();
    let blocked = 0;
    simulateResolutions(meleeAttack, values, context, runs, 'ues-sheet-spear', (resolution) => {
      const result = resolution.result as { outcome: string; damage: { to: string; afterArmour: number } | null };
      if (result.outcome === 'blocked') blocked++;
      const amount = result.damage?.to === 'target' ? result.damage.afterArmour : 0;
      const label = amount === 0 ? '0 (no damage)' : String(amount);
      tally.set(label, (tally.get(label) ?? 0) + 1);
    });
    expect(Math.abs(blocked / runs - figure(odds, 'Blocked'))).toBeLessThan(0.015);
    for (const outcome of outcomes) {
      expect(Math.abs((tally.get(outcome.label) ?? 0) / runs - outcome.p), outcome.label).toBeLessThan(0.015);
    }
    for (const label of tally.keys()) expect(outcomes.map((o) => o.label)).toContain(label);
    // 1d10+1 reaches 11: through the shield (more than BR 6) to the left arm (AR 4), at most 7.
    expect(outcomes.map((o) => o.label).at(-1)).toBe('7');
  });
});
