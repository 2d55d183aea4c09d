// Reading the roll panel's setup values: each field checked against its options and range, every
// problem named; and the encounter's Assists toggle.
import { describe, problemOf } from '../../../errors';
import type { ToggleValues } from '../../../system-kit/rule-system';
import type { AssistRule } from '../combat';
import { cappedProtection } from '../derived';
import { hardwareToggles } from '../toggles';
import type { SetupValue, SetupValues } from '../../../system-kit/workflow';

export interface Option<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly hint?: string;
}

/**
 * Reads the panel's setup values, falling back to the defaults for missing ones; a bad value is
 * recorded as a problem sentence and the default is used so the remaining checks still run.
 */
export class SetupReader {
  readonly problems: string[];
  private readonly setup: SetupValues;

  constructor(
    setup: SetupValues,
    private readonly defaults: SetupValues,
    problems?: string[],
  ) {
    this.problems = problems ?? [];
    if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) {
      if (problems === undefined)
        this.problems.push(`The roll setup must be a set of named values, got ${describe(setup)}.`);
      this.setup = {};
    } else {
      this.setup = setup;
    }
  }

  /** The same setup and problem list with another participant's defaults (no big merged object). */
  with(defaults: SetupValues): SetupReader {
    return new SetupReader(this.setup, defaults, this.problems);
  }

  private raw(id: string): SetupValue | undefined {
    return Object.hasOwn(this.setup, id) ? this.setup[id] : this.defaults[id];
  }

  choice<T extends string>(id: string, label: string, options: readonly Option<T>[], fallback: T): T {
    const value = this.raw(id);
    const found = options.find((o) => o.value === value);
    if (found) return found.value;
    this.problems.push(`${label} must be one of ${options.map((o) => o.label).join(', ')}; got ${describe(value)}.`);
    return fallback;
  }

  int(id: string, label: string, min: number, max: number): number {
    const value = this.raw(id);
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
    this.problems.push(`${label} must be a whole number from ${min} to ${max}; got ${describe(value)}.`);
    return min;
  }

  /**
   * Armor or Buffer as the GM typed it, several items added up included: above 3 is not refused,
   * the rules count it as 3 and say so in a step (seed: no creature has more than 3).
   */
  protection(id: string, label: string, kind: 'Armor' | 'Buffer'): number {
    const value = this.raw(id);
    const problem = problemOf(() => cappedProtection(kind, value));
    if (problem === null) return value as number;
    this.problems.push(`${label}: ${problem}`);
    return 0;
  }

  flag(id: string, label: string): boolean {
    const value = this.raw(id);
    if (typeof value === 'boolean') return value;
    this.problems.push(`${label} must be on or off; got ${describe(value)}.`);
    return false;
  }
}

/** The encounter's Assists toggle (seed step 2), checked against its allowed values. */
export function readAssists(toggles: ToggleValues, problems: string[]): AssistRule {
  const def = hardwareToggles.find((t) => t.id === 'assists')!;
  const value = toggles?.assists ?? def.defaultValue;
  if (def.values.some((v) => v.value === value)) return value as AssistRule;
  problems.push(
    `The Assists rule toggle must be ${def.values.map((v) => `"${String(v.value)}"`).join(' or ')}; got ${describe(value)}.`,
  );
  return def.defaultValue as AssistRule;
}
