import { RulesError } from '../errors';
import { rollDie, type RandomSource } from './random';
import { MAX_DICE_PER_ROLL, MAX_SIDES, type DiceGroup } from './record';

/**
 * Dice notation for the free-form roller: `3d6+2`, `d66`, `d%`, `2d20kh1`, `2d20kl1`,
 * `8d6>=5` (count faces meeting the target), `4d6!` (exploding), joined with + and −.
 */
export type Comparison = '>=' | '>' | '<=' | '<' | '=';

export interface DiceTerm {
  readonly kind: 'dice';
  readonly sign: 1 | -1;
  readonly count: number;
  readonly sides: number;
  /** d66: two d6 read as tens and units (11–66). */
  readonly d66: boolean;
  readonly keep?: { readonly which: 'highest' | 'lowest'; readonly count: number };
  readonly explode: boolean;
  readonly success?: { readonly comparison: Comparison; readonly target: number };
  /** Where the term starts in the source text, for messages. */
  readonly position: number;
  readonly text: string;
}

export interface ConstantTerm {
  readonly kind: 'constant';
  readonly sign: 1 | -1;
  readonly value: number;
  readonly position: number;
  readonly text: string;
}

export type NotationTerm = DiceTerm | ConstantTerm;

export interface ParsedNotation {
  readonly source: string;
  readonly terms: readonly NotationTerm[];
}

export const MAX_NOTATION_LENGTH = 200;
export const MAX_CONSTANT = 1_000_000;
/** Each exploding die may add at most this many extra dice, so a roll always ends. */
export const MAX_EXPLOSIONS_PER_DIE = 20;

export class NotationError extends RulesError {
  readonly position: number;
  constructor(message: string, position: number, source: string) {
    super('parse-error', `${message} (at position ${position + 1} of "${source.slice(0, 60)}")`, { position });
    this.name = 'NotationError';
    this.position = position;
  }
}

class Scanner {
  index = 0;
  constructor(readonly text: string) {}
  skipSpaces(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index]!)) this.index++;
  }
  peek(): string {
    return this.text[this.index] ?? '';
  }
  atEnd(): boolean {
    return this.index >= this.text.length;
  }
  /** Reads digits; returns undefined when there are none. */
  number(): number | undefined {
    const start = this.index;
    while (/[0-9]/.test(this.peek())) this.index++;
    if (start === this.index) return undefined;
    const digits = this.text.slice(start, this.index);
    // Long digit strings are rejected by the caller's range checks, not parsed as Infinity.
    return digits.length > 9 ? Number.MAX_SAFE_INTEGER : Number(digits);
  }
  fail(message: string, position = this.index): never {
    throw new NotationError(message, position, this.text);
  }
}

function parseTerm(scanner: Scanner, sign: 1 | -1): NotationTerm {
  const start = scanner.index;
  const leading = scanner.number();
  if (scanner.peek().toLowerCase() !== 'd') {
    if (leading === undefined) scanner.fail('Expected a number or dice like 3d6');
    if (leading > MAX_CONSTANT) scanner.fail(`A number may be at most ${MAX_CONSTANT}`, start);
    return { kind: 'constant', sign, value: leading, position: start, text: scanner.text.slice(start, scanner.index) };
  }
  scanner.index++; // the "d"
  const count = leading ?? 1;
  if (count < 1) scanner.fail('Roll at least 1 die', start);
  if (count > MAX_DICE_PER_ROLL) scanner.fail(`At most ${MAX_DICE_PER_ROLL} dice may be rolled at once`, start);
  let sides: number;
  let d66 = false;
  const sidesAt = scanner.index;
  if (scanner.peek() === '%') {
    scanner.index++;
    sides = 100;
  } else {
    const parsed = scanner.number();
    if (parsed === undefined) scanner.fail('Expected the number of sides after "d" (e.g. d6, d20, d66, d%)');
    sides = parsed;
    if (sides === 66) d66 = true;
  }
  if (!d66 && (sides < 2 || sides > MAX_SIDES)) scanner.fail(`A die must have 2 to ${MAX_SIDES} sides`, sidesAt);

  let keep: DiceTerm['keep'];
  let explode = false;
  let success: DiceTerm['success'];
  for (;;) {
    const at = scanner.index;
    const rest = scanner.text.slice(at, at + 2).toLowerCase();
    if (rest === 'kh' || rest === 'kl') {
      if (keep) scanner.fail('Only one keep (kh/kl) per dice term');
      scanner.index += 2;
      const numberAt = scanner.index;
      const n = scanner.number();
      if (n === undefined) scanner.fail(`Expected how many dice to keep after "${rest}"`);
      if (n < 1 || n > count) scanner.fail(`Keep between 1 and ${count} dice`, numberAt);
      keep = { which: rest === 'kh' ? 'highest' : 'lowest', count: n };
    } else if (scanner.peek() === '!') {
      if (explode) scanner.fail('A term can explode only once ("!")');
      if (d66) scanner.fail('d66 cannot explode');
      scanner.index++;
      explode = true;
    } else if (/[<>=]/.test(scanner.peek())) {
      if (success) scanner.fail('Only one success target per dice term');
      let comparison: Comparison;
      if (rest === '>=' || rest === '<=') {
        comparison = rest;
        scanner.index += 2;
      } else {
        comparison = scanner.peek() as Comparison;
        scanner.index++;
      }
      const numberAt = scanner.index;
      const target = scanner.number();
      if (target === undefined) scanner.fail(`Expected a target number after "${comparison}"`);
      const maxFace = d66 ? 66 : sides;
      if (target < 1 || target > maxFace) scanner.fail(`A success target must be a face from 1 to ${maxFace}`, numberAt);
      success = { comparison, target };
    } else {
      break;
    }
  }
  if (keep && success) scanner.fail('Use either keep (kh/kl) or a success target, not both', start);
  const text = scanner.text.slice(start, scanner.index);
  const term: DiceTerm = { kind: 'dice', sign, count, sides: d66 ? 6 : sides, d66, explode, position: start, text };
  return { ...term, ...(keep ? { keep } : {}), ...(success ? { success } : {}) };
}

export function parseNotation(text: string): ParsedNotation {
  if (typeof text !== 'string') throw new NotationError('Dice notation must be text', 0, String(text));
  if (text.length > MAX_NOTATION_LENGTH) {
    throw new NotationError(`Dice notation may be at most ${MAX_NOTATION_LENGTH} characters`, MAX_NOTATION_LENGTH, text);
  }
  const scanner = new Scanner(text);
  const terms: NotationTerm[] = [];
  scanner.skipSpaces();
  if (scanner.atEnd()) scanner.fail('Enter dice like 3d6+2, d66, 2d20kh1, 8d6>=5 or 4d6!');
  let sign: 1 | -1 = 1;
  if (scanner.peek() === '-' || scanner.peek() === '+') {
    sign = scanner.peek() === '-' ? -1 : 1;
    scanner.index++;
    scanner.skipSpaces();
  }
  for (;;) {
    terms.push(parseTerm(scanner, sign));
    scanner.skipSpaces();
    if (scanner.atEnd()) break;
    const op = scanner.peek();
    if (op !== '+' && op !== '-') scanner.fail(`Unexpected "${op}"; join terms with + or -`);
    sign = op === '-' ? -1 : 1;
    scanner.index++;
    scanner.skipSpaces();
    if (scanner.atEnd()) scanner.fail(`Expected a term after "${op}"`);
  }
  const totalDice = terms.reduce((sum, t) => sum + (t.kind === 'dice' ? t.count * (t.d66 ? 2 : 1) : 0), 0);
  if (totalDice > MAX_DICE_PER_ROLL) {
    throw new NotationError(`At most ${MAX_DICE_PER_ROLL} dice per roll; this asks for ${totalDice}`, 0, text);
  }
  return { source: text, terms };
}

export interface DieOutcome {
  /** The face (for d66, the two-digit result). */
  readonly value: number;
  readonly kept: boolean;
  /** True for a die added by an explosion. */
  readonly exploded: boolean;
  readonly success?: boolean;
}

export interface TermOutcome {
  readonly term: NotationTerm;
  readonly dice: readonly DieOutcome[];
  /** The term's contribution before its sign: kept sum, successes, or the constant. */
  readonly value: number;
  /** True when an explosion chain hit the per-die cap. */
  readonly explosionCapped: boolean;
}

export interface NotationResult {
  readonly notation: string;
  readonly total: number;
  readonly terms: readonly TermOutcome[];
  /** The raw faces, grouped by term, for the roll record. */
  readonly groups: readonly DiceGroup[];
}

function meets(value: number, comparison: Comparison, target: number): boolean {
  switch (comparison) {
    case '>=':
      return value >= target;
    case '>':
      return value > target;
    case '<=':
      return value <= target;
    case '<':
      return value < target;
    case '=':
      return value === target;
  }
}

function rollTerm(term: DiceTerm, source: RandomSource): { outcome: TermOutcome; faces: number[] } {
  const faces: number[] = [];
  const values: { value: number; exploded: boolean }[] = [];
  let capped = false;
  for (let i = 0; i < term.count; i++) {
    if (term.d66) {
      const tens = rollDie(source, 6);
      const units = rollDie(source, 6);
      faces.push(tens, units);
      values.push({ value: tens * 10 + units, exploded: false });
      continue;
    }
    let face = rollDie(source, term.sides);
    faces.push(face);
    values.push({ value: face, exploded: false });
    let chain = 0;
    while (term.explode && face === term.sides) {
      if (chain >= MAX_EXPLOSIONS_PER_DIE) {
        capped = true;
        break;
      }
      face = rollDie(source, term.sides);
      faces.push(face);
      values.push({ value: face, exploded: true });
      chain++;
    }
  }
  let keptIndexes = new Set(values.map((_, i) => i));
  if (term.keep) {
    const order = values.map((v, i) => ({ v: v.value, i })).sort((a, b) => (term.keep!.which === 'highest' ? b.v - a.v : a.v - b.v) || a.i - b.i);
    keptIndexes = new Set(order.slice(0, term.keep.count).map((o) => o.i));
  }
  const dice: DieOutcome[] = values.map((v, i) => {
    const base = { value: v.value, kept: keptIndexes.has(i), exploded: v.exploded };
    return term.success ? { ...base, success: meets(v.value, term.success.comparison, term.success.target) } : base;
  });
  const value = term.success
    ? dice.filter((d) => d.success).length
    : dice.filter((d) => d.kept).reduce((sum, d) => sum + d.value, 0);
  return { outcome: { term, dice, value, explosionCapped: capped }, faces };
}

/** Rolls a parsed notation with the given source; every face lands in `groups`. */
export function rollNotation(parsed: ParsedNotation, source: RandomSource): NotationResult {
  const terms: TermOutcome[] = [];
  const groups: DiceGroup[] = [];
  let total = 0;
  for (const term of parsed.terms) {
    if (term.kind === 'constant') {
      terms.push({ term, dice: [], value: term.value, explosionCapped: false });
      total += term.sign * term.value;
      continue;
    }
    const { outcome, faces } = rollTerm(term, source);
    terms.push(outcome);
    groups.push({ sides: term.sides, faces, label: term.text });
    total += term.sign * outcome.value;
  }
  return { notation: parsed.source, total, terms, groups };
}
