import type { AppInfo } from '../../shared/ipc/contract';

export interface AppInfoSource {
  readonly name: string;
  readonly version: string;
  readonly platform: string;
  readonly dataDirectory: string;
}

/** The runtime's versions About shows: process.versions in Electron's main; a plain Node server has no Electron or Chrome. */
export interface RuntimeVersions {
  readonly node: string;
  readonly electron?: string;
  readonly chrome?: string;
}

export function createAppInfo(
  source: AppInfoSource,
  runtime: RuntimeVersions,
  shell: AppInfo['shell'] = 'electron',
): AppInfo {
  // Only these three: process.versions also lists a dozen libraries the GM has no use for.
  const { node, electron, chrome } = runtime;
  return {
    ...source,
    shell,
    versions: { app: source.version, ...(electron ? { electron } : {}), ...(chrome ? { chrome } : {}), node },
  };
}
