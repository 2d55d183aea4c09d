import type { DiceGroup } from '../shared/dice/record';
import type { EncounterEvent, EventInput } from '../shared/encounter/events';
import { initiativeParticipants, reduce } from '../shared/encounter/reducer';
import type { EncounterState } from '../shared/encounter/state';
import type { EncounterRecord } from '../shared/export/encounter-record';
import type { Participant, ResolveContext, RolledStage } from '../shared/system-kit/workflow';
import { benchModules, rulesLookup } from './rules';

/**
 * The start of the export benches' Shadowrun fight: the scene of the exports' Shadowrun sample
 * (shared/export/sample-encounters.test-support.ts: a street samurai and a mage against two
 * gangers from the bestiary presets, a note, initiative with its faces, a resolved ranged attack
 * applied, stun, a condition, passes), built here from the bench's loaded modules. The sample
 * itself cannot be imported by `npm run bench`: its systems come from a test-support module with
 * top-level await, which tsx cannot load as CommonJS.
 */
const SYSTEM = 'shadowrun-4e';
const START = Date.parse('2026-11-29T19:00:00.000Z');

export interface ShadowrunSeed {
  readonly record: Omit<EncounterRecord, 'log' | 'cursor'>;
  readonly events: readonly EncounterEvent[];
  readonly state: EncounterState;
  /** The resolved roll applied, for the bench to repeat. */
  readonly applied: Extract<EncounterEvent, { type: 'roll-applied' }>;
}

export function shadowrunSeed(): ShadowrunSeed {
  const module = benchModules().find((m) => m.profile.id === SYSTEM)!;
  const events: EncounterEvent[] = [];
  let state: EncounterState | null = null;
  const add = (input: EventInput): EncounterEvent => {
    const event = { id: `sr-${String(events.length + 1).padStart(3, '0')}`, at: new Date(START + (events.length + 1) * 47_000).toISOString(), ...input } as EncounterEvent;
    state = reduce(state, event, rulesLookup);
    events.push(event);
    return event;
  };
  const current = (): EncounterState => state!;
  const fromPreset = (slug: string, id: string, name: string, side: string) => {
    const preset = module.presets.find((p) => p.id === `preset:${SYSTEM}:${slug}`)!;
    add({ type: 'combatant-added', combatant: { id, name, kind: preset.kind, side, stats: preset.stats, templateId: preset.id } });
  };

  add({ type: 'encounter-created', encounterId: 'enc-sr', name: 'Warehouse 7', systemId: SYSTEM });
  fromPreset('street-samurai', 'ghost', 'Ghost', 'party');
  fromPreset('combat-mage', 'wren', 'Wren', 'party');
  fromPreset('ganger', 'g1', 'Ganger 1', 'opponents');
  fromPreset('ganger', 'g2', 'Ganger 2', 'opponents');
  add({ type: 'note-added', text: 'Lights out in the warehouse: −2 visibility for everyone.' });
  add({ type: 'encounter-started' });
  const rules = rulesLookup.tracker(SYSTEM);
  const initiativeFaces = [[6, 5, 3, 1, 2, 4, 5, 5, 6], [4, 2, 6, 1, 3, 3, 5, 2, 1], [3, 1, 5, 2, 6, 4], [2, 2, 4, 1, 3, 6]];
  const entries = initiativeParticipants(current(), rules).map((p, i) => {
    const dice = rules.initiative.dice(p, current().toggles);
    return rules.initiative.score(p, (initiativeFaces[i] ?? []).slice(0, dice.count), current().toggles);
  });
  add({ type: 'initiative-rolled', entries, rolls: [] });
  const applied = add(resolvedAttack(current(), module.workflows.find((w) => w.id === 'sr4-ranged-attack')!, 'ghost', 'g1'));
  add({ type: 'turn-advanced' });
  add({ type: 'harm-applied', combatantId: 'wren', harm: { kind: 'stun', amount: 2 } });
  add({ type: 'condition-added', combatantId: 'g2', instanceId: 'sr-prone', condition: { conditionId: 'prone', label: 'Prone' } });
  add({ type: 'turn-advanced' });
  add({ type: 'note-added', text: 'Ghost goes again on his second pass.' });
  const last = events[events.length - 1]!.at;
  return {
    record: { name: 'Warehouse 7', systemId: SYSTEM, createdAt: events[0]!.at, updatedAt: last, archived: false },
    events,
    state: current(),
    applied: applied as ShadowrunSeed['applied'],
  };
}

/** Ghost's pistol shot at a ganger through the real workflow, with the sample's dice. */
function resolvedAttack(
  state: EncounterState,
  workflow: ReturnType<typeof benchModules>[number]['workflows'][number],
  attackerId: string,
  targetId: string,
): EventInput {
  const participant = (id: string): Participant => {
    const c = state.combatants.find((x) => x.id === id)!;
    return { combatantId: c.id, name: c.name, kind: c.kind, stats: c.stats, health: c.health, conditionIds: c.conditions.map((k) => k.conditionId) };
  };
  const context: ResolveContext = { attackers: [participant(attackerId)], targets: [participant(targetId)], toggles: state.toggles };
  const values = { ...workflow.defaults(context), skill: 3 };
  const faces = [[6, 5, 5, 3, 1, 2, 6, 4, 5], [5, 2, 1], [6, 2, 3, 1, 4, 4]];
  const rolled: RolledStage[] = [];
  const groups: DiceGroup[] = [];
  let next = 0;
  for (let stage = workflow.nextStage(values, context, rolled); stage; stage = workflow.nextStage(values, context, rolled)) {
    const stageGroups = [{ id: stage.id, label: stage.label, count: stage.count, sides: stage.sides }, ...(stage.extra ?? [])].map((group) => {
      const groupFaces = (faces[next++] ?? []).slice(0, group.count);
      while (groupFaces.length < group.count) groupFaces.push(1);
      groups.push({ sides: group.sides, faces: groupFaces, label: group.label });
      return { id: group.id, sides: group.sides, faces: groupFaces };
    });
    rolled.push({ stageId: stage.id, groups: stageGroups, source: 'physical' });
  }
  const resolution = workflow.resolve(values, context, rolled);
  return {
    type: 'roll-applied',
    roll: { id: 'sr-roll', at: new Date(START).toISOString(), roller: 'Ghost', reason: `${workflow.label}: Ghost → Ganger 1`, source: 'physical', groups },
    summary: resolution.summary,
    actorId: attackerId,
    effects: resolution.effects.map((effect) => {
      const on = effect.on.side === 'targets' ? context.targets[effect.on.index]! : context.attackers[effect.on.index]!;
      return { combatantId: on.combatantId!, ...(effect.harm ? { harm: effect.harm } : {}), ...(effect.conditions?.length ? { conditions: effect.conditions } : {}) };
    }),
    operation: workflow.id,
    result: resolution.result,
  };
}
