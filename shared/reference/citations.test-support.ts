import { createSeededSource, rollDice } from '../dice/random';
import { allSystems, bestiaryPresets, resolveWorkflows, ruleSystems } from '../systems/all-systems.test-support';
import type { Participant, ResolveContext, ResolveWorkflow, RolledStage, SetupValues } from '../system-kit/workflow';
import type { RuleRef, SystemId } from '../system-kit/rule-system';
import { referenceCatalog } from './catalog';
import { tableCitation } from './citation';

const catalog = referenceCatalog(allSystems);

/** One citation as the GM meets it: the rule, and the words it is attached to. */
export interface CitationUse {
  readonly systemId: SystemId;
  readonly where: string;
  readonly rule: RuleRef;
  /** What the citation is attached to: a field's label, a step, a follow-up's label, a table's title. */
  readonly about: string;
  /** Words under it: a field's help, a follow-up's description. */
  readonly detail: string;
}

const ROLLS_PER_SETUP = 6;

function participants(systemId: SystemId): [Participant, Participant] {
  const presets = bestiaryPresets(systemId);
  const pick = (index: number): Participant => {
    const preset = presets[index % presets.length]!;
    return { combatantId: `c${index}`, name: preset.name, kind: preset.kind, stats: preset.stats };
  };
  return [pick(0), pick(1)];
}

/** Every setup worth trying: the defaults, then each choice option, flag and number bound in turn. */
function setups(workflow: ResolveWorkflow, context: ResolveContext): SetupValues[] {
  const base = workflow.defaults(context);
  const all: SetupValues[] = [base];
  for (const field of workflow.fields(context)) {
    if (field.kind === 'choice') for (const option of field.options) all.push({ ...base, [field.id]: option.value });
    else if (field.kind === 'flag') all.push({ ...base, [field.id]: base[field.id] !== true });
    else all.push({ ...base, [field.id]: field.max }, { ...base, [field.id]: Math.min(field.max, field.min + 1) });
  }
  return all;
}

/** Rolls every stage asked for, then the follow-ups one after another, collecting what each resolution cites. */
function resolveAll(
  workflow: ResolveWorkflow,
  setup: SetupValues,
  context: ResolveContext,
  seed: string,
  found: (where: string, rule: RuleRef, about: string, detail?: string) => void,
): void {
  const source = createSeededSource(seed);
  const rolled: RolledStage[] = [];
  const rollStage = (stageSetup: ReturnType<ResolveWorkflow['nextStage']>) => {
    const stage = stageSetup!;
    rolled.push({
      stageId: stage.id,
      source: source.kind,
      groups: [
        { id: stage.id, sides: stage.sides, faces: rollDice(source, stage.count, stage.sides) },
        ...(stage.extra ?? []).map((extra) => ({
          id: extra.id,
          sides: extra.sides,
          faces: rollDice(source, extra.count, extra.sides),
        })),
      ],
    });
  };
  for (let turn = 0; turn < 4; turn++) {
    for (let next = workflow.nextStage(setup, context, rolled); next; next = workflow.nextStage(setup, context, rolled))
      rollStage(next);
    const resolution = workflow.resolve(setup, context, rolled);
    for (const step of resolution.steps) found(`${workflow.id} step`, step.rule, step.text);
    for (const followUp of resolution.followUps)
      found(`${workflow.id} follow-up`, followUp.rule, followUp.label, followUp.description);
    const followUp = resolution.followUps[0];
    if (!followUp) return;
    rollStage(followUp.stage);
  }
}

/**
 * Every citation the app shows for a system: each roll workflow's fields, the steps and follow-ups
 * of its resolutions over every setup tried (seeded rolls, so the list is the same each run), and
 * each reference table's section. Repeats (same rule, same words but for the numbers) are kept once.
 */
export function citationUses(systemId: SystemId): CitationUse[] {
  const uses = new Map<string, CitationUse>();
  const found = (where: string, rule: RuleRef, about: string, detail = '') => {
    const key = `${rule.source}|${rule.section}|${about.replace(/\d+/g, '#')}|${detail}`;
    if (!uses.has(key)) uses.set(key, { systemId, where, rule, about, detail });
  };
  const [attacker, target] = participants(systemId);
  const context: ResolveContext = { attackers: [attacker], targets: [target], toggles: {} };
  for (const workflow of resolveWorkflows[systemId] ?? []) {
    for (const field of workflow.fields(context)) {
      if (field.rule) found(`${workflow.id} field ${field.id}`, field.rule, field.label, field.help);
    }
    setups(workflow, context).forEach((setup, index) => {
      for (let run = 0; run < ROLLS_PER_SETUP; run++) {
        try {
          if (workflow.problems(setup, context).length > 0) return;
          resolveAll(workflow, setup, context, `${workflow.id}:${index}:${run}`, found);
        } catch {
          // A setup the workflow refuses (a modifier out of range for this one) cites nothing.
        }
      }
    });
  }
  const system = ruleSystems.find((s) => s.id === systemId)!;
  for (const table of system.tables) found(`table ${table.id}`, tableCitation(catalog, table), table.title);
  return [...uses.values()];
}
