import { createCryptoSource, createSeededSource, type RandomSource } from '../shared/dice/random';
import { rollGroups, type RollRecord } from '../shared/dice/record';
import type { BenchSuite } from './harness';

/** 100,000 d6 rolled and recorded as 100 records of 1,000 dice (the per-roll limit). */
function rollAndRecord(source: RandomSource): RollRecord[] {
  const records: RollRecord[] = [];
  for (let i = 0; i < 100; i++) {
    records.push(rollGroups(source, [{ count: 1000, sides: 6 }], { id: `r${i}`, at: '2026-01-01T00:00:00Z', roller: 'bench', reason: 'bench' }));
  }
  return records;
}

const crypto = createCryptoSource();
const seeded = createSeededSource('bench');

const suite: BenchSuite = {
  title: 'Dice: roll and record 100,000 d6',
  cases: [
    { name: 'crypto source', run: () => rollAndRecord(crypto), unitsPerRun: 100_000, unitName: 'dice' },
    { name: 'seeded source', run: () => rollAndRecord(seeded), unitsPerRun: 100_000, unitName: 'dice' },
  ],
  ratios: [['crypto source', 'seeded source']],
};

export default suite;
