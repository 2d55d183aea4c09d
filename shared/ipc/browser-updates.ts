// The browser fallback's answers about updates, apart from the schemas so the page that shows
// them does not load zod.
import type { UpdateActionResponse, UpdateStatus } from './update-status';

/** Why the browser fallback has no update checks: it is the project's own files, updated with them. */
export const BROWSER_UPDATES_SENTENCE = 'Updates come with the desktop app; this browser version updates with the project (git pull, npm start).';

/** The browser fallback's status, the same with or without GM Screen's own server: nothing ever touches the network. */
export const BROWSER_UPDATE_STATUS: UpdateStatus = {
  state: { kind: 'unavailable', reason: BROWSER_UPDATES_SENTENCE },
  lastCheckedAt: null,
  checksEnabled: false,
  summary: BROWSER_UPDATES_SENTENCE,
};

/** The browser fallback's answer to every update action. */
export const BROWSER_UPDATE_REFUSAL: UpdateActionResponse = {
  status: 'refused',
  message: BROWSER_UPDATES_SENTENCE,
  update: BROWSER_UPDATE_STATUS,
};
