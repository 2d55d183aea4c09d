import type { AppInfo } from '../../shared/ipc/contract';

export interface AppInfoSource {
  readonly name: string;
  readonly version: string;
  readonly platform: string;
  readonly dataDirectory: string;
}

export function createAppInfo(source: AppInfoSource): AppInfo {
  return { ...source, shell: 'electron' };
}
