import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name';

const day = new Date(2026, 11, 1, 21, 30);

describe('exportFileName', () => {
  it('is the encounter name, the day and the format extension', () => {
    expect(exportFileName('Ambush at the docks', 'markdown', day)).toBe('Ambush at the docks 2026-12-01.md');
    expect(exportFileName('Ambush', 'html', day)).toBe('Ambush 2026-12-01.html');
    expect(exportFileName('Ambush', 'csv', day)).toBe('Ambush 2026-12-01.csv');
    expect(exportFileName('Ambush', 'json', day)).toBe('Ambush 2026-12-01.json');
  });

  it('replaces what file systems refuse, drops leading dots and keeps accents', () => {
    expect(exportFileName('a/b\\c:d*e?f"g<h>i|j', 'csv', day)).toBe('a b c d e f g h i j 2026-12-01.csv');
    expect(exportFileName('..\\..\\etc', 'csv', day)).toBe('etc 2026-12-01.csv');
    expect(exportFileName('Tab\there\nnewline', 'csv', day)).toBe('Tab here newline 2026-12-01.csv');
    expect(exportFileName('Élan vital', 'markdown', day)).toBe('Élan vital 2026-12-01.md');
  });

  it('names a nameless encounter and shortens a long name to 100 characters', () => {
    expect(exportFileName(' /// ', 'json', day)).toBe('Encounter 2026-12-01.json');
    expect(exportFileName('x'.repeat(300), 'json', day)).toBe(`${'x'.repeat(100)} 2026-12-01.json`);
  });
});
