import { createCryptoSource, createSeededSource, rollDice, type RandomSource } from '../../../shared/dice/random';

let source: RandomSource | undefined;

/**
 * The app's dice: Web Crypto by default. A test or a replay can fix a seed with
 * `?seed=...` in the page URL or through setRandomSource.
 */
export function getRandomSource(): RandomSource {
  if (!source) {
    const seed = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('seed') : null;
    source = seed ? createSeededSource(seed) : createCryptoSource();
  }
  return source;
}

export function setRandomSource(next: RandomSource | undefined): void {
  source = next;
}

export function rollWithApp(count: number, sides: number): number[] {
  return rollDice(getRandomSource(), count, sides);
}
