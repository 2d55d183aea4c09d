/**
 * Parts handed to a writer as they arrive from elsewhere (an export's pieces, one IPC call each):
 * an async iterable for writeFileAtomic, fed by `push`. One part waits at a time, and `push`
 * settles only once the writer asks for the next part, that is once this one is written: the
 * sender cannot run ahead of the disk, so nothing piles up in memory.
 */
export interface PartFeed<T> extends AsyncIterable<T> {
  /** Resolves the first time the writer asks for a part: its file is open. */
  readonly asked: Promise<void>;
  /** Hands the writer one part; resolves once it is written. Refused after end, fail or while one waits. */
  push(part: T): Promise<void>;
  /** No more parts: the writer finishes the file. */
  end(): void;
  /** The parts stop with this error: the writer fails and removes its temporary file. */
  fail(error: Error): void;
}

export function createPartFeed<T>(): PartFeed<T> {
  let waiting: { part: T; written: () => void } | null = null;
  let handedOut: (() => void) | null = null;
  let wake: (() => void) | null = null;
  let ended = false;
  let failure: Error | null = null;
  let firstAsk: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (firstAsk = resolve));

  const rouse = () => {
    wake?.();
    wake = null;
  };

  async function* parts(): AsyncGenerator<T, void, undefined> {
    firstAsk();
    for (;;) {
      // Asked again: the part handed out last is written.
      handedOut?.();
      handedOut = null;
      while (!waiting && !ended && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (failure) throw failure;
      if (!waiting) return;
      const { part, written } = waiting;
      waiting = null;
      handedOut = written;
      yield part;
    }
  }

  return {
    asked,
    [Symbol.asyncIterator]: () => parts(),
    push(part) {
      if (ended || failure) return Promise.reject(new Error('The file is already finished.'));
      if (waiting) return Promise.reject(new Error('A part is still waiting to be written.'));
      return new Promise<void>((written) => {
        waiting = { part, written };
        rouse();
      });
    },
    end() {
      ended = true;
      rouse();
    },
    fail(error) {
      failure = error;
      rouse();
    },
  };
}
