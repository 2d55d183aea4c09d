/**
 * Limits and fixed sentences of the contract, apart from its schemas so that code which only
 * needs a number or a sentence (the page's picker, the safe JSON parse, a restore, the error
 * reporter) does not load zod.
 */

/** Largest export or backup a single call may carry: V8 strings stop near 512 MiB, and a GM's database is far below this. */
export const MAX_FILE_CONTENT_CHARS = 256 * 1024 * 1024;
/** Largest file an import may read: an encounter of 100,000 events is about 40 MB. */
export const MAX_IMPORT_BYTES = 128 * 1024 * 1024;

/** Bounds on one renderer error, so a page cannot fill the log with one entry. */
export const MAX_LOGGED_MESSAGE_CHARS = 4_000;
export const MAX_LOGGED_STACK_CHARS = 16_000;

/** Why the browser shells show no menu: a page cannot set one. */
export const MENU_NOT_SHOWN =
  'A browser page has no application menu: every command is in the command palette (Ctrl+K).';
