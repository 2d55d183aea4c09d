import { describe, expect, it } from 'vitest';
import { isOpenable, openedFilePaths, type LaunchContext } from './opened-file-arguments';

const linux: LaunchContext = { cwd: '/home/gm', platform: 'linux', defaultApp: false };
const windows: LaunchContext = { cwd: 'C:\\Users\\gm\\Documents', platform: 'win32', defaultApp: false };
const mac: LaunchContext = { cwd: '/', platform: 'darwin', defaultApp: false };

describe('openedFilePaths', () => {
  it('takes the file after a packaged executable, absolute as given', () => {
    expect(openedFilePaths(['/opt/GM Screen/gm-screen', '/home/gm/Goblin Ambush.json'], linux)).toEqual(['/home/gm/Goblin Ambush.json']);
    expect(openedFilePaths(['/opt/GM Screen/gm-screen'], linux)).toEqual([]);
  });

  it('resolves relative paths from the launching working directory (the second instance’s own)', () => {
    const secondInstance = { ...linux, cwd: '/home/gm/campaign' };
    expect(openedFilePaths(['gm-screen', 'fights/Mall.json', '../Old.json', './here.json'], secondInstance)).toEqual([
      '/home/gm/campaign/fights/Mall.json',
      '/home/gm/Old.json',
      '/home/gm/campaign/here.json',
    ]);
  });

  it('ignores Electron and Chromium switches wherever Electron put them, without taking the next argument as their value', () => {
    expect(
      openedFilePaths(
        ['/opt/GM Screen/gm-screen', '--allow-file-access-from-files', '--original-process-start-time=13213718723637733', '--no-sandbox', 'a.json', '-v', 'b.json'],
        linux,
      ),
    ).toEqual(['/home/gm/a.json', '/home/gm/b.json']);
  });

  it('skips the app folder when run as `electron <app>` (development, the e2e tests), switches first or not', () => {
    const dev = { ...linux, cwd: '/work/main', defaultApp: true };
    expect(openedFilePaths(['/work/main/node_modules/electron/dist/electron', '--inspect=0', '--remote-debugging-port=0', '/work/main', 'fight.json'], dev)).toEqual([
      '/work/main/fight.json',
    ]);
    // A second instance's argv as Electron hands it: its switches moved ahead of the app folder.
    expect(openedFilePaths(['/work/main/node_modules/electron/dist/electron', '--allow-file-access-from-files', '.', '/tmp/x.json'], dev)).toEqual(['/tmp/x.json']);
    expect(openedFilePaths(['electron', '.'], dev)).toEqual([]);
    // A packaged app has no app argument: the first file is a file.
    expect(openedFilePaths(['gm-screen', 'first.json', 'second.json'], linux)).toEqual(['/home/gm/first.json', '/home/gm/second.json']);
  });

  it('reads Windows paths: drive letters, spaces, relative with backslashes, UNC shares; `/switch` is a switch there', () => {
    const exe = 'C:\\Program Files\\GM Screen\\GM Screen.exe';
    expect(openedFilePaths([exe, 'C:\\Users\\gm\\Desktop\\Goblin Ambush.json'], windows)).toEqual(['C:\\Users\\gm\\Desktop\\Goblin Ambush.json']);
    expect(openedFilePaths([exe, '..\\Fights\\Mall.JSON', 'night.json'], windows)).toEqual(['C:\\Users\\gm\\Fights\\Mall.JSON', 'C:\\Users\\gm\\Documents\\night.json']);
    expect(openedFilePaths([exe, '\\\\nas\\rpg\\Ambush.json'], windows)).toEqual(['\\\\nas\\rpg\\Ambush.json']);
    expect(openedFilePaths([exe, '/prefetch:1', '--allow-file-access-from-files', 'D:\\x.json'], windows)).toEqual(['D:\\x.json']);
  });

  it('ignores macOS’s process serial number switch', () => {
    const exe = '/Applications/GM Screen.app/Contents/MacOS/GM Screen';
    expect(openedFilePaths([exe, '-psn_0_1234567'], mac)).toEqual([]);
    expect(openedFilePaths([exe, '-psn_0_1234567', '/Users/gm/Fight.json'], mac)).toEqual(['/Users/gm/Fight.json']);
  });

  it('keeps only .json files (any case): other files and web addresses are not read', () => {
    expect(
      openedFilePaths(['gm-screen', 'notes.txt', 'GM Screen backup.gmbackup', 'json', 'https://example.com/fight.json', 'A.JSON', 'b.Json'], linux),
    ).toEqual(['/home/gm/A.JSON', '/home/gm/b.Json']);
    // macOS's open-file hands one path at a time: the same rule.
    expect(['/Users/gm/Fight.json', '/Users/gm/Fight.JSON', '/Users/gm/notes.txt', '/Users/gm/json'].map(isOpenable)).toEqual([true, true, false, false]);
  });

  it('reads file:// addresses (a Linux desktop entry’s %U) as their local path', () => {
    expect(openedFilePaths(['gm-screen', 'file:///home/gm/My%20Fight.json'], linux)).toEqual(['/home/gm/My Fight.json']);
    expect(openedFilePaths(['gm.exe', 'file:///C:/Users/gm/Fight.json'], windows)).toEqual(['C:\\Users\\gm\\Fight.json']);
    // Another host's file is not on this machine.
    expect(openedFilePaths(['gm-screen', 'file://server/share/fight.json'], linux)).toEqual([]);
  });

  it('takes everything after `--` as a file, even what looks like a switch', () => {
    expect(openedFilePaths(['gm-screen', '--no-sandbox', '--', '-odd.json', '--two.json'], linux)).toEqual(['/home/gm/-odd.json', '/home/gm/--two.json']);
  });
});
