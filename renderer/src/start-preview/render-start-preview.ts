import type { StartPreview, StartPreviewRow } from './start-preview';

/**
 * The start preview drawn as plain DOM, by boot.ts before the app runs and by the tracker panel
 * while the resume offer is open, so the two look the same and the hand-over does not move a row.
 * Text is only ever set as text (names come from the GM and are never markup). Styled by
 * index.html's own <style>, which is there before any stylesheet.
 */

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderRow(doc: Document, row: StartPreviewRow): HTMLLIElement {
  const item = element(doc, 'li', `start-preview-row${row.current ? ' current' : ''}${row.down ? ' down' : ''}`);
  item.dataset.testid = 'start-preview-row';
  if (row.current) item.setAttribute('aria-current', 'true');
  item.append(
    element(doc, 'span', 'start-preview-marker', row.current ? '▶' : ''),
    element(doc, 'span', 'start-preview-initiative', row.initiative),
    element(doc, 'span', 'start-preview-name', row.name),
    element(doc, 'span', 'start-preview-kind', row.kind),
    element(doc, 'span', 'start-preview-health', row.health),
  );
  return item;
}

/** Height a preview row takes at the default text size, in CSS pixels. */
const ROW_HEIGHT = 36;
/** What is above the first row: the header, the offer, the panel's title, note and progress line. */
const ABOVE_ROWS = 240;

/**
 * How many rows fill a window `height` pixels tall (at least five): the rest would be drawn off
 * screen, and every row drawn is start-up work before the app's own (30 rows instead of 15 held
 * the app's scripts back by about 12 ms in a fresh tab).
 */
export function rowsThatFit(height: number): number {
  return Math.max(5, Math.ceil((height - ABOVE_ROWS) / ROW_HEIGHT));
}

/** "and 170 more", or null when every row is shown. */
export function moreRowsText(preview: StartPreview, shown: number): string | null {
  const more = preview.total - shown;
  return more > 0 ? `and ${more} more` : null;
}

/**
 * The order as it was saved: its progress line, the first `maxRows` rows kept and how many more
 * there are.
 */
export function renderPreviewList(doc: Document, preview: StartPreview, maxRows: number): HTMLElement {
  const section = element(doc, 'section', 'start-preview');
  section.dataset.testid = 'start-preview';
  section.setAttribute('aria-label', 'The encounter as it was saved');
  section.append(element(doc, 'p', 'start-preview-note', 'As it was saved: Resume to go on.'));
  if (preview.progress) section.append(element(doc, 'p', 'start-preview-progress', preview.progress));
  const list = element(doc, 'ol', 'start-preview-rows');
  const rows = preview.rows.slice(0, maxRows);
  list.append(...rows.map((row) => renderRow(doc, row)));
  section.append(list);
  const more = moreRowsText(preview, rows.length);
  if (more) section.append(element(doc, 'p', 'start-preview-more', more));
  return section;
}

/**
 * The list in a panel of its own titled as the tracker's: where the screen has no layout yet (before
 * the app runs, and while its panels wait for their rules) it stands where the tracker will be.
 */
export function renderPreviewPanel(doc: Document, preview: StartPreview, maxRows: number): HTMLElement {
  const panel = element(doc, 'div', 'start-preview-panel');
  panel.append(element(doc, 'h2', 'start-preview-title', 'Encounter'), renderPreviewList(doc, preview, maxRows));
  return panel;
}

/**
 * The resume offer as boot.ts draws it: the app's sentence, and its buttons shown but disabled
 * until the app has checked the database and replaces the banner with its own.
 */
export function renderPreviewBanner(doc: Document, preview: StartPreview): HTMLElement {
  const banner = element(doc, 'section', 'start-preview-banner');
  banner.setAttribute('aria-label', 'Resume encounter');
  banner.append(element(doc, 'p', 'start-preview-question', preview.question));
  for (const [label, className] of [
    ['Resume', 'primary'],
    ['Not now', ''],
  ] as const) {
    const button = element(doc, 'button', className, label);
    button.type = 'button';
    button.disabled = true;
    button.title = 'Opening your screen…';
    banner.append(button);
  }
  return banner;
}
