// `npm run package:check`: packs the built app (out/, from `npm run build`) the way `npm run dist`
// does, as an unpacked Linux folder, with no download: Electron is a stand-in executable that
// carries Electron's fuse wire, so electron-builder's fuses are flipped on it as on the real one.
// Then lists what app.asar holds and the fuses the packed binary ends with. About 10 s.
// `-- --electron-dist <folder>` packs with a real unpacked Electron instead.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getRawHeader } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Arch, Platform, build } from 'electron-builder';

/** @electron/fuses finds the wire right after this marker in Electron's binary. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's wire as it ships, fuse by fuse in FuseV1Options order ('1' on, '0' off). */
export const ELECTRON_SHIPPED_FUSES = '10110001';

/** A folder electron-builder takes as an unpacked Linux Electron: an `electron` with a fuse wire. */
export function makeStandInElectron(folder) {
  mkdirSync(join(folder, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, ELECTRON_SHIPPED_FUSES.length]),
    Buffer.from(ELECTRON_SHIPPED_FUSES, 'latin1'),
  ]);
  writeFileSync(
    join(folder, 'electron'),
    Buffer.concat([Buffer.from('#!/bin/sh\necho "a stand-in for Electron"\nexit 0\n'), wire]),
    { mode: 0o755 },
  );
  writeFileSync(join(folder, 'LICENSE'), 'A stand-in for the Electron binary, for packing tests.\n');
  writeFileSync(join(folder, 'version'), `${electronVersion(resolve(import.meta.dirname, '..'))}\n`);
  return folder;
}

function electronVersion(projectDir) {
  return JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')).devDependencies.electron;
}

/**
 * Packs `projectDir` with its electron-builder.yml into `<outputDir>/linux-unpacked`, offline.
 * @returns the unpacked app's folder
 */
export async function packLinuxDir({ projectDir, electronDist, outputDir, executableName }) {
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    // Merged over the project's electron-builder.yml, which electron-builder still reads.
    config: {
      electronDist,
      electronVersion: electronVersion(projectDir),
      directories: { output: outputDir },
      npmRebuild: false,
    },
  });
  return { appDir: join(outputDir, 'linux-unpacked'), binary: join(outputDir, 'linux-unpacked', executableName) };
}

/** Every file in an asar archive, as sorted paths without a leading slash. */
export function listAsarFiles(archive) {
  const files = [];
  const walk = (node, prefix) => {
    for (const [name, entry] of Object.entries(node.files ?? {})) {
      if ('files' in entry) walk(entry, `${prefix}${name}/`);
      else files.push(`${prefix}${name}`);
    }
  };
  walk(getRawHeader(archive).header, '');
  return files.sort();
}

/** The packed binary's fuses by name: true on, false off. */
export async function readFuses(binary) {
  const wire = await getCurrentFuseWire(binary);
  return Object.fromEntries(
    Object.entries(wire)
      .filter(([index]) => index !== 'version')
      .map(([index, state]) => [FuseV1Options[Number(index)], String.fromCharCode(state) === '1']),
  );
}

async function main() {
  const projectDir = resolve(import.meta.dirname, '..');
  const at = process.argv.indexOf('--electron-dist');
  const work = mkdtempSync(join(tmpdir(), 'gm-screen-pack-'));
  const electronDist = at > 0 ? resolve(process.argv[at + 1]) : makeStandInElectron(join(work, 'electron'));
  const { name } = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8'));
  const { appDir, binary } = await packLinuxDir({
    projectDir,
    electronDist,
    outputDir: join(work, 'dist'),
    executableName: name,
  });
  const files = listAsarFiles(join(appDir, 'resources', 'app.asar'));
  const modules = new Set(files.filter((file) => file.startsWith('node_modules/')).map((file) => file.split('/')[1]));
  console.log(`\n${appDir}/resources/app.asar: ${files.length} files`);
  for (const file of files.filter((file) => !file.startsWith('node_modules/'))) console.log(`  ${file}`);
  console.log(
    `  node_modules/: ${files.length - files.filter((file) => !file.startsWith('node_modules/')).length} files of ${modules.size} packages: ${[...modules].join(', ')}`,
  );
  console.log('fuses:', await readFuses(binary));
}

if (process.argv[1] === import.meta.filename) await main();
