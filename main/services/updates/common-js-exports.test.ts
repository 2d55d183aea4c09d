import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { commonJsExports } from './common-js-exports';

describe('commonJsExports', () => {
  it('Node’s own import() of electron-updater has no autoUpdater but its default export has the getter (why the helper exists)', async () => {
    // A plain Node process, as Electron's main process imports it: vitest's own import adds CommonJS names itself.
    const script = [
      "const namespace = await import('electron-updater');",
      "const getter = (object) => typeof Object.getOwnPropertyDescriptor(object, 'autoUpdater')?.get;",
      'console.log(JSON.stringify([getter(namespace), getter(namespace.default)]));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd() });
    expect(JSON.parse(stdout)).toEqual(['undefined', 'function']);
  });

  it('takes the default export when there is one', () => {
    const moduleExports = { autoUpdater: 'from module.exports' };
    expect(commonJsExports({ autoUpdater: 'from the namespace', default: moduleExports })).toBe(moduleExports);
  });

  it('keeps a namespace with no default export as it is', () => {
    const namespace = { autoUpdater: 'here' };
    expect(commonJsExports(namespace)).toBe(namespace);
  });
});
