import { join } from 'node:path';
import { app } from 'electron';
import { createAppLogger, type AppLogger } from '../services/logging/app-logger';

let logger: AppLogger | null = null;

/**
 * The desktop app's one log (<data>/logs/gm-screen.log, main/services/logging/), for every piece of
 * Electron glue. Made at the first call, so main/index.ts can point the data folder elsewhere
 * (GM_SCREEN_DATA_DIR) before anything reads it.
 */
export function appLog(): AppLogger {
  logger ??= createAppLogger({ folder: join(app.getPath('userData'), 'logs') });
  return logger;
}
