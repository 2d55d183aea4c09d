// Packs a small project with the real electron-builder.yml, offline (a stand-in Electron that
// carries Electron's fuse wire), and reads back what the package holds: the `files` rules and the
// fuses as electron-builder applies them, not as the YAML says them.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ELECTRON_SHIPPED_FUSES,
  listAsarFiles,
  makeStandInElectron,
  packLinuxDir,
  readFuses,
} from './packaging-pack.mjs';

const root = join(__dirname, '..');
const realPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown> & {
  devDependencies: Record<string, string>;
};

/** The app as `npm run build` leaves it, plus everything that must stay out of the package. */
const PROJECT_FILES: Record<string, string> = {
  'out/main/index.js': 'require("./chunks/csp.js");\n',
  'out/main/index.js.map': '{"version":3}',
  'out/main/chunks/csp.js': 'module.exports = {};\n',
  'out/main/render.test.js': 'planted: a test that slipped into out/\n',
  'out/preload/index.cjs': '"use strict";\n',
  'out/renderer/index.html': '<!doctype html><title>GM Screen</title>\n',
  'out/renderer/assets/index-abc123.js': 'console.log(1);\n',
  'out/renderer/assets/index-abc123.js.map': '{"version":3}',
  'out/renderer/assets/roll.spec.js': 'planted\n',
  'main/index.ts': 'planted: a source file\n',
  'shared/rules/roll.ts': 'planted\n',
  'renderer/src/App.vue': '<template />\n',
  'e2e/start.spec.ts': 'planted\n',
  'docs/architecture.md': '# planted\n',
  'README.md': '# planted\n',
  'tsconfig.json': '{}',
  'node_modules/tiny-dep/package.json': '{"name":"tiny-dep","version":"1.0.0","main":"index.js"}',
  'node_modules/tiny-dep/index.js': 'module.exports = 1;\n',
  'node_modules/tiny-dep/index.js.map': '{"version":3}',
  'node_modules/tiny-dep/src/index.ts': 'export default 1;\n',
  'node_modules/tiny-dep/LICENSE.md': 'MIT\n',
};

let work: string;
let packed: { appDir: string; binary: string };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gm-screen-packaging-'));
  const project = join(work, 'project');
  for (const [path, text] of Object.entries(PROJECT_FILES)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  cpSync(join(root, 'electron-builder.yml'), join(project, 'electron-builder.yml'));
  cpSync(join(root, 'assets'), join(project, 'assets'), { recursive: true });
  // The real package.json with one runtime dependency that is here, so nothing is installed.
  const { name, productName, version, description, license, author, homepage, desktopName, main } = realPackage;
  const projectPackage = { name, productName, version, description, license, author, homepage, desktopName, main };
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      ...projectPackage,
      dependencies: { 'tiny-dep': '1.0.0' },
      devDependencies: { electron: realPackage.devDependencies.electron },
    }),
  );
  packed = await packLinuxDir({
    projectDir: project,
    electronDist: makeStandInElectron(join(work, 'electron')),
    outputDir: join(work, 'dist'),
    executableName: String(name),
  });
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed app (electron-builder --dir with electron-builder.yml)', () => {
  it('app.asar holds out/** and package.json, and runtime dependencies without their sources or maps', () => {
    expect(listAsarFiles(join(packed.appDir, 'resources', 'app.asar'))).toEqual([
      'node_modules/tiny-dep/LICENSE.md',
      'node_modules/tiny-dep/index.js',
      'node_modules/tiny-dep/package.json',
      'out/main/chunks/csp.js',
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/assets/index-abc123.js',
      'out/renderer/index.html',
      'package.json',
    ]);
  });

  it('beside the asar, only the update feed electron-updater reads (publish in electron-builder.yml)', () => {
    expect(readdirSync(join(packed.appDir, 'resources')).sort()).toEqual(['app-update.yml', 'app.asar']);
    expect(readFileSync(join(packed.appDir, 'resources', 'app-update.yml'), 'utf8')).toBe(
      'provider: generic\nurl: https://gmscreen.app/updates/\nupdaterCacheDirName: gm-screen-updater\n',
    );
  });

  it('the fuses are flipped on the packed binary after packing', async () => {
    // Electron ships run-as-Node, NODE_OPTIONS and inspect on, asar checks and cookie encryption off.
    expect(ELECTRON_SHIPPED_FUSES).toBe('10110001');
    expect(await readFuses(packed.binary)).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      // Left as shipped: not set in electron-builder.yml.
      LoadBrowserProcessSpecificV8Snapshot: false,
      GrantFileProtocolExtraPrivileges: true,
    });
  });
});
