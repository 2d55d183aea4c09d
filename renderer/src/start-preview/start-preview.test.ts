import { describe, expect, it } from 'vitest';
import {
  PREVIEW_ROWS,
  PREVIEW_STORED_MAX,
  PREVIEW_TEXT_MAX,
  START_PREVIEW_KEY,
  parseStartPreview,
  readStartPreview,
  type PreviewStorage,
} from './start-preview';
import { SAMPLE_ROW, samplePreview } from './preview.test-support';

const row = { ...SAMPLE_ROW, current: true };
const preview = samplePreview([row, { ...row, name: 'Ganger', current: false, down: true }], 7);
const stored = (value: unknown) => JSON.stringify(value);

describe('parseStartPreview', () => {
  it('reads back exactly what was stored', () => {
    expect(parseStartPreview(stored(preview))).toEqual(preview);
    expect(parseStartPreview(stored({ ...preview, progress: '', rows: [], total: 0 }))).toEqual({
      ...preview,
      progress: '',
      rows: [],
      total: 0,
    });
  });

  it('keeps no field it does not know', () => {
    const parsed = parseStartPreview(stored({ ...preview, extra: 1, rows: [{ ...row, html: '<b>' }] }));
    expect(parsed).toEqual({ ...preview, rows: [row] });
  });

  it('shows nothing when there is nothing, or nothing readable', () => {
    expect(parseStartPreview(null)).toBeNull();
    expect(parseStartPreview('')).toBeNull();
    expect(parseStartPreview('{"version":1')).toBeNull();
    expect(parseStartPreview('null')).toBeNull();
    expect(parseStartPreview('[1]')).toBeNull();
    expect(parseStartPreview('"text"')).toBeNull();
  });

  it('does not parse a stored value larger than a preview can be', () => {
    const padded = stored({ ...preview, pad: 'x'.repeat(PREVIEW_STORED_MAX) });
    expect(padded.length).toBeGreaterThan(PREVIEW_STORED_MAX);
    expect(parseStartPreview(padded)).toBeNull();
  });

  it('refuses another version', () => {
    expect(parseStartPreview(stored({ ...preview, version: 2 }))).toBeNull();
    expect(parseStartPreview(stored({ ...preview, version: '1' }))).toBeNull();
  });

  it.each([
    ['encounterId', ''],
    ['encounterId', 5],
    ['question', ''],
    ['question', null],
    ['progress', undefined],
    ['progress', 3],
    ['rows', 'none'],
    ['rows', { 0: row }],
    ['total', 1],
    ['total', 2.5],
    ['total', '7'],
    ['total', Number.MAX_SAFE_INTEGER + 2],
  ])('refuses the whole preview when %s is %o', (field, value) => {
    expect(parseStartPreview(stored({ ...preview, [field]: value }))).toBeNull();
  });

  it.each([
    ['initiative', 12],
    ['name', ''],
    ['name', undefined],
    ['kind', null],
    ['health', ['Unhurt']],
    ['current', 'true'],
    ['down', 0],
  ])('refuses the whole preview when a row has %s = %o', (field, value) => {
    expect(parseStartPreview(stored({ ...preview, rows: [row, { ...row, [field]: value }] }))).toBeNull();
  });

  it('refuses a row that is not an object', () => {
    expect(parseStartPreview(stored({ ...preview, rows: [row, null] }))).toBeNull();
    expect(parseStartPreview(stored({ ...preview, rows: [[row]] }))).toBeNull();
  });

  it('refuses text longer than a preview keeps, and more rows than it keeps', () => {
    const longest = 'x'.repeat(PREVIEW_TEXT_MAX);
    expect(parseStartPreview(stored({ ...preview, question: longest }))?.question).toBe(longest);
    expect(parseStartPreview(stored({ ...preview, question: `${longest}x` }))).toBeNull();
    expect(parseStartPreview(stored({ ...preview, rows: [{ ...row, name: `${longest}x` }] }))).toBeNull();
    const full = Array.from({ length: PREVIEW_ROWS }, () => row);
    expect(parseStartPreview(stored({ ...preview, rows: full, total: PREVIEW_ROWS }))?.rows).toHaveLength(PREVIEW_ROWS);
    expect(parseStartPreview(stored({ ...preview, rows: [...full, row], total: PREVIEW_ROWS + 1 }))).toBeNull();
  });
});

describe('readStartPreview', () => {
  const storageWith = (value: string | null): PreviewStorage => ({
    getItem: (key) => (key === START_PREVIEW_KEY ? value : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  });

  it('reads the preview under its key', () => {
    expect(readStartPreview(() => storageWith(stored(preview)))).toEqual(preview);
    expect(readStartPreview(() => storageWith(null))).toBeNull();
  });

  it('is null when storage cannot be reached or read', () => {
    expect(
      readStartPreview(() => {
        throw new Error('SecurityError: storage is disabled');
      }),
    ).toBeNull();
    const failing: PreviewStorage = {
      ...storageWith(null),
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStartPreview(() => failing)).toBeNull();
  });
});
