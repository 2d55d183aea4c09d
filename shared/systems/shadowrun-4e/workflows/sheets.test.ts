import { describe, expect, it } from 'vitest';
import { shadowrun4ePresets } from '../presets';
import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import { catalogueWeapon } from '../sheet-weapons';
import type { FieldDef, Participant, ResolveContext, ResolveWorkflow, RolledStage } from '../../../system-kit/workflow';
import { shadowrun4eModule } from '../module';
import { stage } from './test-support';

/** The Shadowrun workflows as the panel has them (with the "from the sheets" step). */
const workflow = (id: string): ResolveWorkflow => shadowrun4eModule.workflows.find((wf) => wf.id === id)!;
const ranged = workflow('sr4-ranged-attack');
const melee = workflow('sr4-melee-attack');
const blast = workflow('sr4-explosive');

/** A combatant added from a ready-made bestiary entry: its stats and weapons are its sheet. */
function fromPreset(template: string, combatantId: string, name = template): Participant {
  const preset = shadowrun4ePresets.find((p) => p.name === template)!;
  return {
    combatantId,
    name,
    kind: preset.kind,
    stats: preset.stats,
    weapons: preset.weapons ?? [],
    health: { physical: 0, stun: 0 },
  };
}

const ctx = (attacker: Participant, ...targets: Participant[]): ResolveContext => ({
  attackers: [attacker],
  targets,
  toggles: {},
});
const samurai = fromPreset('Street samurai', 'sam');
const ganger = fromPreset('Ganger', 'g1', 'Ganger 1');
const security = fromPreset('Corporate security', 'sec');
const mage = fromPreset('Combat mage', 'mage');

const field = (wf: ResolveWorkflow, context: ResolveContext, id: string): FieldDef =>
  wf.fields(context).find((f) => f.id === id)!;

describe('the Shadowrun rolls read the sheets', () => {
  const pairs: [string, ResolveWorkflow, ResolveContext][] = [
    ['ranged, samurai on ganger', ranged, ctx(samurai, ganger)],
    ['ranged, security on mage', ranged, ctx(security, mage)],
    ['melee, samurai on ganger', melee, ctx(samurai, ganger)],
    ['melee, mage on security', melee, ctx(mage, security)],
    ['blast, security on two', blast, ctx(security, ganger, samurai)],
    ['blast, samurai on one', blast, ctx(samurai, ganger)],
  ];

  it.each(pairs)(
    '%s: every value from a sheet is the form’s default for its field, and the form is ready to roll',
    (_name, wf, context) => {
      const { sources } = wf.fromSheets!(context);
      const defaults = wf.defaults(context);
      const ids = wf.fields(context).map((f) => f.id);
      expect(sources.length).toBeGreaterThanOrEqual(2);
      for (const source of sources) {
        expect(defaults[source.fieldId], source.from).toEqual(source.value);
        expect(ids, source.fieldId).toContain(source.fieldId);
      }
      expect(wf.problems(defaults, context)).toEqual([]);
    },
  );

  it("the skill follows the weapon the GM chooses: the sheet's rating in that weapon's skill", () => {
    const context = ctx(samurai, ganger);
    // The samurai's own rifle: Automatics 5, smartlinked. A table heavy pistol instead: Pistols 4, no smartlink.
    expect(ranged.defaults(context)).toMatchObject({ weapon: 'sheet:w1', skill: 5, sight: 'smartlink' });
    const pistol = ranged.defaults(context, { weapon: 'ares-predator-iv' });
    expect(pistol).toMatchObject({ weapon: 'ares-predator-iv', skill: 4 });
    expect(pistol.sight).not.toBe('smartlink');
    expect(ranged.fromSheets!(context, { weapon: 'ares-predator-iv' }).sources.slice(0, 1)).toEqual([
      { fieldId: 'skill', value: 4, from: "Street samurai's sheet: Pistols 4" },
    ]);
    // In melee: the katana (Blades 4) by default; unarmed (Unarmed Combat 3) when the GM chooses it.
    expect(melee.defaults(ctx(samurai, ganger))).toMatchObject({ weapon: 'sheet:w2', skill: 4 });
    expect(melee.defaults(ctx(samurai, ganger), { weapon: 'unarmed' })).toMatchObject({ weapon: 'unarmed', skill: 3 });
    // A skill the sheet lacks keeps the professional's 3: the mage has Pistols 2 but no Automatics.
    expect(ranged.defaults(ctx(mage, ganger))).toMatchObject({ skill: 2 });
    expect(ranged.defaults(ctx(mage, ganger), { weapon: 'ares-alpha' })).toMatchObject({ skill: 3 });
  });

  it('ranged: the samurai’s smartlinked rifle, its skill, and the ganger’s Reaction, armour and Dodge', () => {
    const context = ctx(samurai, ganger);
    expect(ranged.fromSheets!(context).sources).toEqual([
      { fieldId: 'weapon', value: 'sheet:w1', from: "Street samurai's sheet" },
      { fieldId: 'sight', value: 'smartlink', from: "Street samurai's sheet: Ares Alpha smartlinked" },
      { fieldId: 'skill', value: 5, from: "Street samurai's sheet: Automatics 5" },
      { fieldId: 'target.g1.reaction', value: 3, from: "Ganger 1's sheet" },
      { fieldId: 'target.g1.ballistic', value: 4, from: "Ganger 1's sheet" },
      { fieldId: 'target.g1.impact', value: 2, from: "Ganger 1's sheet" },
      { fieldId: 'dodge', value: 2, from: "Ganger 1's sheet: Dodge 2" },
    ]);
    const weapon = field(ranged, context, 'weapon');
    expect(weapon.kind === 'choice' && weapon.options.slice(0, 2)).toEqual([
      {
        value: 'sheet:w1',
        label: 'Ares Alpha',
        hint: "Street samurai's sheet · Assault rifle · Automatics · 6P · AP −1 · SA/BF/FA · RC 2 · smartlink",
      },
      {
        value: 'defiance-super-shock',
        label: 'Defiance Super Shock',
        hint: 'Taser · Pistols · 6S(e) · AP −half · SS · RC 0',
      },
    ]);
    expect(field(ranged, context, 'skill').help).toBe(
      "Pistols, Automatics, Longarms or Heavy Weapons, as the weapon needs. Street samurai's sheet: Automatics 5, Pistols 4.",
    );
    // Agility 6 + Automatics 5 + smartlink 2 = 13 dice against Reaction 3.
    expect(ranged.nextStage(ranged.defaults(context), context, [])).toMatchObject({
      count: 13,
      label: 'Attack: 13 dice (Agility 6 + Automatics 5, modifiers +2)',
    });
  });

  it('ranged: the explanation starts with the numbers from the sheets, and says which the GM changed', () => {
    const context = ctx(samurai, ganger);
    const setup = ranged.defaults(context);
    // 13 dice, 3 hits; Reaction 3, no hits; Body 3 + Ballistic 4 − 1 AP = 6 dice.
    const rolled = [
      stage('attack', [5, 5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 2, 2]),
      stage('defence', [1, 2, 3]),
      stage('soak', [5, 1, 1, 2, 2, 3]),
    ];
    expect(ranged.resolve(setup, context, rolled).steps[0]).toEqual({
      text: "From the sheets: Weapon Ares Alpha (Street samurai's sheet); Sight Smartlink (+2) (Street samurai's sheet: Ares Alpha smartlinked); Firearm skill 5 (Street samurai's sheet: Automatics 5); Target's Reaction 3 (Ganger 1's sheet); Target's Ballistic armour 4 (Ganger 1's sheet); Target's Impact armour 2 (Ganger 1's sheet); Target's Dodge 2 (Ganger 1's sheet: Dodge 2).",
      rule: { section: 'Resolving an Attack', source: 'default' },
    });
    const changed = { ...setup, skill: 4, 'target.g1.ballistic': 6 };
    // 12 dice now; Body 3 + Ballistic 6 − 1 AP = 8 resistance dice.
    const fewer = [
      stage('attack', [5, 5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 2]),
      rolled[1]!,
      stage('soak', [5, 1, 1, 2, 2, 3, 4, 4]),
    ];
    expect(ranged.resolve(changed, context, fewer).steps[0]!.text).toBe(
      "From the sheets: Weapon Ares Alpha (Street samurai's sheet); Sight Smartlink (+2) (Street samurai's sheet: Ares Alpha smartlinked); Target's Reaction 3 (Ganger 1's sheet); Target's Impact armour 2 (Ganger 1's sheet); Target's Dodge 2 (Ganger 1's sheet: Dodge 2). Set for this roll: Firearm skill 4 instead of 5 (Street samurai's sheet: Automatics 5); Target's Ballistic armour 6 instead of 4 (Ganger 1's sheet).",
    );
  });

  it('ranged and melee: another weapon keeps the form’s skill, and the explanation says what the sheet holds for it', () => {
    const context = ctx(samurai, ganger);
    const texts = (wf: ResolveWorkflow, patch: Record<string, string | number>, rolled: ReturnType<typeof stage>[]) =>
      wf.resolve({ ...wf.defaults(context), ...patch }, context, rolled).steps.map((s) => s.text);
    const missed = (attackDice: number, defenceDice = 3) => [
      stage('attack', Array<number>(attackDice).fill(2)),
      stage('defence', Array<number>(defenceDice).fill(2)),
    ];
    const note =
      "Street samurai's sheet has Pistols 4 for the Ares Predator IV; this roll uses 5, the skill set in the form.";
    // Agility 6 + 5 + smartlink 2 = 13 dice, all misses.
    expect(texts(ranged, { weapon: 'ares-predator-iv' }, missed(13))).toContain(note);
    expect(texts(ranged, { weapon: 'ares-predator-iv', skill: 4 }, missed(12))).not.toContain(note);
    expect(texts(ranged, {}, missed(13)).filter((t) => t.includes('sheet has'))).toEqual([]);
    // Unarmed (no Reach) with Blades 4 from the katana: Agility 6 + 4 = 10 dice against Dodge 2 + Reaction 3;
    // the sheet's Unarmed Combat is 3.
    expect(texts(melee, { weapon: 'unarmed' }, missed(10, 5))).toContain(
      "Street samurai's sheet has Unarmed Combat 3 for unarmed attacks; this roll uses 4, the skill set in the form.",
    );
  });

  it('ranged: a custom sheet weapon is fired with its own numbers', () => {
    const zapper: SheetWeapon = {
      id: 'z',
      name: 'Zapper',
      values: { ...catalogueWeapon('ares-predator-iv').values, dv: 9, ap: -4, rc: 1, modeSA: false, modeSS: true },
    };
    const context = ctx({ ...ganger, weapons: [zapper] }, samurai);
    expect(ranged.defaults(context)).toMatchObject({ weapon: 'sheet:z', skill: 3 });
    const rolled = [
      stage('attack', [5, 5, 1, 1, 2, 2]),
      stage('defence', [1, 1, 1, 1, 1]),
      stage('soak', [1, 1, 1, 1, 1, 1, 1, 1, 1]),
    ];
    const resolution = ranged.resolve(ranged.defaults(context), context, rolled);
    expect(resolution.steps.map((s) => s.text)).toContain('Zapper: 9P, AP −4, SS, RC 1.');
    // 2 net hits: DV 9 + 2 = 11 against Ballistic 8 − 4 = 4; Body 5 + 4 = 9 dice, no hits.
    expect(resolution.result).toMatchObject({ modifiedDv: 11, armourAfterAp: 4, damage: 11, damageType: 'P' });
  });

  it('ranged: a sheet weapon the roll cannot use says why, and an ad-hoc participant has no sheet to cite', () => {
    const broken: SheetWeapon = {
      id: 'b',
      name: 'Zip gun',
      values: { ...catalogueWeapon('ares-predator-iv').values, rangeCategory: 'none' },
    };
    const context = ctx({ ...ganger, weapons: [broken] }, samurai);
    expect(ranged.problems(ranged.defaults(context), context)).toEqual([
      'Zip gun has no range table row: choose one on the sheet to fire it.',
    ]);
    const adhoc = ctx({ ...samurai, combatantId: undefined }, { ...ganger, combatantId: undefined });
    expect(ranged.fromSheets!(adhoc).sources).toEqual([]);
    expect(ranged.defaults(adhoc)).toMatchObject({ weapon: 'sheet:w1', skill: 5, 'target.adhoc0.ballistic': 4 });
  });

  it('melee: the samurai’s katana and Blades; the ganger’s Reaction, Impact armour, Dodge, Unarmed Combat and knife’s Reach', () => {
    expect(melee.fromSheets!(ctx(samurai, ganger)).sources).toEqual([
      { fieldId: 'weapon', value: 'sheet:w2', from: "Street samurai's sheet" },
      { fieldId: 'skill', value: 4, from: "Street samurai's sheet: Blades 4" },
      { fieldId: 'target.g1.reaction', value: 3, from: "Ganger 1's sheet" },
      { fieldId: 'target.g1.impact', value: 2, from: "Ganger 1's sheet" },
      { fieldId: 'dodge', value: 2, from: "Ganger 1's sheet: Dodge 2" },
      { fieldId: 'defenceSkill', value: 2, from: "Ganger 1's sheet: Unarmed Combat 2" },
      { fieldId: 'defenderReach', value: 0, from: "Ganger 1's sheet: Knife, Reach 0" },
    ]);
    // Katana (STR/2+3)P with Strength 4: DV 2 + 3 = 5; Agility 6 + Blades 4 + Reach 1 − 0 = 11 dice.
    const context = ctx(samurai, ganger);
    expect(melee.nextStage(melee.defaults(context), context, [])).toMatchObject({ count: 11 });
    // The combat mage has no melee weapon: unarmed, with the Unarmed Combat on its sheet.
    expect(melee.defaults(ctx(mage, ganger))).toMatchObject({ weapon: 'unarmed', skill: 1 });
  });

  it('blast: the guard’s grenades and Throwing Weapons, each target’s Reaction and Impact armour', () => {
    const context = ctx(security, ganger, samurai);
    expect(blast.fromSheets!(context).sources).toEqual([
      { fieldId: 'explosive', value: 'sheet:w3', from: "Corporate security's sheet" },
      { fieldId: 'delivery', value: 'standard', from: "Corporate security's sheet: Fragmentation grenades (2)" },
      { fieldId: 'skill', value: 3, from: "Corporate security's sheet: Throwing Weapons 3" },
      { fieldId: 'target.g1.reaction', value: 3, from: "Ganger 1's sheet" },
      { fieldId: 'target.g1.impact', value: 2, from: "Ganger 1's sheet" },
      { fieldId: 'target.sam.reaction', value: 5, from: "Street samurai's sheet" },
      { fieldId: 'target.sam.impact', value: 6, from: "Street samurai's sheet" },
    ]);
    expect(field(blast, context, 'target.sam.impact').label).toBe('Street samurai: Impact armour');
    // Agility 4 + Throwing Weapons 3 = 7 dice.
    expect(blast.nextStage(blast.defaults(context), context, [])).toMatchObject({ count: 7 });
  });

  it('blast: launching the guard’s grenade keeps the Throwing Weapons rating, and the explanation says what the sheet holds', () => {
    const context = ctx(security, ganger);
    // Every die of every stage (scatter and direction included) shows 2: a miss, a full scatter.
    const notes = (patch: Record<string, string | number>) => {
      const setup = { ...blast.defaults(context), ...patch };
      const rolled: RolledStage[] = [];
      for (let next = blast.nextStage(setup, context, rolled); next; next = blast.nextStage(setup, context, rolled))
        rolled.push({
          stageId: next.id,
          groups: [next, ...(next.extra ?? [])].map((g) => ({
            id: g.id,
            sides: 6,
            faces: Array<number>(g.count).fill(2),
          })),
          source: 'physical',
        });
      return blast
        .resolve(setup, context, rolled)
        .steps.map((s) => s.text)
        .filter((t) => t.includes('sheet has'));
    };
    expect(notes({})).toEqual([]);
    // Launched, it is Heavy Weapons, which the guard's sheet does not hold: nothing to compare the form's 3 with.
    expect(notes({ delivery: 'launcher' })).toEqual([]);
    expect(notes({ skill: 4 })).toEqual([
      "Corporate security's sheet has Throwing Weapons 3 for the Fragmentation (grenade); this roll uses 4, the skill set in the form.",
    ]);
  });

  it('blast: a thrower without the skill keeps the professional’s rating, and the help says so', () => {
    const context = ctx(samurai, ganger);
    expect(blast.defaults(context)).toMatchObject({ explosive: 'fragmentation-grenade', skill: 3 });
    expect(blast.fromSheets!(context).sources.map((s) => s.fieldId)).toEqual([
      'target.g1.reaction',
      'target.g1.impact',
    ]);
    expect(field(blast, context, 'skill').help).toBe(
      "Throwing Weapons for a thrown grenade, Heavy Weapons for a launcher. Street samurai's sheet has no Throwing Weapons: 3 stands in (a professional's rating); set it, or 0 to attack unskilled.",
    );
  });
});
