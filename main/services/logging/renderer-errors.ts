import type { LogRendererErrorResponse, RendererError } from '../../../shared/ipc/contract';
import type { AppLogger } from './app-logger';
import { rendererErrorText } from './log-entry';

/** logRendererError: a page's error or warning (already bounded by the contract), marked with its page. */
export function logRendererError(logger: AppLogger, report: RendererError): LogRendererErrorResponse {
  logger.write(report.level, report.source === 'gm' ? 'gm page' : 'player page', rendererErrorText(report));
  return { status: 'logged' };
}
