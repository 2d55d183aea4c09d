/**
 * What an updater error means for the GM: no network (stay quiet) or one plain sentence. The
 * updater's own messages carry stacks, URLs and the whole feed text; none of that belongs in Settings.
 */

/** Node's and Chromium's (Electron's net module) ways of saying the feed could not be reached. */
const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);
const CHROMIUM_NETWORK_ERROR = /net::ERR_(INTERNET_DISCONNECTED|NETWORK_CHANGED|NAME_NOT_RESOLVED|CONNECTION_REFUSED|CONNECTION_RESET|CONNECTION_TIMED_OUT|ADDRESS_UNREACHABLE|PROXY_CONNECTION_FAILED)/;

export type UpdateStage = 'check' | 'download';

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isNetworkUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && NETWORK_CODES.has(code)) return true;
  return CHROMIUM_NETWORK_ERROR.test(messageOf(error));
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

const MAX_DETAIL_CHARS = 120;

/** The first line of a message, without a trailing full stop, cut to fit a status line. */
function firstLine(message: string): string {
  const line = (message.split('\n')[0] ?? '').trim().replace(/[.:]+$/, '');
  return line.length > MAX_DETAIL_CHARS ? `${line.slice(0, MAX_DETAIL_CHARS - 1)}…` : line;
}

/** One sentence for Settings' status line. */
export function describeUpdateError(error: unknown, stage: UpdateStage): string {
  const code = codeOf(error);
  if (code === 'ERR_UPDATER_INVALID_UPDATE_INFO') return 'The update feed could not be read: its latest.yml is malformed.';
  if (code === 'ERR_UPDATER_INVALID_VERSION') return 'The update feed names no valid version.';
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') return 'The update feed has no release for this system.';
  const status = statusCodeOf(error);
  if (status !== undefined) return `The update server answered HTTP ${status}.`;
  const what = stage === 'check' ? 'The check for updates failed' : 'The update download failed';
  const detail = firstLine(messageOf(error));
  return detail === '' ? `${what}.` : `${what}: ${detail}.`;
}
