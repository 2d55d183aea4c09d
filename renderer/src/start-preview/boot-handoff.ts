import type { renderPreviewList, renderPreviewPanel, rowsThatFit } from './render-start-preview';
import type { StartPreview } from './start-preview';

/**
 * What boot.ts leaves on the page for the app: the preview it read (null when there was none, or
 * none readable) and the functions it drew it with. The app draws the preview with these same
 * functions, so the two drawings cannot differ, and its own start-up script does not carry the
 * reading and drawing code a second time.
 */
export interface StartPreviewHandoff {
  readonly preview: StartPreview | null;
  readonly renderPreviewList: typeof renderPreviewList;
  readonly renderPreviewPanel: typeof renderPreviewPanel;
  readonly rowsThatFit: typeof rowsThatFit;
}

/** The name boot.ts sets on window. */
export const HANDOFF_GLOBAL = 'gmStartPreview';

type WithHandoff = { [HANDOFF_GLOBAL]?: StartPreviewHandoff };

/** What boot.ts left, or null when it did not run (a page without it, or it failed to load). */
export function startPreviewHandoff(page: object = window): StartPreviewHandoff | null {
  return (page as WithHandoff)[HANDOFF_GLOBAL] ?? null;
}

export function leaveHandoff(page: object, handoff: StartPreviewHandoff): void {
  (page as WithHandoff)[HANDOFF_GLOBAL] = handoff;
}
