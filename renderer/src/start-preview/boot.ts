/**
 * index.html's first script, a small classic one (built by renderer/build/start-preview-script.mts):
 * paints the start preview of the encounter that was open when the app closed — the resume offer
 * and its initiative order — into the start-up shell before the app's own scripts arrive, and
 * leaves the preview and its drawing functions for the app (boot-handoff.ts), which mounts over
 * it. With no preview (or storage turned off) the shell keeps "Opening your screen…".
 */
import { leaveHandoff } from './boot-handoff';
import { readStartPreview } from './start-preview';
import { renderPreviewBanner, renderPreviewList, renderPreviewPanel, rowsThatFit } from './render-start-preview';

const preview = readStartPreview(() => window.localStorage);
const shell = document.querySelector('.start-shell');
if (preview && shell) {
  shell.querySelector('.start-shell-header')?.after(renderPreviewBanner(document, preview));
  shell.append(renderPreviewPanel(document, preview, rowsThatFit(window.innerHeight)));
}
leaveHandoff(window, { preview, renderPreviewList, renderPreviewPanel, rowsThatFit });
