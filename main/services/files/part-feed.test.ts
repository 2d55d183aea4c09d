import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';
import { createPartFeed } from './part-feed';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-part-feed-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const temporaryFiles = async () => (await readdir(folder)).filter((name) => name.endsWith('.tmp'));

describe('createPartFeed', () => {
  it('hands the writer each part as it comes, and a push settles once its part is on disk', async () => {
    const target = join(folder, 'report.md');
    const feed = createPartFeed<Uint8Array>();
    const written = writeFileAtomic(target, feed);
    await feed.asked;
    const [temporary] = await temporaryFiles();
    await feed.push(bytes('# Round 1\n'));
    expect((await stat(join(folder, temporary!))).size).toBe(10);
    await feed.push(bytes('Zoë hits\n'));
    expect((await stat(join(folder, temporary!))).size).toBe(20);
    feed.end();
    await written;
    expect(await readFile(target, 'utf8')).toBe('# Round 1\nZoë hits\n');
    expect(await temporaryFiles()).toEqual([]);
  });

  it('fails the write when it is failed: the target keeps its content and the temporary file goes', async () => {
    const target = join(folder, 'report.md');
    await writeFile(target, 'the earlier export');
    const feed = createPartFeed<Uint8Array>();
    const written = writeFileAtomic(target, feed);
    await feed.push(bytes('half of the new one'));
    feed.fail(new Error('The export was cancelled.'));
    await expect(written).rejects.toMatchObject({ step: 'write' });
    expect(await readFile(target, 'utf8')).toBe('the earlier export');
    expect(await temporaryFiles()).toEqual([]);
  });

  it('refuses a part while another waits, and any part once it has ended', async () => {
    const feed = createPartFeed<string>();
    const iterator = feed[Symbol.asyncIterator]();
    const first = feed.push('a');
    await expect(feed.push('b')).rejects.toThrow('A part is still waiting to be written.');
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    // Not yet settled: the writer has not asked for the next part, so "a" may still be in flight.
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    feed.end();
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    await first;
    await expect(feed.push('c')).rejects.toThrow('The file is already finished.');
  });
});
