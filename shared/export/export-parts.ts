// An export's text cut into parts for a writer that saves each as it comes (a file written as it is made).

/** Characters per part sent to be saved: large enough that a million-entry log is a few hundred calls. */
export const EXPORT_PART_CHARS = 1024 * 1024;

/**
 * The pieces gathered into parts of `size` characters (the last shorter, and one a unit shorter
 * where the cut would split a surrogate pair): a piece is cut where a part ends, so even an
 * exporter that had to build its text whole is sent in parts. Joined, the parts are exactly the
 * pieces joined.
 */
export function* partsOf(pieces: Iterable<string>, size = EXPORT_PART_CHARS): Generator<string, void, undefined> {
  let gathered: string[] = [];
  let length = 0;
  for (let piece of pieces) {
    while (length + piece.length > size) {
      let cut = size - length;
      const code = piece.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
      if (cut > 0) gathered.push(piece.slice(0, cut));
      if (gathered.length) yield gathered.join('');
      gathered = [];
      length = 0;
      piece = piece.slice(cut);
    }
    if (piece) {
      gathered.push(piece);
      length += piece.length;
    }
  }
  if (gathered.length) yield gathered.join('');
}

/** Each part as its UTF-8 bytes, the form a part is saved in (MAX_EXPORT_PART_BYTES in the IPC contract). */
export function* encodedParts(parts: Iterable<string>): Generator<Uint8Array<ArrayBuffer>, void, undefined> {
  const encoder = new TextEncoder();
  for (const part of parts) yield encoder.encode(part);
}

/**
 * Saves the parts in order, each once the one before is saved, making the next while the last is
 * being saved (the saving is elsewhere: another process, the disk): never more than one part is
 * waiting. Rejects with the first save that fails; nothing is saved after it.
 */
export async function saveInParts<Part>(parts: Iterable<Part>, save: (part: Part) => Promise<void>): Promise<void> {
  let saving: Promise<void> = Promise.resolve();
  for (const part of parts) {
    await saving;
    saving = save(part);
  }
  await saving;
}
