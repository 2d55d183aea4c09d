import { MAX_NAME_LENGTH } from './reducer';

/**
 * A name with a suffix ("Ganger 12", "Ganger ×3") that still fits the name limit: the base is
 * shortened, with an ellipsis, rather than the whole name refused — a template name the GM was
 * allowed to save must also be allowed to be numbered.
 */
export function nameWithSuffix(base: string, suffix: string, max = MAX_NAME_LENGTH): string {
  const trimmed = base.trim();
  const full = `${trimmed}${suffix}`;
  if (full.length <= max) return full;
  const room = Math.max(0, max - suffix.length - 1);
  return `${trimmed.slice(0, room).trimEnd()}…${suffix}`;
}
