import { describe, expect, it } from 'vitest';
import { systemLabel } from '../ui/formatting';
import { describeResumeOffer } from './resume-offer-text';

describe('resume offer', () => {
  it('words the resume offer', () => {
    const base = { id: 'e1', name: 'Warehouse ambush', systemId: 'shadowrun-4e' as const };
    expect(describeResumeOffer({ ...base, round: 2 })).toBe(
      `Resume 'Warehouse ambush' (${systemLabel('shadowrun-4e')}, round 2)?`,
    );
    expect(describeResumeOffer({ ...base, round: 0 })).toMatch(/not started\)\?$/);
    expect(describeResumeOffer({ ...base, round: null })).toMatch(/edition\)\?$/);
  });
});
