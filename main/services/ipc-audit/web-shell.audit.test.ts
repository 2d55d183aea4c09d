// The browser fallback's loopback bridge against the whole contract: the real web shell (its own
// implementation, files in a temporary data folder) for the token, player-token and payload
// refusals, and the bridge over probes for the answer check.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_PAGE_METHODS } from '../../../shared/ipc/contract';
import { BRIDGE_PATH_PREFIX, BRIDGE_TOKEN_HEADER, createBridgeToken, createHttpBridge } from '../http-bridge';
import { createLoopbackServer, listenOnLoopback, type Listening } from '../loopback-server';
import { startWebShell, type WebShell } from '../web-shell';
import {
  auditBridge,
  auditBridgeAnswers,
  contractMethods,
  createProbes,
  type BridgeRequest,
} from './contract-audit.test-support';

let root: string;
let dataDirectory: string;
let shell: WebShell;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gm-bridge-audit-'));
  const rendererRoot = join(root, 'renderer');
  dataDirectory = join(root, 'data');
  mkdirSync(rendererRoot);
  mkdirSync(dataDirectory);
  for (const page of ['index.html', 'player.html'])
    writeFileSync(
      join(rendererRoot, page),
      `<!doctype html><html><head><title>${page}</title></head><body></body></html>`,
    );
  shell = await startWebShell({
    rendererRoot,
    dataDirectory,
    port: 0,
    strictPort: true,
    version: '0.1.0',
    platform: 'linux',
  });
});
afterAll(async () => {
  await shell.close();
  rmSync(root, { recursive: true, force: true });
});

/** POSTs to `base` as the page's transport does (renderer/src/platform/http-gm.ts). */
const requestTo =
  (base: string): BridgeRequest =>
  async ({ method, token, body, headers }) => {
    const response = await fetch(new URL(`${BRIDGE_PATH_PREFIX}${method}`, base), {
      method: 'POST',
      headers: { ...headers, ...(token === undefined ? {} : { [BRIDGE_TOKEN_HEADER]: token }) },
      body,
    });
    return { status: response.status, body: await response.text() };
  };

/** The token a served page carries in its meta tag. */
async function tokenOf(page: string, name: string): Promise<string> {
  const html = await (await fetch(new URL(page, shell.url))).text();
  const token = new RegExp(`<meta name="${name}" content="([^"]+)"`).exec(html)?.[1];
  if (!token) throw new Error(`${page} carries no ${name}.`);
  return token;
}

const filesIn = (folder: string) =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .map((entry) => {
      const stats = statSync(join(entry.parentPath, entry.name));
      return `${join(entry.parentPath, entry.name)}:${stats.size}:${stats.mtimeMs}`;
    })
    .sort()
    .join(', ');

describe("the browser fallback's bridge, for every contract method", () => {
  it('refuses a missing or wrong token, an invalid payload, and the player page unless the method is its own', async () => {
    const gmToken = await tokenOf('/', 'gm-bridge-token');
    const playerToken = await tokenOf('/player.html', 'gm-player-token');
    expect(playerToken).not.toBe(gmToken);
    expect(PLAYER_PAGE_METHODS).toEqual(['savePlayerPlacement', 'logRendererError']);
    const problems = await auditBridge(requestTo(shell.url), {
      gmToken,
      playerToken,
      sideEffects: () => filesIn(dataDirectory),
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it("checks every answer against the method's response schema (a probe's answer is refused with 500)", async () => {
    const probes = createProbes();
    const token = createBridgeToken();
    const served: Listening = await listenOnLoopback(
      createLoopbackServer(createHttpBridge({ token, implementation: probes.implementation })),
      { port: 0, strictPort: true },
    );
    try {
      expect(await auditBridgeAnswers(requestTo(served.url), token, probes)).toEqual([]);
    } finally {
      await served.close();
    }
  });
});

describe('the same audit catches a bridge that lets the player page call everything', () => {
  it('reports each method the player token reached', async () => {
    const probes = createProbes();
    const token = createBridgeToken();
    // Planted: the player page given the GM's token.
    const served = await listenOnLoopback(
      createLoopbackServer(createHttpBridge({ token, playerToken: token, implementation: probes.implementation })),
      { port: 0, strictPort: true },
    );
    try {
      const problems = await auditBridge(requestTo(served.url), {
        gmToken: token,
        playerToken: token,
        sideEffects: () => `${probes.calls.length}`,
      });
      const gmOnly = contractMethods().filter((method) => !PLAYER_PAGE_METHODS.includes(method));
      expect(problems.filter((problem) => problem.endsWith("ran for the player page's token."))).toEqual(
        gmOnly.map((method) => `${method}: its implementation ran for the player page's token.`),
      );
      expect(
        problems
          .filter((problem) => / the player page's token got \d+ .*, not 403\.$/.test(problem))
          .map((problem) => problem.split(':')[0]),
      ).toEqual(gmOnly);
      expect(problems).toContain(
        `saveExport: the player page's token got 500 {"error":"The GM Screen server failed: gm:files:save-export: the answer breaks the contract (status: Invalid discriminator value. Expected 'saved' | 'cancelled' | 'failed')."}, not 403.`,
      );
      expect(problems).toHaveLength(2 * gmOnly.length);
    } finally {
      await served.close();
    }
  });
});
