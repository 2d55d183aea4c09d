import { z } from 'zod';
import { SYSTEM_IDS } from '../system-kit/rule-system';
import { MAX_DICE_PER_ROLL, MAX_SIDES, type RollRecord } from '../dice/record';
import type { EncounterEvent, EncounterEventType } from '../encounter/events';
import { MAX_HARM } from '../encounter/reducer';
import { CHASE_TERRAINS, ENGAGEMENT_RANGES, MAX_MANEUVER_DICE } from '../system-kit/chase-model';

/**
 * The shape of every encounter event as a file may hold it: strict (a key the app does not know
 * is refused, so nothing unexpected is ever stored) and bounded (every text, list and record has a
 * limit). Shape only: whether an event is allowed — a stat value in range, a combatant present, a
 * harm kind the system has — is the replay's to say, through each system's tracker rules.
 */

export const IMPORT_LIMITS = {
  /** Ids of events, combatants, sides, conditions, checks… */
  id: 200,
  /** Names as typed; the reducer then allows 80 characters once trimmed. */
  name: 200,
  /** Notes on a combatant (the tracker's field allows 2,000). */
  notes: 2_000,
  /** A note in the log, a roll's summary line, an explanation step. */
  text: 10_000,
  /** Short labels: a die group, a condition, an initiative display, a roller, a rule section. */
  label: 500,
  combatantsPerEvent: 10_000,
  effectsPerRoll: 1_000,
  conditionsPerEffect: 100,
  statsPerBlock: 200,
  numbersPerStat: 100,
  togglesPerEncounter: 100,
  stepsPerExplanation: 1_000,
  detailKeys: 100,
  rollsPerEvent: 10_000,
  /** The reducer allows 24 weapons per sheet; the schema only keeps files bounded. */
  weaponsPerSheet: 100,
  valuesPerWeapon: 100,
} as const;

const id = z.string().min(1).max(IMPORT_LIMITS.id);
const name = z.string().max(IMPORT_LIMITS.name);
const label = z.string().max(IMPORT_LIMITS.label);
const text = z.string().max(IMPORT_LIMITS.text);
/** ISO time as the app writes it (`toISOString`), an offset allowed for hand-made files. */
export const isoTime = z.iso.datetime({ offset: true });
const finite = z.number().refine(Number.isFinite, 'expected a finite number');

const diceGroupSchema = z
  .strictObject({
    sides: z.int().min(2).max(MAX_SIDES),
    faces: z.array(z.int()).max(MAX_DICE_PER_ROLL),
    label: label.optional(),
  })
  .superRefine((group, context) => {
    group.faces.forEach((face, index) => {
      if (face < 1 || face > group.sides) {
        context.addIssue({
          code: 'custom',
          path: ['faces', index],
          message: `${face} is not a face of a d${group.sides} (1–${group.sides})`,
        });
      }
    });
  });

export const rollRecordSchema = z
  .strictObject({
    id,
    at: isoTime,
    roller: label,
    reason: label,
    source: label,
    // None for a result that needed no dice (UESRPG's grapple Takedown).
    groups: z.array(diceGroupSchema).max(MAX_DICE_PER_ROLL),
  })
  .superRefine((roll, context) => {
    const dice = roll.groups.reduce((sum, group) => sum + group.faces.length, 0);
    if (dice > MAX_DICE_PER_ROLL) {
      context.addIssue({
        code: 'custom',
        path: ['groups'],
        message: `a roll may have at most ${MAX_DICE_PER_ROLL} dice, this one has ${dice}`,
      });
    }
  }) satisfies z.ZodType<RollRecord>;

const harmSchema = z.strictObject({
  kind: id,
  amount: z.int().min(0).max(MAX_HARM),
  location: id.optional(),
});

const conditionInitSchema = z.strictObject({
  conditionId: id,
  label: name,
  rounds: z.int().min(1).max(1000).optional(),
  expires: z.enum(['turn-start', 'turn-end', 'round-end', 'pass-end']).optional(),
  note: label.optional(),
});

const statValueSchema = z.union([finite, z.boolean(), z.array(finite).max(IMPORT_LIMITS.numbersPerStat)], {
  error: 'expected a number, true or false, or a list of numbers',
});
export const statsSchema = z
  .record(id, statValueSchema)
  .refine(
    (stats) => Object.keys(stats).length <= IMPORT_LIMITS.statsPerBlock,
    `a stat block has at most ${IMPORT_LIMITS.statsPerBlock} values`,
  );

const toggleValueSchema = z.union([z.string().max(IMPORT_LIMITS.id), z.boolean()], {
  error: 'expected a text or true or false',
});
const togglesSchema = z
  .record(id, toggleValueSchema)
  .refine(
    (toggles) => Object.keys(toggles).length <= IMPORT_LIMITS.togglesPerEncounter,
    `at most ${IMPORT_LIMITS.togglesPerEncounter} toggles`,
  );

/** A weapon on a sheet; the system's own checks (fields, table rows) run in the reducer. */
export const sheetWeaponSchema = z.strictObject({
  id,
  name,
  row: z.strictObject({ tableId: id, rowIndex: z.int().min(0).max(10_000) }).optional(),
  values: z
    .record(id, z.union([finite, z.boolean(), label], { error: 'expected a number, true or false, or a text' }))
    .refine(
      (values) => Object.keys(values).length <= IMPORT_LIMITS.valuesPerWeapon,
      `a weapon has at most ${IMPORT_LIMITS.valuesPerWeapon} values`,
    ),
});
export const sheetWeaponsSchema = z.array(sheetWeaponSchema).max(IMPORT_LIMITS.weaponsPerSheet);

const newCombatantSchema = z.strictObject({
  id,
  name,
  kind: z.enum(['pc', 'npc']),
  side: id,
  stats: statsSchema,
  weapons: sheetWeaponsSchema.optional(),
  groupId: id.optional(),
  templateId: id.optional(),
  hidden: z.boolean().optional(),
  notes: z.string().max(IMPORT_LIMITS.notes).optional(),
});

const rangeSchema = z.enum(ENGAGEMENT_RANGES);
const terrainSchema = z.enum(CHASE_TERRAINS);
const chaseChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('range'), pursuerId: id, quarryId: id, from: rangeSchema, to: rangeSchema }),
  z.strictObject({
    kind: z.literal('pair-ended'),
    pursuerId: id,
    quarryId: id,
    from: rangeSchema,
    outcome: z.enum(['broke-off', 'cut-off']),
    byId: id,
  }),
  z.strictObject({ kind: z.literal('maneuver'), vehicleId: id, dice: z.int().min(1).max(MAX_MANEUVER_DICE) }),
]);

const explainStepSchema = z.strictObject({
  text,
  rule: z.strictObject({ section: label, source: z.enum(['seed', 'book', 'default']) }),
});

const initiativeEntrySchema = z.strictObject({
  participantId: id,
  memberIds: z.array(id).max(IMPORT_LIMITS.combatantsPerEvent),
  score: finite,
  display: label,
  faces: z.array(z.int()).max(MAX_DICE_PER_ROLL),
  detail: z
    .record(id, z.union([finite, z.boolean(), label], { error: 'expected a number, true or false, or a text' }))
    .refine(
      (detail) => Object.keys(detail).length <= IMPORT_LIMITS.detailKeys,
      `at most ${IMPORT_LIMITS.detailKeys} details`,
    ),
  steps: z.array(explainStepSchema).max(IMPORT_LIMITS.stepsPerExplanation),
});

/** A rules operation's result, kept for the exports: any JSON (already bounded by the safe parse). */
const resultSchema = z.record(z.string().max(IMPORT_LIMITS.id), z.json());

const base = { id, at: isoTime };
const event = <T extends EncounterEventType, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...base, ...shape });

/**
 * One schema per event type. The `satisfies` makes the compiler check both that every type has
 * one and that what each accepts is that event.
 */
export const eventSchemas = {
  'encounter-created': event('encounter-created', {
    encounterId: id,
    name,
    systemId: z.enum(SYSTEM_IDS),
    toggles: togglesSchema.optional(),
  }),
  'encounter-renamed': event('encounter-renamed', { name }),
  'toggle-changed': event('toggle-changed', { toggleId: id, value: toggleValueSchema }),
  'side-added': event('side-added', { sideId: id, name }),
  'combatant-added': event('combatant-added', { combatant: newCombatantSchema }),
  'combatant-edited': event('combatant-edited', {
    combatantId: id,
    name: name.optional(),
    side: id.optional(),
    notes: z.string().max(IMPORT_LIMITS.notes).optional(),
    stats: statsSchema.optional(),
    weapons: sheetWeaponsSchema.optional(),
  }),
  'combatant-removed': event('combatant-removed', { combatantId: id }),
  'combatant-revealed': event('combatant-revealed', { combatantId: id }),
  'group-formed': event('group-formed', {
    groupId: id,
    name,
    combatantIds: z.array(id).max(IMPORT_LIMITS.combatantsPerEvent),
  }),
  'group-dissolved': event('group-dissolved', { groupId: id }),
  'group-initiative-set': event('group-initiative-set', { groupId: id, eachRolls: z.boolean() }),
  'initiative-rolled': event('initiative-rolled', {
    entries: z.array(initiativeEntrySchema).max(IMPORT_LIMITS.combatantsPerEvent),
    rolls: z.array(rollRecordSchema).max(IMPORT_LIMITS.rollsPerEvent),
  }),
  'encounter-started': event('encounter-started', {}),
  'turn-advanced': event('turn-advanced', {}),
  'turn-rewound': event('turn-rewound', {}),
  'action-taken': event('action-taken', { combatantId: id, actionId: id }),
  'harm-applied': event('harm-applied', { combatantId: id, harm: harmSchema, sourceEventId: id.optional() }),
  'check-resolved': event('check-resolved', {
    combatantId: id,
    checkId: id,
    faces: z.array(z.int()).max(MAX_DICE_PER_ROLL),
    roll: rollRecordSchema.optional(),
  }),
  'prompt-dismissed': event('prompt-dismissed', { promptId: id }),
  'condition-added': event('condition-added', {
    combatantId: id,
    instanceId: id,
    condition: conditionInitSchema,
    visible: z.boolean().optional(),
  }),
  'condition-visibility-set': event('condition-visibility-set', { combatantId: id, instanceId: id, visible: z.boolean() }),
  'combatant-numbers-shown': event('combatant-numbers-shown', { combatantId: id, shown: z.boolean() }),
  'roll-shown': event('roll-shown', {
    roll: z.strictObject({
      rollId: id,
      who: label,
      what: label,
      summary: label,
      dice: z
        .array(z.strictObject({ sides: z.int().min(2).max(MAX_SIDES), faces: z.array(z.int().min(1).max(MAX_SIDES)).max(MAX_DICE_PER_ROLL) }))
        .max(IMPORT_LIMITS.rollsPerEvent),
      actorId: id.optional(),
      targetIds: z.array(id).max(IMPORT_LIMITS.combatantsPerEvent).optional(),
    }),
  }),
  'roll-unshown': event('roll-unshown', { rollId: id }),
  'condition-removed': event('condition-removed', { combatantId: id, instanceId: id }),
  'roll-applied': event('roll-applied', {
    roll: rollRecordSchema,
    summary: text,
    actorId: id.optional(),
    effects: z
      .array(
        z.strictObject({
          combatantId: id,
          harm: harmSchema.optional(),
          conditions: z.array(conditionInitSchema).max(IMPORT_LIMITS.conditionsPerEffect).optional(),
          removeConditions: z.array(id).max(IMPORT_LIMITS.conditionsPerEffect).optional(),
        }),
      )
      .max(IMPORT_LIMITS.effectsPerRoll),
    operation: id.optional(),
    result: resultSchema.optional(),
    spends: z
      .array(z.strictObject({ combatantId: id, actionId: id, assist: z.literal(true).optional() }))
      .max(IMPORT_LIMITS.effectsPerRoll)
      .optional(),
    // The reducer refuses a longer one; the schema says so first, with the place.
    ruling: z.strictObject({ refused: z.string().max(1000) }).optional(),
    chase: chaseChangeSchema.optional(),
  }),
  'roll-resolved': event('roll-resolved', {
    roll: rollRecordSchema,
    summary: text,
    actorId: id.optional(),
    targetIds: z.array(id).max(IMPORT_LIMITS.combatantsPerEvent).optional(),
    operation: id.optional(),
    result: resultSchema.optional(),
  }),
  'chase-started': event('chase-started', {
    terrain: terrainSchema,
    vehicles: z
      .array(z.strictObject({ vehicleId: id, driverId: id.nullable() }))
      .max(IMPORT_LIMITS.combatantsPerEvent),
    pairs: z
      .array(z.strictObject({ pursuerId: id, quarryId: id, range: rangeSchema }))
      .max(IMPORT_LIMITS.combatantsPerEvent),
  }),
  'chase-range-changed': event('chase-range-changed', { pursuerId: id, quarryId: id, range: rangeSchema }),
  'chase-turn-advanced': event('chase-turn-advanced', { terrain: terrainSchema.optional() }),
  'chase-ended': event('chase-ended', {}),
  'note-added': event('note-added', { text }),
  'encounter-ended': event('encounter-ended', {}),
} satisfies { readonly [T in EncounterEventType]: z.ZodType<Extract<EncounterEvent, { type: T }>> };

export const EVENT_TYPES = Object.keys(eventSchemas) as EncounterEventType[];

export function isEventType(value: unknown): value is EncounterEventType {
  return typeof value === 'string' && Object.hasOwn(eventSchemas, value);
}
