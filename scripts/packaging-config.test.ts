// electron-builder.yml as electron-builder itself loads and validates it (its own loader and JSON
// schema, so a misspelt option fails here), and the package.json fields the deb needs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'electron-builder';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const load = (): Promise<Configuration> => getConfig(root, 'electron-builder.yml', null);
/** Debian's `nsis` package (electron-builder brings its own NSIS only while building for Windows). */
const makensis = ['/usr/bin/makensis', '/usr/local/bin/makensis'].find(
  (path) => spawnSync(path, ['-VERSION']).status === 0,
);
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it('passes electron-builder 26’s schema, which refuses a misspelt option', async () => {
    const config = await load();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsnode: false } } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      'configuration.electronFuses',
    );
  });

  it('names the app and builds AppImage + deb, NSIS, dmg + zip', async () => {
    const config = await load();
    expect([config.appId, config.productName]).toEqual(['app.gmscreen.desktop', 'GM Screen']);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toEqual(['dmg', 'zip']);
    expect(config.linux?.maintainer).toBe('GM Screen contributors <contributors@gmscreen.app>');
  });

  it('names the Linux desktop entry after package.json’s desktopName, the name Electron gives its window', async () => {
    expect((await load()).linux?.syncDesktopName).toBe(true);
    // gm-screen.desktop: the executable's name, so the entry, the window class and the launcher agree.
    expect(packageJson.desktopName).toBe(`${String(packageJson.name)}.desktop`);
    expect(packageJson.desktopName).toBe('gm-screen.desktop');
  });

  it('takes each OS’s icon from assets/', async () => {
    const config = await load();
    expect([config.directories?.buildResources, config.linux?.icon, config.win?.icon, config.mac?.icon]).toEqual([
      'assets',
      'assets/icons',
      'assets/icon.ico',
      'assets/icon.icns',
    ]);
  });

  it('packs only out/** and package.json, without maps, tests or dependencies’ TypeScript', async () => {
    const config = await load();
    expect(config.files).toEqual([
      {
        filter: [
          'out/**',
          'package.json',
          '!**/*.map',
          '!out/**/*.{test,spec}.*',
          '!**/node_modules/**/*.{ts,mts,cts}',
        ],
      },
    ]);
    expect(config.asarUnpack).toEqual([]);
    expect(config.asar).toBeUndefined(); // asar on, as electron-builder defaults: onlyLoadAppFromAsar needs it
  });

  it('sets the six fuses exactly', async () => {
    expect((await load()).electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('publishes to a generic feed, and `npm run dist` never uploads', async () => {
    expect((await load()).publish).toEqual({ provider: 'generic', url: 'https://gmscreen.app/updates/' });
    expect((packageJson.scripts as Record<string, string>).dist).toBe(
      'npm run build && electron-builder --config electron-builder.yml --publish never',
    );
  });
});

describe('exported encounters (.json) open with GM Screen without it taking .json', () => {
  it('macOS: a Viewer of rank Alternate, so GM Screen is offered in Open With, never the default', async () => {
    const config = await load();
    expect(config.mac?.fileAssociations).toEqual([
      { ext: 'json', name: 'GM Screen encounter', role: 'Viewer', rank: 'Alternate' },
    ]);
    // Not at the top level nor for Windows: there electron-builder's NSIS macro sets .json's default program.
    expect([config.fileAssociations, config.win?.fileAssociations]).toEqual([undefined, undefined]);
  });

  it('Linux: the desktop entry lists application/json and installs no MIME definition over the system’s', async () => {
    const config = await load();
    expect(config.linux?.mimeTypes).toEqual(['application/json']);
    expect(config.linux?.fileAssociations).toBeUndefined(); // its mimeType would install a shared-mime-info XML
  });

  // Every command, so a line writing .json's default value (GM Screen opening every .json file) fails it.
  it('Windows: the installer adds GM Screen to .json’s OpenWithProgids and removes it on uninstall', () => {
    const script = readFileSync(join(root, 'assets', 'installer.nsh'), 'utf8');
    const commands = script
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith(';'));
    expect(commands).toEqual([
      '!define GM_SCREEN_PROGID "GMScreen.encounter"',
      '!macro customInstall',
      'WriteRegStr SHELL_CONTEXT "Software\\Classes\\${GM_SCREEN_PROGID}" "" "GM Screen encounter"',
      'WriteRegStr SHELL_CONTEXT "Software\\Classes\\${GM_SCREEN_PROGID}\\DefaultIcon" "" "$appExe,0"',
      'WriteRegStr SHELL_CONTEXT "Software\\Classes\\${GM_SCREEN_PROGID}\\shell\\open" "" "Open with GM Screen"',
      'WriteRegStr SHELL_CONTEXT "Software\\Classes\\${GM_SCREEN_PROGID}\\shell\\open\\command" "" \'"$appExe" "%1"\'',
      'WriteRegNone SHELL_CONTEXT "Software\\Classes\\.json\\OpenWithProgids" "${GM_SCREEN_PROGID}"',
      "System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, i 0, i 0)'",
      '!macroend',
      '!macro customUnInstall',
      'DeleteRegValue SHELL_CONTEXT "Software\\Classes\\.json\\OpenWithProgids" "${GM_SCREEN_PROGID}"',
      'DeleteRegKey SHELL_CONTEXT "Software\\Classes\\${GM_SCREEN_PROGID}"',
      '!macroend',
    ]);
  });
});

describe('assets/installer.nsh in an installer', () => {
  // electron-builder defines $appExe and inserts the two macros; a harness does the same here.
  it.skipIf(!makensis)('compiles with makensis (skipped where Debian’s nsis is not installed)', () => {
    const work = mkdtempSync(join(tmpdir(), 'gm-screen-nsis-'));
    try {
      const harness = [
        'Unicode true',
        `OutFile "${join(work, 'setup.exe')}"`,
        'RequestExecutionLevel user',
        'Var appExe',
        `!include "${join(root, 'assets', 'installer.nsh')}"`,
        'Section',
        '  StrCpy $appExe "$INSTDIR\\GM Screen.exe"',
        '  !insertmacro customInstall',
        '  WriteUninstaller "$INSTDIR\\Uninstall GM Screen.exe"',
        'SectionEnd',
        'Section "Uninstall"',
        '  !insertmacro customUnInstall',
        'SectionEnd',
      ].join('\n');
      writeFileSync(join(work, 'harness.nsi'), harness);
      const run = spawnSync(makensis!, ['-V1', join(work, 'harness.nsi')], { encoding: 'utf8' });
      expect(run.stderr + run.stdout).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('package.json for the packages', () => {
  it('has an author with an email and a homepage, which the deb requires', () => {
    expect(packageJson.author).toEqual({ name: 'GM Screen contributors', email: 'contributors@gmscreen.app' });
    expect(packageJson.homepage).toBe('https://gmscreen.app/');
  });
});
