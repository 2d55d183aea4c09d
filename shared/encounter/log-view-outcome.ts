// What each kind of event says in the log: its kinds, actor, targets, dice and text.
import type { EncounterEvent } from './events';
import { chaseChangeText, chaseLogText } from './chase';
import type { LogDetails } from './log-view-details';
import type { LogNames } from './log-view-names';
import { K, NO_DICE, NO_NAMES, plain, withConditions, type Outcome } from './log-view-parts';
import { harmText, humanize, rollDice, toggleValueText } from './log-view-text';
import type { RulesLookup } from '../system-kit/rules-lookup';
import { presentCombatants, toRulesCombatant, type EncounterState } from './state';

export class LogOutcomes {
  /** Who made each roll, by event id, so harm from a resolved roll names its actor. */
  private rollActors = new Map<string, string>();

  constructor(
    private readonly lookup: RulesLookup,
    private readonly names: LogNames,
    private readonly details: LogDetails,
  ) {}

  /** Takes over the roll actors another builder learned (the entries before a saved state, built later). */
  adoptRollActors(other: LogOutcomes): void {
    for (const [id, actor] of other.rollActors) this.rollActors.set(id, actor);
  }

  /** What the event says, given the states before and after it. */
  of(event: EncounterEvent, before: EncounterState | null, after: EncounterState): Outcome {
    const rules = this.lookup.tracker(after.systemId);
    const at = before ?? after;
    switch (event.type) {
      case 'encounter-created': {
        const system = this.lookup.system(event.systemId);
        return plain(K.encounter, `Encounter "${after.name}" created · ${system.label}`);
      }
      case 'encounter-renamed':
        return plain(K.encounter, `Encounter renamed from "${before?.name ?? ''}" to "${after.name}"`);
      case 'toggle-changed': {
        const toggle = this.lookup.system(after.systemId).toggles.find((t) => t.id === event.toggleId);
        const value = toggle?.values.find((v) => v.value === event.value)?.label ?? toggleValueText(event.value);
        return plain(K.encounter, `Rule changed: ${toggle?.label ?? event.toggleId} → ${value}`);
      }
      case 'side-added':
        return plain(K.roster, `Side added: ${event.name.trim()}`);
      case 'combatant-added': {
        const added = event.combatant;
        const side = after.sides.find((s) => s.id === added.side)?.name ?? added.side;
        const group = added.groupId ? after.groups.find((g) => g.id === added.groupId)?.name : undefined;
        const tags = [
          added.kind === 'pc' ? 'PC' : 'NPC',
          ...(group ? [`group ${group}`] : []),
          ...(added.hidden ? ['hidden'] : []),
        ];
        return {
          kinds: K.roster,
          actor: null,
          targets: [this.names.nameOf(after, added.id)],
          dice: NO_DICE,
          text: `Joins ${side} (${tags.join(', ')})`,
        };
      }
      case 'combatant-edited':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: this.details.editText(event, before, after, rules),
        };
      case 'combatant-removed':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: `Leaves the encounter${this.turnChangeSuffix(before, after)}`,
        };
      case 'combatant-revealed':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: 'Revealed to the players',
        };
      case 'group-formed':
        return {
          kinds: K.roster,
          actor: null,
          targets: event.combatantIds.map((id) => this.names.nameOf(at, id)),
          dice: NO_DICE,
          text: `Grouped as ${event.name.trim()}`,
        };
      case 'group-dissolved': {
        const group = before?.groups.find((g) => g.id === event.groupId);
        const members = (before?.combatants ?? [])
          .filter((c) => c.groupId === event.groupId)
          .map((c) => ({ id: c.id, name: c.name }));
        return {
          kinds: K.roster,
          actor: null,
          targets: members,
          dice: NO_DICE,
          text: `Group ${group?.name ?? event.groupId} dissolved`,
        };
      }
      case 'group-initiative-set': {
        const group = after.groups.find((g) => g.id === event.groupId);
        const name = group?.name ?? event.groupId;
        return plain(
          K.turns,
          event.eachRolls ? `Each member of ${name} rolls its own initiative` : `${name} rolls initiative as one group`,
        );
      }
      case 'initiative-rolled':
        return this.initiativeOutcome(event, before, after);
      case 'encounter-started':
        return {
          ...plain(K.turns, `Encounter starts · Round ${after.round}${this.whoActs(after, ' · roll initiative')}`),
          extraIds: after.current ? [after.current.combatantId] : [],
        };
      case 'turn-advanced':
        return this.turnOutcome(before, after);
      case 'turn-rewound':
        return {
          ...plain(
            K.turns,
            `Back to ${after.current ? `${this.names.nameOf(after, after.current.combatantId).name}'s turn` : 'the previous turn'}`,
          ),
          extraIds: after.current ? [after.current.combatantId] : [],
        };
      case 'action-taken': {
        const action = this.details.actionOf(before, event.combatantId, event.actionId, rules);
        const label = action?.label ?? event.actionId;
        return {
          kinds: K.turns,
          actor: this.names.nameOf(at, event.combatantId),
          targets: NO_NAMES,
          dice: NO_DICE,
          text: `${action?.reaction ? 'Reacts' : 'Takes'}: ${label}`,
        };
      }
      case 'harm-applied': {
        const actorId = event.sourceEventId ? this.rollActors.get(event.sourceEventId) : undefined;
        const health = this.details.healthChange(before, after, event.combatantId, rules);
        const standing = this.details.initiativeChange(before, after, event.combatantId, rules);
        return {
          kinds: K.harm,
          actor: actorId ? this.names.nameOf(at, actorId) : null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: `${harmText(event.harm, rules)}${health ? ` → ${health}` : ''}${standing ? `; ${standing}` : ''}`,
        };
      }
      case 'check-resolved': {
        const label = this.details.checkLabel(before, event.combatantId, event.checkId, rules);
        const dice = event.roll ? rollDice(event.roll, label) : [{ label, sides: null, faces: event.faces }];
        const health = this.details.healthChange(before, after, event.combatantId, rules);
        const standing = this.details.initiativeChange(before, after, event.combatantId, rules);
        return {
          kinds: health ? K.rollsHarm : K.rolls,
          actor: this.names.nameOf(at, event.combatantId),
          targets: NO_NAMES,
          dice,
          text: `${label}${health ? ` → ${health}` : ''}${standing ? `; ${standing}` : ''}`,
        };
      }
      case 'prompt-dismissed': {
        const prompt = before
          ? rules
              .encounterPrompts(presentCombatants(before).map(toRulesCombatant), before.promptsDone)
              .find((p) => p.id === event.promptId)
          : undefined;
        return plain(K.rolls, `${prompt?.label ?? humanize(event.promptId)} dismissed`);
      }
      case 'condition-added': {
        const rounds = event.condition.rounds;
        const note = event.condition.note ? ` — ${event.condition.note}` : '';
        return {
          kinds: K.conditions,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: `Gains ${event.condition.label.trim()}${rounds ? ` (${rounds} ${event.condition.expires === 'pass-end' ? (rounds === 1 ? 'pass' : 'passes') : rounds === 1 ? 'round' : 'rounds'})` : ''}${note}`,
        };
      }
      case 'condition-removed': {
        const condition = this.names
          .find(before, event.combatantId)
          ?.conditions.find((c) => c.instanceId === event.instanceId);
        return {
          kinds: K.conditions,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: `Loses ${condition?.label ?? 'a condition'}`,
        };
      }
      case 'condition-visibility-set': {
        const condition = this.names
          .find(after, event.combatantId)
          ?.conditions.find((c) => c.instanceId === event.instanceId);
        return {
          kinds: K.conditions,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: `${condition?.label ?? 'A condition'} ${event.visible ? 'shown to' : 'hidden from'} the players`,
        };
      }
      case 'combatant-numbers-shown':
        return {
          kinds: K.roster,
          actor: null,
          targets: this.names.only(at, event.combatantId),
          dice: NO_DICE,
          text: event.shown ? 'Health numbers shown to the players' : 'Health shown to the players as a word again',
        };
      case 'roll-shown':
        return plain(K.rolls, `Roll shown to the players: ${event.roll.summary}`);
      case 'roll-unshown': {
        const roll = before?.shownRolls?.find((r) => r.rollId === event.rollId);
        return plain(K.rolls, `Roll taken off the player view${roll ? `: ${roll.summary}` : ''}`);
      }
      case 'roll-applied': {
        if (event.actorId) this.rollActors.set(event.id, event.actorId);
        // Conditions the roll imposes are told by the condition diff, which skips ones already there.
        const effects = event.effects.flatMap((effect) => {
          if (!effect.harm) return [];
          const health = this.details.healthChange(before, after, effect.combatantId, rules);
          const standing = this.details.initiativeChange(before, after, effect.combatantId, rules);
          return [
            `${this.names.nameOf(at, effect.combatantId).name}: ${harmText(effect.harm, rules)}${health ? ` → ${health}` : ''}${standing ? `; ${standing}` : ''}`,
          ];
        });
        const harmed = event.effects.some((e) => e.harm);
        const conditioned = event.effects.some((e) => e.conditions?.length);
        const rollKinds = harmed ? K.rollsHarm : K.rolls;
        const kinds = conditioned ? withConditions(rollKinds) : rollKinds;
        // Under a GM ruling the spends the rules refused were left unspent: name only those that changed someone.
        const took = (combatantId: string) => {
          const was = this.names.find(before, combatantId);
          const is = this.names.find(after, combatantId);
          return !event.ruling || was?.spent !== is?.spent || was?.forfeitNextTurn !== is?.forfeitNextTurn;
        };
        const spent = (event.spends ?? [])
          .filter((spend) => took(spend.combatantId))
          .map(
            (spend) =>
              `${this.names.nameOf(at, spend.combatantId).name}: ${this.details.actionOf(before, spend.combatantId, spend.actionId, rules)?.label ?? spend.actionId}`,
          );
        return {
          kinds,
          actor: event.actorId ? this.names.nameOf(at, event.actorId) : null,
          targets: event.effects.map((e) => this.names.nameOf(at, e.combatantId)),
          dice: rollDice(event.roll, event.roll.roller),
          text: [
            event.summary.trim(),
            ...effects,
            spent.length ? `used ${spent.join(', ')}` : '',
            event.chase ? chaseChangeText(event.chase, (id) => this.names.nameOf(at, id).name) : '',
            event.ruling ? `GM ruling: allowed although “${event.ruling.refused}”` : '',
          ]
            .filter(Boolean)
            .join(' · '),
        };
      }
      case 'roll-resolved':
        if (event.actorId) this.rollActors.set(event.id, event.actorId);
        return {
          kinds: K.rolls,
          actor: event.actorId ? this.names.nameOf(at, event.actorId) : null,
          targets: (event.targetIds ?? []).map((id) => this.names.nameOf(at, id)),
          dice: rollDice(event.roll, event.roll.roller),
          text: event.summary.trim(),
        };
      case 'chase-started':
      case 'chase-range-changed':
      case 'chase-turn-advanced':
      case 'chase-ended':
        return plain(
          K.turns,
          chaseLogText(event, before, after, (id) => this.names.nameOf(at, id).name),
        );
      case 'note-added':
        return plain(K.notes, `Note: ${event.text}`);
      case 'encounter-ended':
        return plain(K.turns, `Encounter ended in round ${after.round}`);
    }
  }

  private initiativeOutcome(
    event: Extract<EncounterEvent, { type: 'initiative-rolled' }>,
    before: EncounterState | null,
    after: EncounterState,
  ): Outcome {
    const state = before ?? after;
    const participantName = (id: string) =>
      this.names.find(state, id)?.name ??
      state.groups.find((g) => g.id === id)?.name ??
      state.sides.find((s) => s.id === id)?.name ??
      id;
    const scores = event.entries.map((e) => `${participantName(e.participantId)} ${e.display}`).join(' · ');
    const dice = event.rolls.length
      ? // Each participant's roll is named by who rolled it: "initiative" on every group says nothing.
        event.rolls.flatMap((roll) =>
          roll.groups.map((group) => ({ label: roll.roller, sides: group.sides, faces: group.faces })),
        )
      : event.entries
          .filter((e) => e.faces.length)
          .map((e) => ({ label: participantName(e.participantId), sides: null, faces: e.faces }));
    const order = after.initiative.order;
    const notes: string[] = [];
    if (order?.tieToReroll?.length)
      notes.push(`tie: ${order.tieToReroll.map(participantName).join(' and ')} roll again`);
    if (order?.losesTurn.length)
      notes.push(
        `${order.losesTurn.map(participantName).join(', ')} ${order.losesTurn.length === 1 ? 'loses' : 'lose'} the turn`,
      );
    const started = !before?.current && after.current ? this.whoActs(after, '') : '';
    const ids = event.entries.flatMap((e) => e.memberIds);
    return {
      kinds: K.turnsRolls,
      actor: null,
      targets: NO_NAMES,
      dice,
      text: `Initiative: ${scores}${notes.length ? ` · ${notes.join(' · ')}` : ''}${started}`,
      extraIds: ids,
    };
  }

  private turnOutcome(before: EncounterState | null, after: EncounterState): Outcome {
    const skipped = before && after.round === before.round ? after.skipped.slice(before.skipped.length) : after.skipped;
    const skippedText = skipped.length ? skipped.map((s) => s.reason).join(' ') : '';
    const ids: string[] = [];
    if (before?.current) ids.push(before.current.combatantId);
    if (after.current && after.current.combatantId !== before?.current?.combatantId)
      ids.push(after.current.combatantId);
    let text: string;
    if (before && after.round > before.round)
      text = `Round ${after.round} begins${this.whoActs(after, ' · roll initiative')}`;
    else if (after.current)
      text = `${this.names.nameOf(after, after.current.combatantId).name} acts${after.current.pass > 1 ? ` (pass ${after.current.pass})` : ''}`;
    else text = 'Nobody else can act this round';
    return {
      kinds: K.turns,
      actor: null,
      targets: NO_NAMES,
      dice: NO_DICE,
      text: skippedText ? `${text} · ${skippedText}` : text,
      extraIds: ids,
    };
  }

  /** " · Ghost acts" (with the pass when past the first), or `otherwise` when nobody's turn has begun. */
  private whoActs(state: EncounterState, otherwise: string): string {
    if (!state.current) return otherwise;
    const pass = state.current.pass > 1 ? ` (pass ${state.current.pass})` : '';
    return ` · ${this.names.nameOf(state, state.current.combatantId).name} acts${pass}`;
  }

  private turnChangeSuffix(before: EncounterState | null, after: EncounterState): string {
    if (!before?.current || before.current.combatantId === after.current?.combatantId) return '';
    return after.round > before.round
      ? ` · Round ${after.round} begins${this.whoActs(after, '')}`
      : this.whoActs(after, '');
  }
}
