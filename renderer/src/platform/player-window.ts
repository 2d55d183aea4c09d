import type { OpenPlayerViewResponse } from '../../../shared/ipc/contract';
import { gm } from './gm';

/**
 * Opens the player view, or brings it to the front: a second Electron window through main in the
 * desktop app, a pop-up window of the same origin in a browser (gm.openPlayerView is the one or
 * the other, select-gm.ts). Never throws: a failure is `{status: 'failed', message}` for the GM.
 */
export async function openPlayerView(): Promise<OpenPlayerViewResponse> {
  try {
    return await gm.openPlayerView();
  } catch (error) {
    return { status: 'failed', message: `The player view could not be opened: ${error instanceof Error ? error.message : String(error)}.` };
  }
}
