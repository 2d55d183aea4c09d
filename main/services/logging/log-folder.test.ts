import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openLogFolder } from './log-folder';

const folder = () => join(mkdtempSync(join(tmpdir(), 'gm-data-')), 'logs');

describe('openLogFolder', () => {
  it('creates the logs folder and opens it where the shell can', async () => {
    const logs = folder();
    const open = vi.fn(async () => '');
    expect(await openLogFolder(logs, open)).toEqual({ opened: true, path: logs });
    expect(open.mock.calls).toEqual([[logs]]);
    expect(existsSync(logs)).toBe(true);
  });

  it('says it did not open when the system refused, with the path', async () => {
    const logs = folder();
    expect(await openLogFolder(logs, async () => 'No application is associated with the folder.')).toEqual({
      opened: false,
      path: logs,
    });
  });

  it('gives the path alone in the browser fallback, the folder created all the same', async () => {
    const logs = folder();
    expect(await openLogFolder(logs, null)).toEqual({ opened: false, path: logs });
    expect(existsSync(logs)).toBe(true);
  });
});
