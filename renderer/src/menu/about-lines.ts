import type { AppInfo } from '../../../shared/ipc/contract';

/** One line of "About GM Screen": what it is, and its value. */
export interface AboutLine {
  readonly id: string;
  readonly label: string;
  readonly value: string;
}

/** Node's names for the desktop platforms, as a GM knows them; a browser's own string is kept as is. */
const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

/**
 * What About says, from the shell's app info: version, shell, platform, data folder, then each
 * component version the shell knows (Electron and Chrome in the desktop app, the server's Node in
 * the browser fallback), leaving out those it does not have rather than writing "unknown".
 */
export function aboutLines(info: AppInfo): AboutLine[] {
  const versions = info.versions;
  const components: AboutLine[] = [
    ...(versions.electron ? [{ id: 'electron', label: 'Electron', value: versions.electron }] : []),
    ...(versions.chrome ? [{ id: 'chrome', label: 'Chrome', value: versions.chrome }] : []),
    ...(versions.node ? [{ id: 'node', label: 'Node.js', value: versions.node }] : []),
  ];
  return [
    { id: 'version', label: 'Version', value: versions.app },
    {
      id: 'shell',
      label: 'Runs as',
      value: info.shell === 'electron' ? 'Desktop app' : 'Browser page (no desktop window)',
    },
    { id: 'platform', label: 'Platform', value: PLATFORM_NAMES[info.platform] ?? info.platform },
    {
      id: 'data',
      label: 'Data folder',
      value: info.dataDirectory ?? 'None: this page has no file services, its data stays in the browser',
    },
    ...components,
  ];
}
