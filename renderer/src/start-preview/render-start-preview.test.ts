import { describe, expect, it } from 'vitest';
import {
  moreRowsText,
  renderPreviewBanner,
  renderPreviewList,
  renderPreviewPanel,
  rowsThatFit,
} from './render-start-preview';
import { SAMPLE_ROW, samplePreview } from './preview.test-support';

const row = SAMPLE_ROW;
const preview = samplePreview(
  [
    { ...row, current: true },
    { ...row, initiative: '–', name: 'Ganger', kind: 'NPC', health: 'Physical 11/11 marked · Dead', down: true },
    { ...row, name: 'Sam', kind: 'PC' },
  ],
  5,
);

const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent);

describe('renderPreviewList', () => {
  it('draws each row with its initiative, name, kind and health, in order', () => {
    const list = renderPreviewList(document, preview, 30);
    expect(list.dataset.testid).toBe('start-preview');
    expect(texts(list, '[data-testid="start-preview-row"]')).toEqual([
      '▶12Runner 16NPCPhysical 0/11 marked · Unhurt',
      '–GangerNPCPhysical 11/11 marked · Dead',
      '12SamPCPhysical 0/11 marked · Unhurt',
    ]);
    expect(texts(list, '.start-preview-name')).toEqual(['Runner 16', 'Ganger', 'Sam']);
    expect(texts(list, '.start-preview-progress')).toEqual([preview.progress]);
    expect(texts(list, '.start-preview-note')).toEqual(['As it was saved: Resume to go on.']);
  });

  it('marks the one acting and the ones who cannot act, as the tracker does', () => {
    const rows = [...renderPreviewList(document, preview, 30).querySelectorAll('li')];
    expect(rows.map((r) => r.className)).toEqual([
      'start-preview-row current',
      'start-preview-row down',
      'start-preview-row',
    ]);
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual(['true', null, null]);
  });

  it('counts the rows not kept, and says nothing when all are there', () => {
    expect(moreRowsText(preview, 3)).toBe('and 2 more');
    expect(texts(renderPreviewList(document, preview, 30), '.start-preview-more')).toEqual(['and 2 more']);
    const whole = { ...preview, total: 3 };
    expect(moreRowsText(whole, 3)).toBeNull();
    expect(renderPreviewList(document, whole, 30).querySelector('.start-preview-more')).toBeNull();
  });

  it('draws only the rows asked for, and counts the others', () => {
    const list = renderPreviewList(document, preview, 2);
    expect(texts(list, '.start-preview-name')).toEqual(['Runner 16', 'Ganger']);
    expect(texts(list, '.start-preview-more')).toEqual(['and 3 more']);
  });

  it('draws the rows a window can show, never fewer than five', () => {
    expect(rowsThatFit(800)).toBe(16);
    expect(rowsThatFit(1080)).toBe(24);
    expect(rowsThatFit(300)).toBe(5);
    expect(rowsThatFit(0)).toBe(5);
  });

  it('leaves the progress line out before the encounter has started', () => {
    const list = renderPreviewList(document, { ...preview, progress: '' }, 30);
    expect(list.querySelector('.start-preview-progress')).toBeNull();
  });

  it('sets names as text: markup in a name stays text', () => {
    const hostile = '<img src=x onerror="alert(1)"><b>Boss</b>';
    const list = renderPreviewList(document, { ...preview, rows: [{ ...row, name: hostile }], total: 1 }, 30);
    expect(list.querySelector('img, b')).toBeNull();
    expect(list.querySelector('.start-preview-name')?.textContent).toBe(hostile);
  });
});

describe('renderPreviewPanel', () => {
  it("frames the list in a panel titled as the tracker's", () => {
    const panel = renderPreviewPanel(document, preview, 2);
    expect(panel.className).toBe('start-preview-panel');
    expect([...panel.children].map((child) => child.className)).toEqual(['start-preview-title', 'start-preview']);
    expect(panel.querySelector('.start-preview-title')?.textContent).toBe('Encounter');
    expect(texts(panel, '.start-preview-name')).toEqual(['Runner 16', 'Ganger']);
  });
});

describe('renderPreviewBanner', () => {
  it("asks the offer's question, its buttons there but disabled until the app has checked", () => {
    const banner = renderPreviewBanner(document, preview);
    expect(banner.querySelector('.start-preview-question')?.textContent).toBe(preview.question);
    const buttons = [...banner.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.disabled, b.type, b.className])).toEqual([
      ['Resume', true, 'button', 'primary'],
      ['Not now', true, 'button', ''],
    ]);
    expect(buttons.map((b) => b.title)).toEqual(['Opening your screen…', 'Opening your screen…']);
    expect(banner.getAttribute('aria-label')).toBe('Resume encounter');
  });
});
