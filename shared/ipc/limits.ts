/**
 * Size limits of the file methods, apart from the contract's schemas so that code which only
 * needs a number (the page's picker, the safe JSON parse, a restore) does not load zod.
 */

/** Largest export or backup a single call may carry: V8 strings stop near 512 MiB, and a GM's database is far below this. */
export const MAX_FILE_CONTENT_CHARS = 256 * 1024 * 1024;
/** Largest file an import may read: an encounter of 100,000 events is about 40 MB. */
export const MAX_IMPORT_BYTES = 128 * 1024 * 1024;
