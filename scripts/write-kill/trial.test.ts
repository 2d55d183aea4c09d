import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWriteKillTrials } from './trial';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-write-kill-test-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('write-kill trial', () => {
  it('finds no torn file and no lost write when the crash-safe writer is killed 15 times', { timeout: 180_000 }, async () => {
    const figures = await runWriteKillTrials({ folder, trials: 15, seed: 3 });
    expect(figures.problems).toEqual([]);
    expect([figures.trials, figures.tornFiles, figures.lostWrites]).toEqual([15, 0, 0]);
    // Every child is killed only after its first acknowledged write.
    expect(figures.acknowledgedWrites).toBeGreaterThanOrEqual(15);
  });

  it('catches the torn files of a writer that writes in place (the control)', { timeout: 300_000 }, async () => {
    const figures = await runWriteKillTrials({ folder, trials: 60, seed: 3, mode: 'in-place', stopAtFirstFailure: true });
    expect(figures.tornFiles + figures.lostWrites).toBeGreaterThan(0);
    expect(figures.problems[0]).toMatch(/^trial \d+: target-\d\.bin (is torn \(|is missing|holds write)/);
    // In place, nothing is ever written to a temporary file.
    expect(figures.leftoverTemporaryFiles).toBe(0);
  });
});
