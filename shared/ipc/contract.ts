import { z } from 'zod';
import { ipcChannels, type IpcMethod } from './channels';
import { MAX_FILE_CONTENT_CHARS, MAX_IMPORT_BYTES, MAX_LOGGED_MESSAGE_CHARS, MAX_LOGGED_STACK_CHARS } from './limits';
import { menuModelSchema } from '../menu/menu-model';
import { updateActionResponseSchema, updateStatusSchema, type UpdateStatus } from './update-status';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** "electron" in the desktop app, "browser" when the GM screen runs in a plain browser. */
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  /** Where the app keeps its files (backups, exports); null when a browser page has no file services. */
  dataDirectory: z.string().nullable(),
  /** For About: Electron and Chrome in the desktop app, the server's Node in the browser fallback, the app's alone in a page without a server. */
  versions: z.object({
    app: z.string(),
    electron: z.string().optional(),
    chrome: z.string().optional(),
    node: z.string().optional(),
  }),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export { MAX_FILE_CONTENT_CHARS, MAX_IMPORT_BYTES };

export const exportFormatSchema = z.enum(['markdown', 'html', 'csv', 'json']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** A plain file name: no folder part, nothing a file system would read as a path. */
const fileNameSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((name) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..', 'a file name without folders');

/** An expected failure (disk full, permission denied, a damaged backup), told to the GM in one sentence. */
const failedSchema = z.object({ status: z.literal('failed'), message: z.string() });
const cancelledSchema = z.object({ status: z.literal('cancelled') });

export const saveExportRequestSchema = z.object({
  fileName: fileNameSchema,
  format: exportFormatSchema,
  content: z.string().max(MAX_FILE_CONTENT_CHARS),
});
export const saveExportResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('saved'),
    /** Where the file now is. */
    path: z.string(),
    bytes: z.number().int().nonnegative(),
  }),
  cancelledSchema,
  failedSchema,
]);
export type SaveExportResponse = z.infer<typeof saveExportResponseSchema>;

/**
 * An export written as it is made (a long log is never one string): begin chooses where it goes,
 * each append adds the next part (on disk before it answers), finish puts the file in place of
 * the target, abort drops it. Until finish, the target is untouched.
 *
 * A part is the text's UTF-8 bytes, encoded in the export worker and handed on without a copy:
 * sent as text, the page (making a Blob of it) and main (decoding the bridge's body, then encoding
 * it again for the disk) each spent as long on every part as the worker spent writing it.
 */
export const MAX_EXPORT_PART_BYTES = 12 * 1024 * 1024;
const exportIdSchema = z.uuid();
export const beginExportRequestSchema = z.object({ fileName: fileNameSchema, format: exportFormatSchema });
export const beginExportResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('started'), exportId: exportIdSchema }),
  cancelledSchema,
  failedSchema,
]);
export type BeginExportResponse = z.infer<typeof beginExportResponseSchema>;
// `content`, as in saveExport, so the browser fallback's bridge sends the part as the body itself.
export const appendExportRequestSchema = z.object({
  exportId: exportIdSchema,
  content: z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength <= MAX_EXPORT_PART_BYTES, `A part of an export holds at most ${MAX_EXPORT_PART_BYTES} bytes.`),
});
export const appendExportResponseSchema = z.discriminatedUnion('status', [z.object({ status: z.literal('appended') }), failedSchema]);
export type AppendExportResponse = z.infer<typeof appendExportResponseSchema>;
export const abortExportResponseSchema = z.object({ status: z.literal('aborted') });
export type AbortExportResponse = z.infer<typeof abortExportResponseSchema>;

export const showInFolderResponseSchema = z.object({
  /** False where the shell cannot open a folder window (the browser fallback): the GM is shown the path instead. */
  opened: z.boolean(),
  path: z.string(),
});

export const importKindSchema = z.enum(['encounter', 'bestiary']);
export type ImportKind = z.infer<typeof importKindSchema>;
export const pickImportResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('picked'), name: z.string(), text: z.string() }),
  cancelledSchema,
  failedSchema,
]);
export type PickImportResponse = z.infer<typeof pickImportResponseSchema>;

/** A file opened with the app (double-clicked, or named on the command line), read as an import file is. */
export const openedFileResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('file'), name: z.string(), text: z.string() }),
  z.object({ status: z.literal('none') }),
  failedSchema,
]);
export type OpenedFileResponse = z.infer<typeof openedFileResponseSchema>;

/** Why the shell reloaded the GM screen (its page crashed or hung), told once; null when it did not. */
export const recoveryNoticeSchema = z.object({ message: z.string() }).nullable();

export const backupReasonSchema = z.enum(['settled', 'quit', 'before-restore', 'manual']);
export type BackupReason = z.infer<typeof backupReasonSchema>;

export const backupInfoSchema = z.object({
  /** The file's name in the backups folder; the id a restore names. */
  name: z.string(),
  createdAt: z.string(),
  bytes: z.number().int().nonnegative(),
  encounters: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  reason: backupReasonSchema,
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;

export const writeBackupRequestSchema = z.object({
  reason: backupReasonSchema,
  encounters: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  /** The whole database as written by the renderer's dump (JSON text). */
  content: z.string().max(MAX_FILE_CONTENT_CHARS),
});
export const writeBackupResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), backup: backupInfoSchema }),
  failedSchema,
]);
export type WriteBackupResponse = z.infer<typeof writeBackupResponseSchema>;

export const listBackupsResponseSchema = z.object({
  folder: z.string(),
  backups: z.array(backupInfoSchema),
});
export type BackupList = z.infer<typeof listBackupsResponseSchema>;

export const readBackupResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('read'), backup: backupInfoSchema, content: z.string() }),
  failedSchema,
]);
export type ReadBackupResponse = z.infer<typeof readBackupResponseSchema>;

/**
 * Screen coordinates in pixels. Far larger than any desktop (a wall of 8K screens is under 40,000
 * pixels wide), so an absurd saved value is refused here rather than handed to a window.
 */
const coordinateSchema = z.number().int().min(-100_000).max(100_000);
const lengthSchema = z.number().int().min(1).max(100_000);
export const rectSchema = z.object({
  x: coordinateSchema,
  y: coordinateSchema,
  width: lengthSchema,
  height: lengthSchema,
});
export type Rect = z.infer<typeof rectSchema>;

/** A screen the shell can place a window on: its whole area and the part free of task bars. */
export const displaySchema = z.object({
  /** Electron's display id as text; in a browser, one made from the screen's geometry. */
  id: z.string().min(1).max(200),
  bounds: rectSchema,
  workArea: rectSchema,
  primary: z.boolean(),
});
export type DisplayInfo = z.infer<typeof displaySchema>;

/** Where the player view was (or is to be) shown: its display, its normal bounds, whether it is full screen. */
export const playerPlacementSchema = z.object({
  displayId: z.string().min(1).max(200),
  bounds: rectSchema,
  fullScreen: z.boolean(),
});
export type PlayerPlacement = z.infer<typeof playerPlacementSchema>;

export const openPlayerViewResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('opened') }),
  failedSchema,
]);
export type OpenPlayerViewResponse = z.infer<typeof openPlayerViewResponseSchema>;


export const setMenuResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('set') }),
  z.object({ status: z.literal('not-shown'), message: z.string() }),
]);
export type SetMenuResponse = z.infer<typeof setMenuResponseSchema>;


export const rendererErrorSchema = z.object({
  level: z.enum(['error', 'warn']),
  message: z.string().min(1).max(MAX_LOGGED_MESSAGE_CHARS),
  stack: z.string().max(MAX_LOGGED_STACK_CHARS).optional(),
  /** Which page it came from: the GM screen or the player view. */
  source: z.enum(['gm', 'player']),
});
export type RendererError = z.infer<typeof rendererErrorSchema>;
export const logRendererErrorResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('logged') }),
  failedSchema,
]);
export type LogRendererErrorResponse = z.infer<typeof logRendererErrorResponseSchema>;

const contract = <Request extends z.ZodType, Response extends z.ZodType>(
  channel: string,
  request: Request,
  response: Response,
  /** Largest request body the loopback bridge accepts, in bytes. */
  maxBodyBytes = 64 * 1024,
) => ({ channel, request, response, maxBodyBytes });

/**
 * Every IPC method: its channel, the schema its payload must satisfy and the schema of
 * its answer. Main (and the loopback bridge of the browser fallback) validates payloads
 * against `request` before a handler runs.
 */
/** Methods whose `content` is bytes (a Uint8Array), not text: the loopback bridge hands their body on as it came. */
export const BYTE_CONTENT_METHODS: ReadonlySet<IpcMethod> = new Set<IpcMethod>(['appendExport']);

export const ipcContract = {
  getAppInfo: contract(ipcChannels.getAppInfo, z.undefined(), appInfoSchema),
  saveExport: contract(
    ipcChannels.saveExport,
    saveExportRequestSchema,
    saveExportResponseSchema,
    MAX_FILE_CONTENT_CHARS * 4,
  ),
  beginExport: contract(ipcChannels.beginExport, beginExportRequestSchema, beginExportResponseSchema),
  appendExport: contract(ipcChannels.appendExport, appendExportRequestSchema, appendExportResponseSchema, MAX_EXPORT_PART_BYTES + 1024),
  finishExport: contract(ipcChannels.finishExport, z.object({ exportId: exportIdSchema }), saveExportResponseSchema),
  abortExport: contract(ipcChannels.abortExport, z.object({ exportId: exportIdSchema }), abortExportResponseSchema),
  /** Opens the folder holding a file this app wrote in this session (an export or a backup), or the backups folder. */
  showInFolder: contract(
    ipcChannels.showInFolder,
    z.union([z.object({ path: z.string().max(4096) }), z.object({ folder: z.literal('backups') })]),
    showInFolderResponseSchema,
  ),
  pickImportFile: contract(ipcChannels.pickImportFile, z.object({ kind: importKindSchema }), pickImportResponseSchema),
  /**
   * The oldest file opened with the app that the GM screen has not taken yet, read with the import's
   * limits; "none" when no file waits (always in a browser: a page is never opened with files).
   */
  takeOpenedFile: contract(ipcChannels.takeOpenedFile, z.undefined(), openedFileResponseSchema),
  /** The notice of the shell's last reload of the GM screen, once; null otherwise (always in a browser). */
  takeRecoveryNotice: contract(ipcChannels.takeRecoveryNotice, z.undefined(), recoveryNoticeSchema),
  writeBackup: contract(
    ipcChannels.writeBackup,
    writeBackupRequestSchema,
    writeBackupResponseSchema,
    MAX_FILE_CONTENT_CHARS * 4,
  ),
  listBackups: contract(ipcChannels.listBackups, z.undefined(), listBackupsResponseSchema),
  readBackup: contract(ipcChannels.readBackup, z.object({ name: fileNameSchema }), readBackupResponseSchema),
  /** The newest backup whose checksum holds, for the offer to restore when the database is empty or will not open. */
  findNewestIntactBackup: contract(ipcChannels.findNewestIntactBackup, z.undefined(), backupInfoSchema.nullable()),
  /** Opens the player view window (or brings it to the front when it is open already). */
  openPlayerView: contract(ipcChannels.openPlayerView, z.undefined(), openPlayerViewResponseSchema),
  /** Where to open the player view on these displays, from the remembered placement (a browser names the screens it knows). */
  choosePlayerPlacement: contract(
    ipcChannels.choosePlayerPlacement,
    z.object({ displays: z.array(displaySchema).max(32) }),
    playerPlacementSchema,
  ),
  /** Remembers where the player view is now; the only method the player page itself may call (browser fallback). */
  savePlayerPlacement: contract(
    ipcChannels.savePlayerPlacement,
    playerPlacementSchema,
    z.discriminatedUnion('status', [z.object({ status: z.literal('saved') }), failedSchema]),
  ),
  /** The application menu as the renderer's command registry describes it (shared/menu/menu-model.ts); a browser has none. */
  setMenu: contract(ipcChannels.setMenu, menuModelSchema, setMenuResponseSchema, 256 * 1024),
  /** A renderer error or warning, written to the log file in the data folder (never sent anywhere). */
  logRendererError: contract(
    ipcChannels.logRendererError,
    rendererErrorSchema,
    logRendererErrorResponseSchema,
    128 * 1024,
  ),
  /** Opens the folder holding the log files (the browser fallback gives its path instead). */
  openLogFolder: contract(ipcChannels.openLogFolder, z.undefined(), showInFolderResponseSchema),
  /** The update state with its Settings line (main/services/updates/); the browser fallback says updates come with the desktop app. */
  getUpdateStatus: contract(ipcChannels.getUpdateStatus, z.undefined(), updateStatusSchema),
  checkForUpdates: contract(ipcChannels.checkForUpdates, z.undefined(), updateActionResponseSchema),
  /** Downloads the update found; only ever when the GM asks. */
  downloadUpdate: contract(ipcChannels.downloadUpdate, z.undefined(), updateActionResponseSchema),
  /** Quits and installs the downloaded update; refused while an encounter is open. */
  installUpdate: contract(
    ipcChannels.installUpdate,
    z.strictObject({ encounterOpen: z.boolean() }),
    updateActionResponseSchema,
  ),
  /** Turns automatic checks on or off, remembered in preferences.json. */
  setUpdateChecks: contract(
    ipcChannels.setUpdateChecks,
    z.strictObject({ enabled: z.boolean() }),
    updateActionResponseSchema,
  ),
} as const satisfies Record<
  IpcMethod,
  { channel: string; request: z.ZodType; response: z.ZodType; maxBodyBytes: number }
>;

/**
 * The methods a player page may call over the loopback bridge, with its own launch token: it reports
 * where its window is and its errors (to the log file), and nothing else (it never gets the GM's API).
 */
export const PLAYER_PAGE_METHODS: readonly IpcMethod[] = ['savePlayerPlacement', 'logRendererError'];

type Contract = typeof ipcContract;
export type IpcRequest<M extends IpcMethod> = z.input<Contract[M]['request']>;
export type IpcResponse<M extends IpcMethod> = z.output<Contract[M]['response']>;

/** The API the renderer sees as `window.gm`, implemented by the preload and by the browser fallback. */
export type GmApi = {
  [M in IpcMethod]: IpcRequest<M> extends undefined
    ? () => Promise<IpcResponse<M>>
    : (request: IpcRequest<M>) => Promise<IpcResponse<M>>;
};

/**
 * Notices from main, where the shell sends them (Electron); the browser fallback has none, so each
 * is optional. Each returns a function that stops listening.
 */
export interface GmEvents {
  /** A file was opened with the app while it runs (Electron only): take it with takeOpenedFile. */
  readonly onFileOpened?: (handler: () => void) => () => void;
  readonly onQuitBackupRequested?: (handler: () => void) => () => void;
  /** The GM chose a renderer command in the application menu (Electron only: a browser page has no menu). */
  readonly onMenuCommand?: (handler: (id: string) => void) => () => void;
  /** The update state changed (Electron only): Settings follows a check or a download live. */
  readonly onUpdateStatus?: (handler: (status: UpdateStatus) => void) => () => void;
}

export { ipcChannels, type IpcMethod };
