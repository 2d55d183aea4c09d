import { spawn } from 'node:child_process';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTemporaryFileName } from '../../main/services/files/atomic-write';
import { createSeededSource, rollDie } from '../../shared/dice/random';
import { verifySelfVerifying } from './self-verifying-file';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'child.ts');

export interface WriteKillOptions {
  readonly folder: string;
  readonly trials: number;
  /** "in-place" only as the control that proves torn files are caught. */
  readonly mode?: 'atomic' | 'in-place';
  readonly targets?: number;
  readonly seed?: number;
  /** Longest wait, after the child's first acknowledged write, before the kill. */
  readonly maxKillDelayMs?: number;
  /** Stop early once a torn file or a lost write is seen (the control needs only one). */
  readonly stopAtFirstFailure?: boolean;
  readonly onTrial?: (trial: number, figures: WriteKillFigures) => void;
}

export interface WriteKillFigures {
  trials: number;
  acknowledgedWrites: number;
  tornFiles: number;
  lostWrites: number;
  leftoverTemporaryFiles: number;
  /** One line per torn file or lost write, for the report. */
  problems: string[];
}

interface KilledChild {
  /** The last sequence number acknowledged per target. */
  readonly acks: Map<string, number>;
  readonly count: number;
}

/** Runs one child until its first acknowledged write, waits `delayMs`, SIGKILLs it, and returns every ack it printed. */
function runAndKill(folder: string, targets: number, firstSeq: number, mode: string, delayMs: number): Promise<KilledChild> {
  return new Promise((resolve, reject) => {
    // `node --import tsx` is one process, so the SIGKILL hits the writer itself (the tsx CLI would be a parent of it).
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, folder, String(targets), String(firstSeq), mode], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks = new Map<string, number>();
    let count = 0;
    let pending = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    const startTimer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const match = /^ack (\S+) (\d+)$/.exec(line);
        if (!match) continue;
        acks.set(match[1]!, Number(match[2]));
        count += 1;
        if (count === 1) {
          clearTimeout(startTimer);
          killTimer = setTimeout(() => child.kill('SIGKILL'), delayMs);
        }
      }
    });
    // 'close' comes after the pipes are drained, so every ack written before the kill is counted.
    child.on('close', (_code, signal) => {
      clearTimeout(startTimer);
      clearTimeout(killTimer);
      if (signal !== 'SIGKILL' || count === 0) {
        reject(new Error(`The writer stopped on its own (signal ${signal}, ${count} acks): ${stderr.slice(-500)}`));
      } else {
        resolve({ acks, count });
      }
    });
  });
}

/**
 * The write-kill trial: a child writes self-verifying files through the writer and is SIGKILLed at
 * a random moment, `trials` times over the same targets. After each kill every target must be
 * readable and complete, and hold a write at least as new as the last one acknowledged for it.
 */
export async function runWriteKillTrials(options: WriteKillOptions): Promise<WriteKillFigures> {
  const { folder, trials, mode = 'atomic', targets = 3, maxKillDelayMs = 250 } = options;
  const random = createSeededSource(options.seed ?? 12);
  const lastAcknowledged = new Map<string, number>();
  const figures: WriteKillFigures = { trials: 0, acknowledgedWrites: 0, tornFiles: 0, lostWrites: 0, leftoverTemporaryFiles: 0, problems: [] };
  let nextSeq = 1;
  for (let trial = 1; trial <= trials; trial++) {
    const killed = await runAndKill(folder, targets, nextSeq, mode, rollDie(random, maxKillDelayMs + 1) - 1);
    figures.trials = trial;
    figures.acknowledgedWrites += killed.count;
    for (const [target, seq] of killed.acks) lastAcknowledged.set(target, seq);

    let highestOnDisk = 0;
    for (let index = 0; index < targets; index++) {
      const target = `target-${index}.bin`;
      const acknowledged = lastAcknowledged.get(target);
      const file = await readFile(join(folder, target)).catch(() => null);
      if (file === null) {
        if (acknowledged !== undefined) {
          figures.lostWrites += 1;
          figures.problems.push(`trial ${trial}: ${target} is missing, write ${acknowledged} was acknowledged`);
        }
        continue;
      }
      const verdict = verifySelfVerifying(file);
      if (!verdict.intact) {
        figures.tornFiles += 1;
        figures.problems.push(`trial ${trial}: ${target} is torn (${verdict.problem})`);
        continue;
      }
      highestOnDisk = Math.max(highestOnDisk, verdict.seq);
      if (acknowledged !== undefined && verdict.seq < acknowledged) {
        figures.lostWrites += 1;
        figures.problems.push(`trial ${trial}: ${target} holds write ${verdict.seq}, write ${acknowledged} was acknowledged`);
      }
    }
    // A torn target is rewritten whole by the next child, so later trials still check it.
    const leftovers = (await readdir(folder)).filter(isTemporaryFileName);
    figures.leftoverTemporaryFiles += leftovers.length;
    await Promise.all(leftovers.map((name) => unlink(join(folder, name))));
    nextSeq = Math.max(nextSeq + killed.count, highestOnDisk) + 1_000;
    options.onTrial?.(trial, figures);
    if (options.stopAtFirstFailure && (figures.tornFiles > 0 || figures.lostWrites > 0)) break;
  }
  return figures;
}
