import { RulesError } from '../../shared/errors';
import type {
  DiceStage,
  Effect,
  FieldDef,
  FollowUp,
  OddsView,
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../shared/system-kit/workflow';
import type { RuleRef } from '../../shared/system-kit/rule-system';

/**
 * A small fake Year-Zero-like workflow for the roll panel's tests: pool = Agility + bonus
 * (+1 aimed), a hit is any 6, damage = weapon damage + extra sixes − armour sixes. A pistol adds a
 * gear die (an `extra` group); a hit is followed by an armour roll; a push re-rolls the pool.
 */
const rule = (section: string): RuleRef => ({ section, source: 'seed' });
const WEAPONS = {
  knife: { label: 'Knife', damage: 1, melee: true },
  pistol: { label: 'Pistol', damage: 2, melee: false },
} as const;
type WeaponId = keyof typeof WEAPONS;

const num = (p: Participant | undefined, id: string): number => {
  const value = p?.stats[id];
  return typeof value === 'number' ? value : 0;
};

function pool(setup: SetupValues, context: ResolveContext): number {
  return num(context.attackers[0], 'agility') + Number(setup.bonus ?? 0) + (setup.aimed === true ? 1 : 0);
}

const sixes = (stage: RolledStage | undefined): number =>
  (stage?.groups ?? []).reduce((sum, g) => sum + g.faces.filter((f) => f === 6).length, 0);

function attackStage(setup: SetupValues, context: ResolveContext): DiceStage {
  const weapon = WEAPONS[setup.weapon as WeaponId];
  const count = pool(setup, context);
  return {
    id: 'attack',
    label: `Attack: ${count} dice (Agility ${num(context.attackers[0], 'agility')} + bonus ${String(setup.bonus)})`,
    roller: context.attackers[0]!.name,
    count,
    sides: 6,
    ...(weapon.melee ? {} : { extra: [{ id: 'gear', label: 'Gear die', count: 1, sides: 6 }] }),
  };
}

function pushStage(setup: SetupValues, context: ResolveContext): DiceStage {
  return {
    id: 'push',
    label: `Push: re-roll ${pool(setup, context)} dice`,
    roller: context.attackers[0]!.name,
    count: pool(setup, context),
    sides: 6,
  };
}

function armourStage(context: ResolveContext): DiceStage {
  const target = context.targets[0]!;
  return {
    id: 'armour',
    label: `Armour: ${num(target, 'armor')} dice`,
    roller: target.name,
    count: num(target, 'armor'),
    sides: 6,
  };
}

/** Checks each rolled stage was asked for, with the dice it asked for. */
function checkRolled(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): void {
  for (const stage of rolled) {
    const expected =
      stage.stageId === 'attack'
        ? attackStage(setup, context)
        : stage.stageId === 'push'
          ? pushStage(setup, context)
          : stage.stageId === 'armour'
            ? armourStage(context)
            : null;
    if (!expected) throw new RulesError('invalid-input', `No stage "${stage.stageId}" was asked for.`);
    if (stage.groups[0]?.faces.length !== expected.count)
      throw new RulesError('invalid-input', `${expected.label} needs ${expected.count} faces.`);
  }
}

function attackSixes(rolled: readonly RolledStage[]): number {
  const push = rolled.find((s) => s.stageId === 'push');
  return sixes(push ?? rolled.find((s) => s.stageId === 'attack'));
}

export const fakeShot: ResolveWorkflow = {
  id: 'fake-shot',
  systemId: 'electric-state',
  label: 'Fake shot',
  attackers: 'one',
  targets: 'one',
  fields(): readonly FieldDef[] {
    return [
      {
        id: 'weapon',
        kind: 'choice',
        label: 'Weapon',
        group: 'attack',
        rule: rule('Weapons'),
        options: (Object.keys(WEAPONS) as WeaponId[]).map((id) => ({
          value: id,
          label: WEAPONS[id].label,
          hint: `Damage ${WEAPONS[id].damage}`,
        })),
      },
      {
        id: 'range',
        kind: 'choice',
        label: 'Range',
        group: 'situation',
        options: [
          { value: 'close', label: 'Close' },
          { value: 'long', label: 'Long' },
        ],
      },
      { id: 'bonus', kind: 'number', label: 'Bonus dice', group: 'extra', min: -3, max: 3, help: 'Gear and situation' },
      { id: 'aimed', kind: 'flag', label: 'Aimed', group: 'extra' },
    ];
  },
  defaults() {
    return { weapon: 'pistol', range: 'close', bonus: 0, aimed: false };
  },
  problems(setup, context) {
    const out: string[] = [];
    if (setup.weapon === 'knife' && setup.range === 'long') out.push('A knife cannot reach Long range.');
    if (pool(setup, context) < 1) out.push('The pool is below one die.');
    for (const target of context.targets) if (target.removed) out.push(`${target.name} has left the encounter.`);
    return out;
  },
  odds(setup, context): OddsView {
    const hit = 1 - (5 / 6) ** pool(setup, context);
    const damage = WEAPONS[setup.weapon as WeaponId].damage;
    return {
      figures: [
        { label: 'Hit', value: hit, format: 'percent' },
        { label: 'Expected damage', value: hit * damage, format: 'number' },
      ],
      distribution: {
        label: 'Damage before armour',
        outcomes: [
          { label: 'Miss', p: 1 - hit },
          { label: String(damage), p: hit },
        ],
      },
      note: 'Exact, counting one six per hit.',
    };
  },
  nextStage(setup, context, rolled) {
    checkRolled(setup, context, rolled);
    if (!rolled.some((s) => s.stageId === 'attack')) return attackStage(setup, context);
    if (attackSixes(rolled) > 0 && num(context.targets[0], 'armor') > 0 && !rolled.some((s) => s.stageId === 'armour'))
      return armourStage(context);
    return null;
  },
  resolve(setup, context, rolled): Resolution {
    checkRolled(setup, context, rolled);
    const attacker = context.attackers[0]!;
    const target = context.targets[0]!;
    const hits = attackSixes(rolled);
    const armour = sixes(rolled.find((s) => s.stageId === 'armour'));
    const damage = hits > 0 ? Math.max(0, WEAPONS[setup.weapon as WeaponId].damage + hits - 1 - armour) : 0;
    const effects: Effect[] =
      damage > 0 ? [{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: damage } }] : [];
    const followUps: FollowUp[] = rolled.some((s) => s.stageId === 'push')
      ? []
      : [
          {
            id: 'push',
            label: 'Push the roll',
            description: 'Re-roll the pool once.',
            rule: rule('Pushing'),
            stage: pushStage(setup, context),
          },
        ];
    return {
      steps: [
        {
          text: `${hits} ${hits === 1 ? 'six' : 'sixes'} on the attack: ${hits > 0 ? 'a hit' : 'a miss'}.`,
          rule: rule('Attacks'),
        },
        { text: `Armour stops ${armour}; ${damage} damage.`, rule: rule('Armour') },
      ],
      summary: `${attacker.name} shot ${target.name}: ${hits} sixes → ${damage} damage`,
      effects,
      followUps,
      result: { hits, armour, damage },
      // The shot is the attacker's action (Electric State's economy).
      spends: [{ on: { side: 'attackers', index: 0 }, actionId: 'action' }],
    };
  },
  fromTableRow(tableId, rowIndex) {
    if (tableId !== 'fake-weapons') return null;
    if (rowIndex === 0) return { weapon: 'knife' };
    if (rowIndex === 1) return { weapon: 'pistol' };
    return null;
  },
};

/** Several attackers on several targets: one die each, a 4+ deals 1 damage to every target. */
export const fakeVolley: ResolveWorkflow = {
  id: 'fake-volley',
  systemId: 'electric-state',
  label: 'Fake volley',
  attackers: 'many',
  targets: 'many',
  fields: () => [],
  defaults: () => ({}),
  problems: () => [],
  odds: () => ({ figures: [{ label: 'Hit', value: 0.5, format: 'percent' }] }),
  nextStage: (_setup, context, rolled) =>
    rolled.length
      ? null
      : {
          id: 'volley',
          label: 'Volley',
          roller: context.attackers.map((a) => a.name).join(', '),
          count: context.attackers.length,
          sides: 6,
        },
  resolve(_setup, context, rolled) {
    const best = Math.max(...(rolled[0]?.groups[0]?.faces ?? [0]));
    const effects: Effect[] =
      best >= 4
        ? context.targets.map((_t, index) => ({ on: { side: 'targets', index }, harm: { kind: 'damage', amount: 1 } }))
        : [];
    return {
      steps: [{ text: `Best die ${best}.`, rule: rule('Volleys') }],
      summary: `Volley: best ${best}`,
      effects,
      followUps: [],
      result: { best },
    };
  },
  fromTableRow: () => null,
};

/** The fake shot with its bonus dice read from the attacker's sheet (Wits − 2), as a real workflow reads a skill. */
function sheetBonus(context: ResolveContext): { value: number; from: string } | null {
  const attacker = context.attackers[0];
  const wits = attacker?.stats.wits;
  if (!attacker || typeof wits !== 'number') return null;
  return { value: Math.max(-3, Math.min(3, wits - 2)), from: `${attacker.name}'s sheet: Wits ${wits}` };
}

export const fakeSheetShot: ResolveWorkflow = {
  ...fakeShot,
  id: 'fake-sheet-shot',
  label: 'Fake shot from the sheet',
  defaults(context) {
    const bonus = sheetBonus(context);
    return { ...fakeShot.defaults(context), ...(bonus ? { bonus: bonus.value } : {}) };
  },
  fromSheets(context) {
    const bonus = sheetBonus(context);
    return { sources: bonus ? [{ fieldId: 'bonus', value: bonus.value, from: bonus.from }] : [] };
  },
};

/** A result that needs no dice (as UESRPG's grapple Takedown): the target is knocked Prone, for the attacker's action. */
export const fakeShove: ResolveWorkflow = {
  id: 'fake-shove',
  systemId: 'electric-state',
  label: 'Fake shove',
  attackers: 'one',
  targets: 'one',
  // How hard: a choice for these participants, put back when others are chosen.
  fields: () => [
    {
      id: 'force',
      kind: 'choice',
      label: 'Force',
      group: 'attack',
      perParticipants: true,
      options: [
        { value: 'gentle', label: 'Gentle' },
        { value: 'hard', label: 'Hard' },
      ],
    },
  ],
  defaults: () => ({ force: 'gentle' }),
  problems: () => [],
  odds: () => ({ figures: [{ label: 'Shove happens', value: 1, format: 'percent' }] }),
  nextStage: () => null,
  resolve(_setup, context) {
    return {
      steps: [{ text: 'A shove needs no dice.', rule: rule('Shoves') }],
      summary: `${context.attackers[0]!.name} shoves ${context.targets[0]!.name} down`,
      effects: [{ on: { side: 'targets', index: 0 }, conditions: [{ conditionId: 'prone', label: 'Prone' }] }],
      followUps: [],
      result: { shoved: true },
      spends: [{ on: { side: 'attackers', index: 0 }, actionId: 'action' }],
    };
  },
  fromTableRow: () => null,
};
