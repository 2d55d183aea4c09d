/**
 * The write-kill trial: a child process writes self-verifying files (1 KB to 5 MB) through the
 * crash-safe writer in a loop and is killed with SIGKILL at a random moment, over and over. After
 * each kill every target must be readable, complete (its checksum holds) and at least as new as the
 * last write acknowledged for it.
 *
 *   npm run trial:write-kill -- --trials 1000 [--seed 12]
 *
 * Prints trials, acknowledged writes, torn files, lost writes and leftover temporary files (those
 * are expected: a killed writer cannot remove its own); exits 1 unless torn and lost are both 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWriteKillTrials } from './write-kill/trial';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number from 1, not ${process.argv[index + 1]}.`);
  return value;
}

async function main(): Promise<void> {
  const trials = option('trials', 1000);
  const folder = mkdtempSync(join(tmpdir(), 'gm-screen-write-kill-'));
  const started = Date.now();
  try {
    const figures = await runWriteKillTrials({
      folder,
      trials,
      seed: option('seed', 12),
      onTrial: (trial, so) => {
        if (trial % 50 === 0) console.log(`trial ${trial}/${trials}: ${so.acknowledgedWrites} acknowledged, ${so.tornFiles} torn, ${so.lostWrites} lost`);
      },
    });
    for (const problem of figures.problems) console.log(problem);
    console.log(
      `\ntrials: ${figures.trials}\nacknowledged writes: ${figures.acknowledgedWrites}\ntorn files: ${figures.tornFiles}\n` +
        `lost writes: ${figures.lostWrites}\nleftover temporary files: ${figures.leftoverTemporaryFiles}\n` +
        `time: ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    process.exitCode = figures.tornFiles === 0 && figures.lostWrites === 0 ? 0 : 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

void main();
