const UNITS = ['KB', 'MB', 'GB'] as const;

/** A size as a GM reads it: "512 bytes", "1.5 KB", "128 MB" (units of 1,024; one decimal, none when whole). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
