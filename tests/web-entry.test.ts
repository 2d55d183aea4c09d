import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module specifier a TypeScript source imports or re-exports. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
}

describe('main/web.ts, the browser fallback run with plain Node', () => {
  it('imports only Node built-ins and main/services (which ESLint keeps free of electron), so its bundle never requires electron', () => {
    const imports = importsOf(readFileSync(join(__dirname, '..', 'main', 'web.ts'), 'utf8'));
    expect(imports).toEqual(['node:fs', 'node:path', './services/data-folder', './services/web-shell']);
  });

  it('reads imports the way the check above relies on', () => {
    expect(importsOf("import { app } from 'electron';\nexport { x } from \"./y\";\nimport type { Z } from './z';")).toEqual(['electron', './y', './z']);
  });
});
