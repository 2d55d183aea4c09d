/**
 * Random sources. Rules never call Math.random(): every roll takes a RandomSource,
 * so the app can use crypto randomness while tests and replays use a seeded one.
 */
export interface RandomSource {
  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number;
  /** Identifies the source in roll records ("crypto", "seeded:<seed>", "physical"). */
  readonly kind: string;
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A uniformly distributed whole number in [1, sides]. Rejection sampling removes
 * modulo bias: values in the incomplete top band of 2^32 are drawn again.
 */
export function rollDie(source: RandomSource, sides: number): number {
  if (!Number.isInteger(sides) || sides < 1 || sides > TWO_POW_32) {
    throw new RangeError(`A die must have between 1 and 2^32 sides, got ${sides}.`);
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % sides);
  for (;;) {
    const value = source.nextUint32();
    if (value < limit) return (value % sides) + 1;
  }
}

export function rollDice(source: RandomSource, count: number, sides: number): number[] {
  const faces = new Array<number>(count);
  for (let i = 0; i < count; i++) faces[i] = rollDie(source, sides);
  return faces;
}

interface CryptoLike {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

/** Web Crypto randomness, available in browsers, Electron and Node ≥ 19 as globalThis.crypto. */
export function createCryptoSource(bufferSize = 1024): RandomSource {
  const crypto = (globalThis as unknown as { crypto?: CryptoLike }).crypto;
  if (!crypto || typeof crypto.getRandomValues !== 'function') {
    throw new Error('No Web Crypto random source is available in this environment.');
  }
  // Buffered because one getRandomValues call per die is the dominant cost.
  const buffer = new Uint32Array(bufferSize);
  let index = bufferSize;
  return {
    kind: 'crypto',
    nextUint32() {
      if (index >= bufferSize) {
        crypto.getRandomValues(buffer);
        index = 0;
      }
      return buffer[index++]!;
    },
  };
}

/** splitmix32: turns any 32-bit seed into well-mixed state words. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a, so that string seeds ("encounter-42") are accepted too. */
export function hashSeed(seed: string | number): number {
  if (typeof seed === 'number') return seed >>> 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export interface SeededSource extends RandomSource {
  /** The generator state, so a replay can continue exactly where a session stopped. */
  state(): [number, number, number, number];
}

/** sfc32: small, fast and passes PractRand; deterministic for tests and replays. */
export function createSeededSource(seed: string | number, state?: readonly [number, number, number, number]): SeededSource {
  const numericSeed = hashSeed(seed);
  let a: number, b: number, c: number, d: number;
  if (state) {
    [a, b, c, d] = state.map((word) => word >>> 0) as [number, number, number, number];
  } else {
    const mix = splitmix32(numericSeed);
    a = mix();
    b = mix();
    c = mix();
    d = mix();
    // Discard the first outputs: sfc32 mixes poorly in its first few steps.
    for (let i = 0; i < 12; i++) next();
  }
  function next(): number {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  }
  return {
    kind: `seeded:${typeof seed === 'number' ? seed : JSON.stringify(seed)}`,
    nextUint32: next,
    state: () => [a, b, c, d],
  };
}
