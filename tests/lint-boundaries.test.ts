import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints code as if it lived at a path, so the boundary rules of eslint.config.mjs are
// proven to fire (and to stay quiet where an import is allowed).
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-properties')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ["import { app } from 'electron';", 'shared/dice/bad.ts'],
    ["import { readFileSync } from 'node:fs';", 'shared/dice/bad.ts'],
    ["import { ref } from 'vue';", 'shared/dice/bad.ts'],
    ["import { defineStore } from 'pinia';", 'shared/dice/bad.ts'],
    ["import Dexie from 'dexie';", 'shared/dice/bad.ts'],
    ["import { join } from 'path';", 'shared/dice/bad.ts'],
    ["import { ipcRenderer } from 'electron';", 'renderer/src/bad.ts'],
    ["import { readFileSync } from 'node:fs';", 'renderer/src/bad.ts'],
    ["import { app } from 'electron';", 'main/services/bad.ts'],
  ])('rejects %s in %s', async (code, filePath) => {
    expect(await restrictedImportMessages(`${code}\nexport {};\n`, filePath)).not.toEqual([]);
  });

  it('rejects Math.random() in shared/', async () => {
    const messages = await restrictedImportMessages('export const roll = () => Math.random();\n', 'shared/dice/bad.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Rules take an injected RandomSource/);
  });

  it.each([
    ["import { app } from 'electron';", 'main/electron/ok.ts'],
    ["import { readFileSync } from 'node:fs';", 'main/services/ok.ts'],
    ["import { ref } from 'vue';", 'renderer/src/ok.ts'],
    ["import { z } from 'zod';", 'shared/ok.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await restrictedImportMessages(`${code}\nexport {};\n`, filePath)).toEqual([]);
  });
});
