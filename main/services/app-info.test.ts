import { describe, expect, it } from 'vitest';
import { appInfoSchema } from '../../shared/ipc/contract';
import { createAppInfo } from './app-info';

const source = { name: 'GM Screen', version: '1.2.3', platform: 'linux', dataDirectory: '/data/gm' };

describe('the app info About shows', () => {
  it('in Electron: the app, Electron, Chrome and Node versions, and nothing else of process.versions', () => {
    const runtime = { node: '22.20.0', electron: '45.5.0', chrome: '142.0.7444.59', v8: '14.2.1', uv: '1.51.0' };
    const info = createAppInfo(source, runtime);
    expect(info).toEqual({
      ...source,
      shell: 'electron',
      versions: { app: '1.2.3', electron: '45.5.0', chrome: '142.0.7444.59', node: '22.20.0' },
    });
    expect(appInfoSchema.parse(info)).toEqual(info);
  });

  it("in the browser fallback's server: the app and its Node only", () => {
    const info = createAppInfo(source, { node: '20.19.5' }, 'browser');
    expect(info).toEqual({ ...source, shell: 'browser', versions: { app: '1.2.3', node: '20.19.5' } });
    expect(appInfoSchema.parse(info)).toEqual(info);
  });
});
