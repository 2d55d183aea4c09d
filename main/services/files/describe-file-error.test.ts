import { describe, expect, it } from 'vitest';
import { AtomicWriteError } from './atomic-write';
import { describeFileError } from './describe-file-error';

const failure = (code: string | undefined, message = `${code}: simulated`) => Object.assign(new Error(message), { code });
const path = '/home/gm/exports/report.md';

describe('describeFileError', () => {
  it.each([
    ['ENOSPC', 'Could not save /home/gm/exports/report.md: the disk is full.'],
    ['EDQUOT', 'Could not save /home/gm/exports/report.md: your disk quota is used up.'],
    ['EACCES', 'Could not save /home/gm/exports/report.md: permission denied for /home/gm/exports.'],
    ['EPERM', 'Could not save /home/gm/exports/report.md: permission denied for /home/gm/exports.'],
    ['EROFS', 'Could not save /home/gm/exports/report.md: /home/gm/exports is on a read-only disk.'],
    ['ENOENT', 'Could not save /home/gm/exports/report.md: the folder /home/gm/exports does not exist.'],
    ['ENOTDIR', 'Could not save /home/gm/exports/report.md: part of its path is a file, not a folder.'],
    ['EEXIST', 'Could not save /home/gm/exports/report.md: part of its path is a file, not a folder.'],
    ['EISDIR', 'Could not save /home/gm/exports/report.md: it is a folder, not a file.'],
    ['EBUSY', 'Could not save /home/gm/exports/report.md: another program is using it; close that program and try again.'],
    ['EMFILE', 'Could not save /home/gm/exports/report.md: too many files are open; close some programs and try again.'],
    ['ENFILE', 'Could not save /home/gm/exports/report.md: too many files are open; close some programs and try again.'],
    ['EIO', 'Could not save /home/gm/exports/report.md: the disk reported an input/output error.'],
    ['ENAMETOOLONG', 'Could not save /home/gm/exports/report.md: its name or path is too long.'],
  ])('%s while saving', (code, sentence) => {
    expect(describeFileError(failure(code), path)).toBe(sentence);
  });

  it('says which file is missing or refused when reading', () => {
    expect(describeFileError(failure('ENOENT'), path, 'read')).toBe(
      'Could not read /home/gm/exports/report.md: the file does not exist (it may have been moved or deleted).',
    );
    expect(describeFileError(failure('EACCES'), path, 'read')).toBe(
      'Could not read /home/gm/exports/report.md: permission denied for /home/gm/exports/report.md.',
    );
  });

  it('reads the cause of a failed atomic write', () => {
    expect(describeFileError(new AtomicWriteError(path, 'write', 1, failure('ENOSPC')), path)).toBe(
      'Could not save /home/gm/exports/report.md: the disk is full.',
    );
    // One refused rename (not retried) is a plain permission problem.
    expect(describeFileError(new AtomicWriteError(path, 'rename', 1, failure('EACCES')), path)).toBe(
      'Could not save /home/gm/exports/report.md: permission denied for /home/gm/exports.',
    );
  });

  it('blames a locking program when a rename stayed refused through its retries', () => {
    expect(describeFileError(new AtomicWriteError(path, 'rename', 10, failure('EPERM')), path)).toBe(
      'Could not save /home/gm/exports/report.md: another program (an anti-virus scanner or a file indexer, perhaps) kept it locked through 10 attempts; try again in a moment.',
    );
  });

  it('keeps the code and message of an error it has no words for', () => {
    expect(describeFileError(failure('EXDEV', 'cross-device link not permitted'), path)).toBe(
      'Could not save /home/gm/exports/report.md: an unexpected error (EXDEV: cross-device link not permitted).',
    );
    expect(describeFileError(new Error('boom'), path, 'read')).toBe('Could not read /home/gm/exports/report.md: an unexpected error (no code: boom).');
    expect(describeFileError('a string', path)).toBe('Could not save /home/gm/exports/report.md: an unexpected error (no code: a string).');
  });
});
