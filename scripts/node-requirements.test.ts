import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_NODE_MINIMUM,
  browserFallbackSentence,
  desktopNodeAdvice,
  desktopNodeProblem,
  isAtLeast,
  parseNodeVersion,
} from './node-requirements.mjs';

const root = join(__dirname, '..');
const enginesOf = (pkg: string): unknown =>
  (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { engines?: { node?: string } })
    .engines?.node;

describe('parseNodeVersion', () => {
  it('reads process.version and shorter forms', () => {
    expect(parseNodeVersion('v20.19.1')).toEqual({ major: 20, minor: 19, patch: 1 });
    expect(parseNodeVersion('22.12.0')).toEqual({ major: 22, minor: 12, patch: 0 });
    expect(parseNodeVersion(' v24.3.0\n')).toEqual({ major: 24, minor: 3, patch: 0 });
    expect(parseNodeVersion('22.12')).toEqual({ major: 22, minor: 12, patch: 0 });
    expect(parseNodeVersion('v24')).toEqual({ major: 24, minor: 0, patch: 0 });
  });

  it('keeps a pre-release tag and drops build metadata', () => {
    expect(parseNodeVersion('v23.0.0-nightly20241010abc')).toEqual({
      major: 23,
      minor: 0,
      patch: 0,
      prerelease: 'nightly20241010abc',
    });
    expect(parseNodeVersion('v22.12.0-rc.1+build.5')).toEqual({ major: 22, minor: 12, patch: 0, prerelease: 'rc.1' });
    expect(parseNodeVersion('v22.12.0+build.5')).toEqual({ major: 22, minor: 12, patch: 0 });
  });

  it('refuses what is not a version', () => {
    for (const odd of [
      '',
      '   ',
      'v',
      'node',
      '20.x',
      'v20.19.1.5',
      '-20.19.1',
      'v 20.19.1',
      '20..1',
      'v20.19.1-',
      undefined,
      null,
      22,
    ]) {
      expect(parseNodeVersion(odd)).toBeUndefined();
    }
  });
});

describe('isAtLeast', () => {
  const min = { major: 22, minor: 12, patch: 0 };
  it('compares major, then minor, then patch', () => {
    expect(isAtLeast({ major: 22, minor: 12, patch: 0 }, min)).toBe(true);
    expect(isAtLeast({ major: 22, minor: 12, patch: 1 }, min)).toBe(true);
    expect(isAtLeast({ major: 22, minor: 13, patch: 0 }, min)).toBe(true);
    expect(isAtLeast({ major: 23, minor: 0, patch: 0 }, min)).toBe(true);
    expect(isAtLeast({ major: 22, minor: 11, patch: 9 }, min)).toBe(false);
    expect(isAtLeast({ major: 20, minor: 99, patch: 99 }, min)).toBe(false);
    expect(isAtLeast({ major: 22, minor: 12, patch: 0 }, { major: 22, minor: 12, patch: 1 })).toBe(false);
  });

  it('puts a pre-release before its release, not before a lower release', () => {
    expect(isAtLeast({ major: 22, minor: 12, patch: 0, prerelease: 'rc.1' }, min)).toBe(false);
    expect(isAtLeast({ major: 23, minor: 0, patch: 0, prerelease: 'nightly' }, min)).toBe(true);
    expect(isAtLeast({ major: 22, minor: 12, patch: 0, prerelease: 'rc.2' }, { ...min, prerelease: 'rc.1' })).toBe(
      true,
    );
  });
});

describe('desktopNodeProblem', () => {
  it('names the needed and the running Node when the binary is still to be installed', () => {
    expect(desktopNodeProblem('v20.19.1', { electronInstalled: false })).toBe(
      'The desktop window needs Node ≥ 22.12 to install Electron (this is Node 20.19.1)',
    );
    expect(desktopNodeProblem('v22.11.0', { electronInstalled: false })).toBe(
      'The desktop window needs Node ≥ 22.12 to install Electron (this is Node 22.11.0)',
    );
    expect(desktopNodeProblem('v22.12.0-rc.1', { electronInstalled: false })).toBe(
      'The desktop window needs Node ≥ 22.12 to install Electron (this is Node 22.12.0-rc.1)',
    );
  });

  it('has no problem from Node 22.12 on', () => {
    expect(desktopNodeProblem('v22.12.0', { electronInstalled: false })).toBeUndefined();
    expect(desktopNodeProblem('v24.1.0', { electronInstalled: false })).toBeUndefined();
  });

  it('has no problem with any Node once the binary is installed: Electron runs its own Node', () => {
    expect(desktopNodeProblem('v20.19.1', { electronInstalled: true })).toBeUndefined();
    expect(desktopNodeProblem('garbage', { electronInstalled: true })).toBeUndefined();
  });

  it('says so when the version cannot be read', () => {
    expect(desktopNodeProblem('v20.x', { electronInstalled: false })).toBe(
      'The desktop window needs Node ≥ 22.12 to install Electron, and this Node\'s version ("v20.x") cannot be read',
    );
    expect(desktopNodeProblem(undefined, { electronInstalled: false })).toBe(
      'The desktop window needs Node ≥ 22.12 to install Electron, and this Node\'s version ("undefined") cannot be read',
    );
  });
});

describe('the sentences npm start prints', () => {
  it('joins the reason and the address into one sentence, then the advice', () => {
    const why = desktopNodeProblem('v20.19.1', { electronInstalled: false })!;
    expect(`${browserFallbackSentence(why, 'http://127.0.0.1:5180/')} ${desktopNodeAdvice()}`).toBe(
      'The desktop window needs Node ≥ 22.12 to install Electron (this is Node 20.19.1), so GM Screen is served for your browser ' +
        'instead at http://127.0.0.1:5180/ (Ctrl+C to stop). Install Node 22.12 or later and run `npm start` again for the desktop window.',
    );
  });
});

describe('the minimum matches what the installed Electron packages declare', () => {
  it('reads >=22.12.0 from electron, @electron/get, @electron/rebuild and @electron-internal/extract-zip', () => {
    expect(DESKTOP_NODE_MINIMUM).toEqual({ major: 22, minor: 12, patch: 0 });
    expect(['electron', '@electron/get', '@electron/rebuild', '@electron-internal/extract-zip'].map(enginesOf)).toEqual(
      ['>= 22.12.0', '>=22.12.0', '>=22.12.0', '>=22.12.0'],
    );
  });
});
