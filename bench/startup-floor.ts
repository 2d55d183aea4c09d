/**
 * The floor under the cold-start figures: a page as small as a GM screen can be (one script:
 * Vue, Dexie and bench/startup-floor-page.ts; a shell and a little CSS) loaded in a fresh tab
 * with the HTTP cache off, from navigation to 15 plain rows painted. It says how much of the
 * app's own start-up is the browser, the framework and the database library, on this machine,
 * in the same run.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildPageScript } from './page-script';

const STYLE = [
  'html,body,#app{height:100%;margin:0}',
  "body{background:#15130f;color:#eee8dc;font:16px/1.4 system-ui,'DejaVu Sans',sans-serif}",
  'header{display:flex;gap:.75rem;padding:.4rem .75rem;border-bottom:1px solid #3a342a}',
  '.item{display:flex;gap:.5rem;align-items:center;padding:.3rem .75rem;border-bottom:1px solid #3a342a}',
  '.tracks{display:grid}.box{font-size:.8rem}',
].join('');

const HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Floor</title><style>${STYLE}</style></head>
<body><div id="app"><header><strong>GM Screen</strong></header><p>Opening…</p></div><script src="./floor.js" defer></script></body></html>`;

/** The page script, minified for production as the app's is. */
const floorScript = () =>
  buildPageScript(join(__dirname, 'startup-floor-page.ts'), 'StartupFloor', {
    minify: true,
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });

export interface ServedFloor {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the floor page on 127.0.0.1 (a port of its own, so an origin and a database of its own). */
export async function serveStartupFloor(): Promise<ServedFloor> {
  const script = await floorScript();
  const server = createServer((request, response) => {
    const isScript = request.url?.startsWith('/floor.js') ?? false;
    response.writeHead(200, {
      'content-type': isScript ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(isScript ? script : HTML);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The start-up floor server has no port.');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** Loads the floor page in `page`; navigation → rows painted, in ms. */
export async function floorLoad(page: Page, url: string, withDatabase: boolean): Promise<number> {
  await page.goto(withDatabase ? `${url}?database` : url);
  await page.waitForFunction(() => window.__floorPainted !== undefined);
  return page.evaluate(() => window.__floorPainted!);
}
