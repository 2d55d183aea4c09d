// An export's text cut into parts for a writer that saves each as it comes (a file written as it is made).

/**
 * Bytes per part sent to be saved. Each part is one round trip to the disk and back, which the
 * worker waits on: 4 MiB parts exported 100,000 events as JSON in 2.0 s where 1 MiB parts took 2.5.
 */
export const EXPORT_PART_BYTES = 4 * 1024 * 1024;

/** The longest UTF-8 character is 4 bytes: a smaller part could never take one. */
const partBytesOf = (size: number) => Math.max(4, size);

/**
 * The pieces as UTF-8, in parts of `size` bytes (the last shorter, and any a few bytes shorter
 * where the next character would not fit whole): each part is UTF-8 on its own, and a piece is cut
 * where a part ends, so even an exporter that had to build its text whole is sent in parts.
 * Joined, the parts are exactly the pieces' UTF-8. Each piece is encoded straight into its part:
 * gathering the text into one string per part and encoding that took twice as long in Chromium.
 * Each part is a new buffer unless `newPart` gives one to reuse.
 */
export function* utf8Parts(
  pieces: Iterable<string>,
  size = EXPORT_PART_BYTES,
  newPart: (bytes: number) => Uint8Array<ArrayBuffer> = (bytes) => new Uint8Array(bytes),
): Generator<Uint8Array<ArrayBuffer>, void, undefined> {
  const partBytes = partBytesOf(size);
  const encoder = new TextEncoder();
  let part = newPart(partBytes);
  let used = 0;
  for (let piece of pieces) {
    for (;;) {
      const { read, written } = encoder.encodeInto(piece, used === 0 ? part : part.subarray(used));
      used += written;
      if (read === piece.length) break;
      // The part is full (encodeInto writes whole characters only): hand it over and go on in a new one.
      piece = piece.slice(read);
      yield part.subarray(0, used);
      part = newPart(partBytes);
      used = 0;
    }
  }
  if (used > 0) yield part.subarray(0, used);
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

/**
 * Saves the pieces as UTF-8 parts (`utf8Parts`, `saveInParts`), each part's memory used again for
 * a later part once it is saved: `save` must be done with the bytes when it resolves (an IPC call
 * or a fetch copies them when it is made). A part moved to another thread (detached) is used again
 * only when `save` resolves with its memory, moved back. A new 4 MiB buffer per part made V8
 * collect its whole heap every few parts while a million events were held: 1,000,000 events as
 * JSON took 10.9 s to encode in parts against 5.8 s with two buffers used in turn (Node, bundled).
 */
export async function saveUtf8Parts(
  pieces: Iterable<string>,
  save: (part: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer | void>,
  size = EXPORT_PART_BYTES,
): Promise<void> {
  const partBytes = partBytesOf(size);
  const spare: ArrayBuffer[] = [];
  const newPart = (bytes: number) => {
    const reused = spare.pop();
    return reused ? new Uint8Array(reused) : new Uint8Array(bytes);
  };
  await saveInParts(utf8Parts(pieces, size, newPart), async (part) => {
    const memory = (await save(part)) ?? part.buffer;
    // A detached buffer (moved elsewhere and not handed back) reads 0 bytes long.
    if (memory.byteLength === partBytes) spare.push(memory);
  });
}
