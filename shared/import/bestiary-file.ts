import { z } from 'zod';
import { SYSTEM_IDS } from '../system-kit/rule-system';
import type { RulesLookup } from '../encounter/reducer';
import { weaponProblems } from '../system-kit/sheet-weapons';
import { NO_WEAPONS } from '../system-kit/tracker-rules';
import type { PresetTemplate } from '../system-kit/presets';
import { topLevelJson } from '../file-format/canonical-json';
import { IMPORT_LIMITS, isoTime, sheetWeaponsSchema, statsSchema } from './event-schema';
import { FILE_FORMATS, recogniseByFirstLine, wrongKindMessage } from '../file-format/file-kind';
import { bringUpToDate, type FormatVersions } from './migrations';
import { parseUntrustedJson } from './safe-json';
import { checkShape } from './schema-issues';

/**
 * The bestiary file (docs/file-formats.md, "Bestiary JSON"): the GM's combatant templates, each
 * as the bestiary stores it. Reading one checks every template's stat block with its system's
 * tracker rules, as the template form does. The templates come back without ids: the caller
 * stores them as copies under ids it assigns, so an import never overwrites a template.
 */

export const BESTIARY_FILE_FORMAT = FILE_FORMATS.bestiary;
export const BESTIARY_FILE_VERSION = 1;
export const MAX_BESTIARY_TEMPLATES = 10_000;
/** As the template form allows. */
export const MAX_TEMPLATE_NAME = 80;
export const MAX_TEMPLATE_NOTES = 500;

/** A template as the bestiary stores it: the shape of a ready-made one (and of the database's TemplateRow). */
export type BestiaryTemplate = PresetTemplate;

/** A template read from a file: everything but the id, which the importing bestiary assigns. */
export type ImportedTemplate = Omit<BestiaryTemplate, 'id'>;

export type BestiaryFileReading = { readonly ok: true; readonly templates: readonly ImportedTemplate[] } | { readonly ok: false; readonly message: string };

/** Version 1 is the first format: there is nothing older to migrate yet. */
export const bestiaryFileVersions: FormatVersions = { current: BESTIARY_FILE_VERSION, migrations: {} };

/** The format, the version, then the templates in the order given, each with its keys sorted. */
export function exportBestiaryJson(templates: readonly BestiaryTemplate[]): string {
  return topLevelJson(
    [
      ['format', BESTIARY_FILE_FORMAT],
      ['version', BESTIARY_FILE_VERSION],
    ],
    { key: 'templates', items: templates },
  );
}

const templateSchema = z.strictObject({
  id: z.string().min(1).max(IMPORT_LIMITS.id),
  systemId: z.enum(SYSTEM_IDS),
  name: z.string().max(IMPORT_LIMITS.name),
  kind: z.enum(['pc', 'npc']),
  stats: statsSchema,
  weapons: sheetWeaponsSchema.optional(),
  notes: z.string().max(MAX_TEMPLATE_NOTES),
  updatedAt: isoTime,
});

const fileSchema = z.strictObject({
  format: z.literal(BESTIARY_FILE_FORMAT),
  version: z.number(),
  templates: z.array(z.unknown()).min(1).max(MAX_BESTIARY_TEMPLATES),
});

function readTemplate(raw: unknown, index: number, lookup: RulesLookup): { ok: true; template: ImportedTemplate } | { ok: false; message: string } {
  const shape = checkShape(templateSchema, raw, ['templates', index]);
  if (!shape.ok) return shape;
  const { id: _fileId, ...template } = shape.value;
  const name = template.name.trim();
  if (name === '') return { ok: false, message: `templates[${index}].name: a template needs a name.` };
  if (name.length > MAX_TEMPLATE_NAME) {
    return { ok: false, message: `templates[${index}].name: a template name may be at most ${MAX_TEMPLATE_NAME} characters; this one has ${name.length}.` };
  }
  const problems = lookup.tracker(template.systemId).validateStats(template.stats);
  if (problems.length) {
    // The first problem in full; a stat block of another system would otherwise list every stat.
    const more = problems.length > 1 ? ` (${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'} in this stat block.)` : '';
    return { ok: false, message: `templates[${index}] (${JSON.stringify(name)}).stats: ${problems[0]}${more}` };
  }
  const weaponTrouble = weaponProblems(template.weapons ?? [], lookup.tracker(template.systemId).weapons ?? NO_WEAPONS);
  if (weaponTrouble.length) {
    return { ok: false, message: `templates[${index}] (${JSON.stringify(name)}).weapons: ${weaponTrouble[0]}` };
  }
  return { ok: true, template: { ...template, name } };
}

/** Reads a bestiary file, every template or none. Never throws. */
export function readBestiaryFile(text: string, lookup: RulesLookup, versions: FormatVersions = bestiaryFileVersions): BestiaryFileReading {
  const parsed = parseUntrustedJson(text);
  if (!parsed.ok) return { ok: false, message: recogniseByFirstLine(text, 'bestiary') ?? parsed.message };
  const wrongKind = wrongKindMessage(parsed.value, 'bestiary');
  if (wrongKind) return { ok: false, message: wrongKind };
  const migrated = bringUpToDate(parsed.value as Record<string, unknown>, versions, 'bestiary file');
  if (!migrated.ok) return migrated;
  const file = checkShape(fileSchema, migrated.value);
  if (!file.ok) return file;
  const templates: ImportedTemplate[] = [];
  for (const [index, raw] of file.value.templates.entries()) {
    const read = readTemplate(raw, index, lookup);
    if (!read.ok) return read;
    templates.push(read.template);
  }
  return { ok: true, templates };
}
