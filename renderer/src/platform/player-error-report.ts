// The player page's errors to the log file (browser fallback): the same reporter as the GM page's
// (error-reporting.ts), sent with the player page's own token, which the server allows for this and
// for the window's placement only. Under Electron the player page has no token and no preload: main
// reads its console into the log instead (main/services/logging/console-messages.ts).
import type { LogRendererErrorResponse, RendererError } from '../../../shared/ipc/contract';
import { createBridgeCaller, type Fetch } from './bridge-transport';
import { createErrorReporter, type ReportError } from './error-reporting';

/** The reporter for a player page holding `token`; null without one (Electron), where nothing is sent. */
export function playerErrorReporter(
  token: string | null,
  fetchImpl: Fetch = (input, init) => fetch(input, init),
): ReportError | null {
  if (!token) return null;
  const call = createBridgeCaller(token, fetchImpl);
  return createErrorReporter({
    send: async (report: RendererError) => (await call('logRendererError', report)) as LogRendererErrorResponse,
    source: 'player',
  });
}
