import type { DiceGroup, RollRecord } from '../dice/record';
import { bestiaryPresets, rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterEvent, EventInput } from '../encounter/events';
import { append, openHistory, undo, type EncounterHistory } from '../encounter/history';
import { initiativeParticipants } from '../encounter/reducer';
import type { EncounterState } from '../encounter/state';
import type { Harm } from '../system-kit/tracker-rules';
import { resolveWorkflows } from '../systems/all-systems.test-support';
import type { Participant, ResolveContext, RolledStage } from '../system-kit/workflow';
import type { SystemId } from '../system-kit/rule-system';
import type { EncounterRecord, LoggedEvent } from './encounter-record';

/**
 * Realistic encounters, one per rule system, built through the real reducer and the real roll
 * workflows with fixed dice, ids and times, for the exports' golden files and benches. Each has:
 * combatants from the bestiary presets, a start, initiative with its faces, a few turns, harm typed
 * by the GM, a resolved roll applied with `roll-applied`, a condition, notes, one change undone and
 * then overwritten (discarded), and a last change undone that can still be redone.
 */

const START = Date.parse('2026-11-29T19:00:00.000Z');

/** An encounter log written the way the store writes one: active entries, undo, overwrite. */
export class SampleLog {
  private readonly log: { event: EncounterEvent; discarded: boolean }[] = [];
  private history: EncounterHistory | null = null;
  private count = 0;

  constructor(private readonly prefix: string) {}

  get state(): EncounterState {
    return this.history!.state;
  }

  /** Appends an event at the cursor (an undone tail is discarded, as the store does). */
  add(input: EventInput): EncounterEvent {
    const event = this.event(input);
    if (!this.history) {
      this.history = openHistory([event], rulesLookup);
    } else {
      const cursor = this.history.cursor;
      this.history = append(this.history, event, rulesLookup);
      let active = 0;
      for (const logged of this.log) {
        if (logged.discarded) continue;
        if (active >= cursor) logged.discarded = true;
        active++;
      }
    }
    this.log.push({ event, discarded: false });
    return event;
  }

  undo(): void {
    this.history = undo(this.history!, rulesLookup);
  }

  /** A roll record with fixed id and time. */
  roll(roller: string, reason: string, groups: readonly DiceGroup[]): RollRecord {
    const { id, at } = this.stamp();
    return { id: `${id}-roll`, at, roller, reason, source: 'physical', groups };
  }

  record(name: string, systemId: SystemId): EncounterRecord {
    const active = this.log.filter((l) => !l.discarded).length;
    const log: LoggedEvent[] = this.log.map((l) => ({ event: l.event, discarded: l.discarded }));
    const last = log[log.length - 1]?.event.at ?? new Date(START).toISOString();
    return {
      name,
      systemId,
      createdAt: log[0]?.event.at ?? last,
      updatedAt: last,
      archived: false,
      cursor: this.history!.cursor === active ? null : this.history!.cursor,
      log,
    };
  }

  private event(input: EventInput): EncounterEvent {
    return { ...this.stamp(), ...input } as EncounterEvent;
  }

  /** The next id and time: 47 seconds apart, a brisk but believable pace at the table. */
  private stamp(): { id: string; at: string } {
    this.count++;
    return { id: `${this.prefix}-${String(this.count).padStart(3, '0')}`, at: new Date(START + this.count * 47_000).toISOString() };
  }
}

/** Adds a combatant from a bestiary preset under a name of the scene. */
export function addFromPreset(log: SampleLog, systemId: SystemId, slug: string, id: string, name: string, side: string): void {
  const preset = bestiaryPresets(systemId).find((p) => p.id === `preset:${systemId}:${slug}`);
  if (!preset) throw new Error(`No preset ${slug} for ${systemId}`);
  log.add({ type: 'combatant-added', combatant: { id, name, kind: preset.kind, side, stats: preset.stats, templateId: preset.id } });
}

/** Rolls initiative for everyone who rolls, taking faces in turn from `faces` (one list per participant). */
export function rollInitiative(log: SampleLog, faces: readonly (readonly number[])[]): void {
  const state = log.state;
  const rules = rulesLookup.tracker(state.systemId);
  const rolls: RollRecord[] = [];
  let next = 0;
  const entries = initiativeParticipants(state, rules).map((participant) => {
    const dice = rules.initiative.dice(participant, state.toggles);
    const rolled = dice.count === 0 ? [] : (faces[next++] ?? []).slice(0, dice.count);
    if (rolled.length) rolls.push(log.roll(participant.label, 'Initiative', [{ sides: dice.sides, faces: rolled, label: 'initiative' }]));
    return rules.initiative.score(participant, rolled, state.toggles);
  });
  log.add({ type: 'initiative-rolled', entries, rolls });
}

function participant(state: EncounterState, id: string): Participant {
  const c = state.combatants.find((x) => x.id === id)!;
  return { combatantId: c.id, name: c.name, kind: c.kind, stats: c.stats, health: c.health, conditionIds: c.conditions.map((k) => k.conditionId) };
}

/**
 * Resolves a roll with the system's workflow (setup defaults plus `setup`), each group of dice
 * (a stage's main group, then its extra ones) taking the next list of `faces`, and applies it as
 * one `roll-applied` event.
 */
export function applyResolvedRoll(
  log: SampleLog,
  workflowId: string,
  attackerId: string,
  targetId: string,
  faces: readonly (readonly number[])[],
  setup: Readonly<Record<string, string | number | boolean>> = {},
): EncounterEvent {
  const state = log.state;
  const workflow = resolveWorkflows[state.systemId].find((w) => w.id === workflowId)!;
  const toggles = { ...rulesLookup.system(state.systemId).toggles.reduce((t, d) => ({ ...t, [d.id]: d.defaultValue }), {}), ...state.toggles };
  const context: ResolveContext = { attackers: [participant(state, attackerId)], targets: [participant(state, targetId)], toggles };
  const values = { ...workflow.defaults(context), ...setup };
  const problems = workflow.problems(values, context);
  if (problems.length) throw new Error(problems.join(' '));
  const rolled: RolledStage[] = [];
  const groups: DiceGroup[] = [];
  const rollers = new Set<string>();
  let next = 0;
  for (let stage = workflow.nextStage(values, context, rolled); stage; stage = workflow.nextStage(values, context, rolled)) {
    // The stage's main group, then its extra groups (Year Zero gear dice), each from the next list.
    const wanted = [{ id: stage.id, label: stage.label, count: stage.count, sides: stage.sides }, ...(stage.extra ?? [])];
    const stageGroups = wanted.map((group) => {
      const groupFaces = faces[next++];
      if (!groupFaces || groupFaces.length !== group.count) throw new Error(`${group.label} wants ${group.count}d${group.sides}`);
      groups.push({ sides: group.sides, faces: [...groupFaces], label: group.label });
      return { id: group.id, sides: group.sides, faces: groupFaces };
    });
    rolled.push({ stageId: stage.id, groups: stageGroups, source: 'physical' });
    rollers.add(stage.roller);
  }
  const resolution = workflow.resolve(values, context, rolled);
  const roll = log.roll([...rollers].join(', '), `${workflow.label}: ${context.attackers[0]!.name} → ${context.targets[0]!.name}`, groups);
  return log.add({
    type: 'roll-applied',
    roll,
    summary: resolution.summary,
    actorId: attackerId,
    effects: resolution.effects.map((effect) => {
      const on = effect.on.side === 'targets' ? context.targets[effect.on.index]! : context.attackers[effect.on.index]!;
      return {
        combatantId: on.combatantId!,
        ...(effect.harm ? { harm: effect.harm } : {}),
        ...(effect.conditions?.length ? { conditions: effect.conditions } : {}),
      };
    }),
    operation: workflow.id,
    result: resolution.result,
  });
}

/** Ends the current turn; when a new round needs initiative, rolls it with `faces`. */
export function nextTurn(log: SampleLog, faces: readonly (readonly number[])[] = []): void {
  log.add({ type: 'turn-advanced' });
  const state = log.state;
  if (state.status === 'running' && !state.current && faces.length) rollInitiative(log, faces);
}

export const harm = (kind: string, amount: number, location?: string): Harm => (location ? { kind, amount, location } : { kind, amount });

const DERRINGER = { weapon: 'derringer', range: 'short' };

/** The Electric State: a drifter against a drone guard and a scavenger on an overpass. */
export function electricStateSample(): EncounterRecord {
  const sys: SystemId = 'electric-state';
  const log = new SampleLog('es');
  log.add({ type: 'encounter-created', encounterId: 'enc-es', name: 'Overpass ambush', systemId: sys });
  addFromPreset(log, sys, 'drifter', 'ada', 'Ada', 'party');
  addFromPreset(log, sys, 'drone-guard', 'drone', 'Drone guard', 'opponents');
  addFromPreset(log, sys, 'scavenger', 'scav', 'Scavenger', 'opponents');
  log.add({ type: 'note-added', text: 'Fog on the overpass; the drone hovers over the wreck.' });
  log.add({ type: 'encounter-started' });
  rollInitiative(log, [[5], [2]]);
  applyResolvedRoll(log, 'electric-state.attack', 'ada', 'scav', [[6, 4, 3, 2], [5, 1]], DERRINGER);
  nextTurn(log);
  log.add({ type: 'harm-applied', combatantId: 'ada', harm: harm('damage', 2) });
  log.undo();
  log.add({ type: 'harm-applied', combatantId: 'ada', harm: harm('damage', 1) });
  log.add({ type: 'condition-added', combatantId: 'drone', instanceId: 'es-cover', condition: { conditionId: 'in-cover', label: 'In cover', rounds: 1 } });
  nextTurn(log);
  log.add({ type: 'note-added', text: 'Ada hears more engines coming.' });
  nextTurn(log);
  applyResolvedRoll(log, 'electric-state.attack', 'ada', 'scav', [[6, 5, 2, 1], [3, 2]], DERRINGER);
  log.add({ type: 'harm-applied', combatantId: 'drone', harm: harm('damage', 1) });
  log.undo();
  return log.record('Overpass ambush', sys);
}

/** UESRPG 3e: an adventurer and a legionary against two bandits on a forest road. */
export function uesrpgSample(): EncounterRecord {
  const sys: SystemId = 'uesrpg-3e';
  const log = new SampleLog('ue');
  log.add({ type: 'encounter-created', encounterId: 'enc-ue', name: 'Forest road', systemId: sys });
  addFromPreset(log, sys, 'adventurer', 'lyra', 'Lyra', 'party');
  addFromPreset(log, sys, 'legionary', 'varus', 'Varus', 'party');
  addFromPreset(log, sys, 'bandit', 'b1', 'Bandit 1', 'opponents');
  addFromPreset(log, sys, 'bandit', 'b2', 'Bandit 2', 'opponents');
  log.add({ type: 'note-added', text: 'The bandits block the road with a fallen tree.' });
  log.add({ type: 'encounter-started' });
  rollInitiative(log, [[5], [3], [2], [4]]);
  applyResolvedRoll(log, 'melee-attack', 'lyra', 'b1', [[12], [71], [5]], {});
  nextTurn(log);
  log.add({ type: 'harm-applied', combatantId: 'lyra', harm: harm('damage', 4, 'body') });
  log.undo();
  log.add({ type: 'harm-applied', combatantId: 'lyra', harm: harm('damage', 3, 'body') });
  log.add({ type: 'condition-added', combatantId: 'b2', instanceId: 'ue-prone', condition: { conditionId: 'prone', label: 'Prone' } });
  nextTurn(log);
  log.add({ type: 'note-added', text: 'Bandit 2 tripped on the tree trunk.' });
  nextTurn(log);
  nextTurn(log);
  log.add({ type: 'harm-applied', combatantId: 'b2', harm: harm('damage', 2, 'head') });
  log.undo();
  return log.record('Forest road', sys);
}

/** Shadowrun 4e: a street samurai (two passes) and a mage against two gangers. */
export function shadowrunSample(): EncounterRecord {
  const sys: SystemId = 'shadowrun-4e';
  const log = new SampleLog('sr');
  log.add({ type: 'encounter-created', encounterId: 'enc-sr', name: 'Warehouse 7', systemId: sys });
  addFromPreset(log, sys, 'street-samurai', 'ghost', 'Ghost', 'party');
  addFromPreset(log, sys, 'combat-mage', 'wren', 'Wren', 'party');
  addFromPreset(log, sys, 'ganger', 'g1', 'Ganger 1', 'opponents');
  addFromPreset(log, sys, 'ganger', 'g2', 'Ganger 2', 'opponents');
  log.add({ type: 'note-added', text: 'Lights out in the warehouse: −2 visibility for everyone.' });
  log.add({ type: 'encounter-started' });
  rollInitiative(log, [[6, 5, 3, 1, 2, 4, 5, 5, 6], [4, 2, 6, 1, 3, 3, 5, 2, 1], [3, 1, 5, 2, 6, 4], [2, 2, 4, 1, 3, 6]]);
  // The firearm skill the sample was written with (the preset's sheet has Pistols 4 since sheets carry skills).
  applyResolvedRoll(log, 'sr4-ranged-attack', 'ghost', 'g1', [[6, 5, 5, 3, 1, 2, 6, 4, 5], [5, 2, 1], [6, 2, 3, 1, 4, 4]], { skill: 3 });
  nextTurn(log);
  log.add({ type: 'harm-applied', combatantId: 'wren', harm: harm('stun', 3) });
  log.undo();
  log.add({ type: 'harm-applied', combatantId: 'wren', harm: harm('stun', 2) });
  log.add({ type: 'condition-added', combatantId: 'g2', instanceId: 'sr-prone', condition: { conditionId: 'prone', label: 'Prone' } });
  nextTurn(log);
  nextTurn(log);
  nextTurn(log);
  log.add({ type: 'note-added', text: 'Ghost goes again on his second pass.' });
  log.add({ type: 'harm-applied', combatantId: 'g2', harm: harm('physical', 6) });
  log.undo();
  return log.record('Warehouse 7', sys);
}

/** Hardware: a runner against a corp enforcer and a street punk in a stairwell. */
export function hardwareSample(): EncounterRecord {
  const sys: SystemId = 'hardware';
  const log = new SampleLog('hw');
  log.add({ type: 'encounter-created', encounterId: 'enc-hw', name: 'Stairwell', systemId: sys });
  addFromPreset(log, sys, 'runner', 'kit', 'Kit', 'party');
  addFromPreset(log, sys, 'corp-enforcer', 'enf', 'Enforcer', 'opponents');
  addFromPreset(log, sys, 'street-punk', 'punk', 'Punk', 'opponents');
  log.add({ type: 'note-added', text: 'The stairwell door is locked behind them.' });
  log.add({ type: 'encounter-started' });
  rollInitiative(log, [[7]]);
  applyResolvedRoll(log, 'hardware-attack', 'kit', 'punk', [[6]], {});
  const save = log.roll('Punk', 'BOD save vs 5 (Critical Damage)', [{ sides: 20, faces: [15], label: 'BOD save' }]);
  log.add({ type: 'check-resolved', combatantId: 'punk', checkId: 'critical-damage:1', faces: [15], roll: save });
  nextTurn(log);
  log.add({ type: 'harm-applied', combatantId: 'kit', harm: harm('damage', 3) });
  log.undo();
  log.add({ type: 'harm-applied', combatantId: 'kit', harm: harm('damage', 2) });
  log.add({ type: 'condition-added', combatantId: 'enf', instanceId: 'hw-cover', condition: { conditionId: 'light-cover', label: 'Light cover' } });
  nextTurn(log, [[12]]);
  log.add({ type: 'note-added', text: 'The enforcer backs up the stairs and surrenders.' });
  log.add({ type: 'encounter-ended' });
  log.add({ type: 'note-added', text: 'Kit pockets the keycard.' });
  log.undo();
  return log.record('Stairwell', sys);
}
