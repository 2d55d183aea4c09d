/** Bodies are converted to UTF-8 this much at a time, in one reused buffer. */
export const BODY_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A string's UTF-8 bytes, a chunk at a time, each chunk a view of one reused buffer (valid until
 * the next is asked for). A 50 MB body is never held twice: on a busy machine, touching 50 MB of
 * fresh memory cost more than hashing and writing it.
 */
export function* utf8Chunks(text: string, chunkBytes = BODY_CHUNK_BYTES): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const scratch = new Uint8Array(Math.max(chunkBytes, 4));
  for (let position = 0; position < text.length; ) {
    // substring of a flat string is a slice, not a copy.
    const { read, written } = encoder.encodeInto(position === 0 ? text : text.substring(position), scratch);
    position += read;
    yield scratch.subarray(0, written);
  }
}
