// Serves the built GM screen on 127.0.0.1 for a plain browser (`npm run web`, and the
// fallback of `npm start` where the Electron binary is missing).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { listenStatic } from './static-server.mjs';

export async function serveWeb({ port = Number(process.env.PORT) || 5180, strictPort = Boolean(process.env.PORT) } = {}) {
  const root = resolve(__dirname_(), '..');
  if (!existsSync(resolve(root, 'out/renderer/index.html'))) {
    throw new Error('The GM screen is not built yet: run `npm run build` first.');
  }
  const { server, url } = await listenStatic(resolve(root, 'out/renderer'), { port, strictPort });
  return { server, url };
}

function __dirname_() {
  return new URL('.', import.meta.url).pathname;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__dirname_(), 'serve-web.mjs')) {
  const { url } = await serveWeb();
  console.log(`GM Screen is served at ${url} — open it in your browser (Ctrl+C to stop).`);
}
