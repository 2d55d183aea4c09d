/**
 * The child of the write-kill trial: writes self-verifying files of 1 KB to 5 MB to a few targets,
 * one after another, forever, and prints `ack <target> <seq>` once each write has resolved. The
 * parent kills it with SIGKILL at a random moment.
 *
 *   node --import tsx scripts/write-kill/child.ts <folder> <targets> <first seq> <atomic|in-place>
 *
 * "in-place" writes straight over the target (truncate, then write): the control that shows the
 * trial does catch torn files.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../main/services/files/atomic-write';
import { encodeSelfVerifying } from './self-verifying-file';

const [folder, targetCount, firstSeq, mode] = process.argv.slice(2);
if (!folder || !targetCount || !firstSeq || (mode !== 'atomic' && mode !== 'in-place')) {
  throw new Error('usage: child.ts <folder> <targets> <first seq> <atomic|in-place>');
}
const outputFolder: string = folder;
const write = mode === 'atomic' ? writeFileAtomic : (path: string, data: Buffer) => writeFile(path, data);

const MIN_BYTES = 1024;
const MAX_BYTES = 5 * 1024 * 1024;

async function run(): Promise<never> {
  for (let seq = Number(firstSeq); ; seq += 1) {
    const target = `target-${randomInt(Number(targetCount))}.bin`;
    // Half the sizes spread evenly over 1 KB–5 MB, half log-evenly, so small files are written too.
    const size =
      randomInt(2) === 0 ? randomInt(MIN_BYTES, MAX_BYTES + 1) : Math.round(MIN_BYTES * (MAX_BYTES / MIN_BYTES) ** (randomInt(1_000_001) / 1_000_000));
    await write(join(outputFolder, target), encodeSelfVerifying(seq, randomBytes(size)));
    // Pipes are written synchronously on POSIX: once this returns, the parent will read the ack.
    process.stdout.write(`ack ${target} ${seq}\n`);
  }
}

void run();
