/**
 * JSON written the same way every time: keys sorted by code unit, two-space indentation, `\n`
 * line ends. Object keys are sorted here rather than left to JSON.stringify, which lists
 * whole-number keys first and the rest in insertion order, so the text depends only on the data.
 * Like JSON.stringify, an undefined property is left out and a number that is not finite is
 * written as null.
 */

function writeValue(value: unknown, indent: string, parts: string[]): void {
  if (value === null || typeof value !== 'object') {
    parts.push(value === undefined || typeof value === 'function' || typeof value === 'symbol' ? 'null' : JSON.stringify(value));
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      parts.push('[]');
      return;
    }
    parts.push('[');
    for (let index = 0; index < value.length; index++) {
      parts.push(index === 0 ? `\n${inner}` : `,\n${inner}`);
      writeValue(value[index], inner, parts);
    }
    parts.push(`\n${indent}]`);
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  if (keys.length === 0) {
    parts.push('{}');
    return;
  }
  parts.push('{');
  keys.forEach((key, index) => {
    parts.push(`${index === 0 ? '\n' : ',\n'}${inner}${JSON.stringify(key)}: `);
    writeValue(record[key], inner, parts);
  });
  parts.push(`\n${indent}}`);
}

/** One value as canonical JSON; `indent` is the indentation of the line it starts on. */
export function canonicalJson(value: unknown, indent = ''): string {
  const parts: string[] = [];
  writeValue(value, indent, parts);
  return parts.join('');
}

/**
 * A file's top-level object with its keys in a fixed, documented order rather than sorted; each
 * value is JSON text already written for the indentation of a top-level key. Ends with a newline.
 */
export function topLevelJson(fields: readonly (readonly [key: string, json: string])[]): string {
  return `{\n${fields.map(([key, json]) => `  ${JSON.stringify(key)}: ${json}`).join(',\n')}\n}\n`;
}
