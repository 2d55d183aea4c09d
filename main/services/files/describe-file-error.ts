import { dirname } from 'node:path';
import { AtomicWriteError, errorCode } from './atomic-write';

export type FileAction = 'save' | 'read';

/**
 * One sentence a GM understands for a failed file operation: what could not be done to which
 * file, and why in plain words (the disk is full, permission denied for a folder…). Unknown
 * errors keep their code and Node's own message, so nothing is hidden.
 */
export function describeFileError(error: unknown, path: string, action: FileAction = 'save'): string {
  const cause = error instanceof AtomicWriteError ? error.cause : error;
  const code = errorCode(cause);
  const folder = dirname(path);
  const subject = `Could not ${action} ${path}`;
  if (error instanceof AtomicWriteError && error.step === 'rename' && error.attempts > 1) {
    return `${subject}: another program (an anti-virus scanner or a file indexer, perhaps) kept it locked through ${error.attempts} attempts; try again in a moment.`;
  }
  switch (code) {
    case 'ENOSPC':
      return `${subject}: the disk is full.`;
    case 'EDQUOT':
      return `${subject}: your disk quota is used up.`;
    case 'EACCES':
    case 'EPERM':
      return `${subject}: permission denied for ${action === 'save' ? folder : path}.`;
    case 'EROFS':
      return `${subject}: ${folder} is on a read-only disk.`;
    case 'ENOENT':
      return action === 'save'
        ? `${subject}: the folder ${folder} does not exist.`
        : `${subject}: the file does not exist (it may have been moved or deleted).`;
    case 'ENOTDIR':
    case 'EEXIST': // a folder on the way cannot be made: a file of that name is there
      return `${subject}: part of its path is a file, not a folder.`;
    case 'EISDIR':
      return `${subject}: it is a folder, not a file.`;
    case 'EBUSY':
      return `${subject}: another program is using it; close that program and try again.`;
    case 'EMFILE':
    case 'ENFILE':
      return `${subject}: too many files are open; close some programs and try again.`;
    case 'EIO':
      return `${subject}: the disk reported an input/output error.`;
    case 'ENAMETOOLONG':
      return `${subject}: its name or path is too long.`;
    default: {
      const detail = cause instanceof Error ? cause.message : String(cause);
      return `${subject}: an unexpected error (${code ?? 'no code'}: ${detail}).`;
    }
  }
}
