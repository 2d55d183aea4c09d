// `npm start`: open the desktop app where the Electron binary is available; otherwise
// say so in one sentence and serve the same GM screen on 127.0.0.1, with the same file
// services (exports, backups) in the data folder it prints. When the Node version is the
// reason (Electron's installer needs Node >= 22.12 to download the binary), it says that.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { browserFallbackSentence, desktopNodeAdvice, desktopNodeProblem } from './node-requirements.mjs';
import { describeDataFolder, serveWeb } from './serve-web.mjs';

const root = resolve(new URL('.', import.meta.url).pathname, '..');

/**
 * The Electron binary if it is already on disk, found the way `electron`'s index.js finds it
 * (path.txt, ELECTRON_OVERRIDE_DIST_PATH) but without starting a download.
 */
function installedElectron() {
  try {
    const packageDir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
    const pathFile = join(packageDir, 'path.txt');
    const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : undefined;
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const binary = override
      ? join(override, executable || 'electron')
      : executable && join(packageDir, 'dist', executable);
    return binary && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves the Electron binary in a child process: on first use `electron` downloads it, which may fail offline. */
function downloadElectron() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (probe.status === 0 && probe.stdout) return { path: probe.stdout.trim() };
  const reason = probe.error
    ? probe.error.message
    : (probe.stderr.split('\n').find((l) => /Error/.test(l)) ?? 'unknown');
  return { reason: reason.trim() };
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function fallBackToBrowser(why, advice) {
  const { url, dataDirectory } = await serveWeb();
  console.log(advice ? `${browserFallbackSentence(why, url)} ${advice}` : browserFallbackSentence(why, url));
  console.log(describeDataFolder(dataDirectory));
}

const installed = installedElectron();
const nodeProblem = desktopNodeProblem(process.version, { electronInstalled: Boolean(installed) });
const electron = installed ? { path: installed } : nodeProblem ? undefined : downloadElectron();
if (nodeProblem) {
  await fallBackToBrowser(nodeProblem, desktopNodeAdvice());
} else if (!electron.path) {
  await fallBackToBrowser(
    `The Electron desktop shell is not available on this machine (its binary is missing and could not be downloaded: ${electron.reason})`,
  );
} else if (!hasDisplay()) {
  await fallBackToBrowser('There is no graphical display for the desktop window');
} else {
  const child = spawn(electron.path, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
