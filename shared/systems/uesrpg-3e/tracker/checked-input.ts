// Two helpers the stat block, health and initiative all use when they check what they are given.

/** Array.isArray without narrowing a typed readonly list to any[] (the input is still checked at run time). */
export function isList(value: unknown): boolean {
  return Array.isArray(value);
}

export function possessive(name: string): string {
  return name ? `${name}'s ` : '';
}
