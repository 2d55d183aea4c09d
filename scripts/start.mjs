// `npm start`: open the desktop app where the Electron binary is available; otherwise
// say so in one sentence and serve the same GM screen on 127.0.0.1, with the same file
// services (exports, backups) in the data folder it prints.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describeDataFolder, serveWeb } from './serve-web.mjs';

const root = resolve(new URL('.', import.meta.url).pathname, '..');

/** Resolves the Electron binary in a child process: on first use `electron` downloads it, which may fail offline. */
function findElectron() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (probe.status === 0 && probe.stdout) return { path: probe.stdout.trim() };
  const reason = probe.error ? probe.error.message : (probe.stderr.split('\n').find((l) => /Error/.test(l)) ?? 'unknown');
  return { reason: reason.trim() };
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function fallBackToBrowser(why) {
  const { url, dataDirectory } = await serveWeb();
  console.log(`${why}, so GM Screen is served for your browser instead at ${url} (Ctrl+C to stop).`);
  console.log(describeDataFolder(dataDirectory));
}

const electron = findElectron();
if (!electron.path) {
  await fallBackToBrowser(`The Electron desktop shell is not available on this machine (its binary is missing and could not be downloaded: ${electron.reason})`);
} else if (!hasDisplay()) {
  await fallBackToBrowser('There is no graphical display for the desktop window');
} else {
  const child = spawn(electron.path, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
