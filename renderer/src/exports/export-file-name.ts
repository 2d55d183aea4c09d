import type { ExportFormat } from '../../../shared/ipc/contract';

export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  markdown: 'md',
  html: 'html',
  csv: 'csv',
  json: 'json',
};

/**
 * A file name a GM recognises in a folder: the encounter's name and the day it was exported,
 * with the characters file systems refuse (and leading dots) replaced, within 120 characters.
 */
export function exportFileName(encounterName: string, format: ExportFormat, now: Date): string {
  const safe = [...encounterName]
    // Control characters (line breaks, tabs…) are no more welcome in a file name than separators.
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? ' ' : char))
    .join('')
    .replace(/[/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .slice(0, 100)
    .trim();
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `${safe || 'Encounter'} ${day}.${EXPORT_EXTENSIONS[format]}`;
}
