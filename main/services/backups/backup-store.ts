import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupInfo, BackupList, BackupReason, ReadBackupResponse, WriteBackupResponse } from '../../../shared/ipc/contract';
import { errorCode, writeFileAtomic, type AtomicWriteOptions } from '../files/atomic-write';
import { describeFileError } from '../files/describe-file-error';
import { removeStaleTemporaryFiles } from '../files/stale-temporary-files';
import { encodeBackup, parseBackupHeader, type BackupHeader } from './backup-file';
import { readBackupFile, readBackupStart } from './backup-reader';
import { backupsToDelete } from './retention';

export const BACKUP_EXTENSION = '.gmbackup';

export interface BackupStoreOptions {
  /** `<data>/backups`: created on the first write. */
  readonly folder: string;
  readonly now: () => Date;
  /** The time zone a damaged backup's time is told in; the machine's own by default. */
  readonly timeZone?: string;
  /** The writer's file system and timings (tests make them fail). */
  readonly writeOptions?: AtomicWriteOptions;
}

export interface WriteBackupRequest {
  readonly reason: BackupReason;
  readonly encounters: number;
  readonly events: number;
  readonly content: string;
}

export interface BackupStore {
  readonly folder: string;
  write(request: WriteBackupRequest): Promise<WriteBackupResponse>;
  list(): Promise<BackupList>;
  read(name: string): Promise<ReadBackupResponse>;
  findNewestIntact(): Promise<BackupInfo | null>;
}

/** `gm-screen-2026-12-01T19-05-00.000Z-quit.gmbackup`: names sort by time, and ':' is not allowed on Windows. */
export function backupFileName(createdAt: Date, reason: BackupReason, copy = 1): string {
  const time = createdAt.toISOString().replace(/:/g, '-');
  return `gm-screen-${time}-${reason}${copy > 1 ? `-${copy}` : ''}${BACKUP_EXTENSION}`;
}

const NAME_TIME = /^gm-screen-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}(?:\.\d{1,3})?)Z-/;

/** The time a backup's name records, for naming a backup whose header cannot be read. */
function timeFromName(name: string): Date | null {
  const match = NAME_TIME.exec(name);
  if (!match) return null;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

const isBackupName = (name: string) => name.endsWith(BACKUP_EXTENSION) && !name.startsWith('.');

const toInfo = (name: string, header: BackupHeader, fileBytes: number): BackupInfo => ({
  name,
  createdAt: header.createdAt,
  bytes: fileBytes,
  encounters: header.encounters,
  events: header.events,
  reason: header.reason,
});

export function createBackupStore(options: BackupStoreOptions): BackupStore {
  const { folder, now } = options;
  const timeFormat = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: options.timeZone,
  });
  /** "the backup of 1 Dec 19:05", as the Backups dialog shows it. */
  const describe = (time: Date | null, name: string) => {
    if (!time) return `the backup ${name}`;
    const part = (type: string) => timeFormat.formatToParts(time).find((entry) => entry.type === type)?.value ?? '';
    return `the backup of ${part('day')} ${part('month')} ${part('hour')}:${part('minute')}`;
  };
  const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

  async function freeName(createdAt: Date, reason: BackupReason): Promise<string> {
    for (let copy = 1; ; copy++) {
      const name = backupFileName(createdAt, reason, copy);
      if (!(await stat(join(folder, name)).then(() => true, () => false))) return name;
    }
  }

  async function list(): Promise<BackupList> {
    let names: string[];
    try {
      names = (await readdir(folder)).filter(isBackupName);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return { folder, backups: [] };
      // listBackups has no "failed" answer: the IPC call is refused with the GM's sentence.
      throw new Error(describeFileError(error, folder, 'read'), { cause: error });
    }
    const found = await Promise.all(
      names.map(async (name) => {
        try {
          const { start, size } = await readBackupStart(join(folder, name));
          const parsed = parseBackupHeader(start);
          return parsed ? toInfo(name, parsed.header, size) : null;
        } catch {
          return null; // Gone or unreadable since readdir: not listed, as with a file that is not ours.
        }
      }),
    );
    const backups = found.filter((info): info is BackupInfo => info !== null);
    backups.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.name < b.name ? 1 : -1));
    return { folder, backups };
  }

  /** Deletes what retention no longer keeps, and temporary files a crashed write left behind. */
  async function prune(justWritten: string): Promise<void> {
    await removeStaleTemporaryFiles(folder, now());
    const { backups } = await list();
    for (const name of backupsToDelete(backups, now(), justWritten)) {
      // A backup that cannot be deleted now is tried again after the next write.
      await unlink(join(folder, name)).catch(() => undefined);
    }
  }

  async function write(request: WriteBackupRequest): Promise<WriteBackupResponse> {
    const createdAt = now();
    let target = join(folder, backupFileName(createdAt, request.reason));
    try {
      await mkdir(folder, { recursive: true });
      const name = await freeName(createdAt, request.reason);
      target = join(folder, name);
      const { header, parts, bytes } = encodeBackup({ createdAt, ...request }, request.content);
      await writeFileAtomic(target, parts, options.writeOptions);
      await prune(name).catch(() => undefined);
      return { status: 'saved', backup: toInfo(name, header, bytes) };
    } catch (error) {
      return { status: 'failed', message: describeFileError(error, target) };
    }
  }

  async function read(name: string): Promise<ReadBackupResponse> {
    if (!isBackupName(name)) return { status: 'failed', message: `${name} is not a GM Screen backup (their names end in ${BACKUP_EXTENSION}).` };
    const path = join(folder, name);
    let reading;
    try {
      reading = await readBackupFile(path);
    } catch (error) {
      const message = errorCode(error) === 'ENOENT' ? `There is no backup named ${name} in ${folder}.` : describeFileError(error, path, 'read');
      return { status: 'failed', message };
    }
    if (reading.kind === 'not-ours') {
      return { status: 'failed', message: `${capitalised(describe(timeFromName(name), name))} is damaged: its header cannot be read.` };
    }
    if (reading.kind === 'damaged') {
      return { status: 'failed', message: `${capitalised(describe(new Date(reading.header.createdAt), name))} is damaged: ${reading.problem}.` };
    }
    return { status: 'read', backup: toInfo(name, reading.header, reading.fileBytes), content: reading.body };
  }

  async function findNewestIntact(): Promise<BackupInfo | null> {
    for (const backup of (await list()).backups) {
      const result = await read(backup.name);
      if (result.status === 'read') return result.backup;
    }
    return null;
  }

  return { folder, write, list, read, findNewestIntact };
}
