import { describe, expect, it } from 'vitest';
import { allSystems } from '../systems/all-systems.test-support';
import { referenceCatalog } from './catalog';
import { citationQuote } from './citation';

// Shadowrun's surprise test cites "Other Combat Factors" for the seed's words and the book's.
const OTHER = 'Other Combat Factors';
const catalog = referenceCatalog(allSystems);

describe('the citations of the surprise test', () => {
  it("quote the book's reading for the book's rules, and the seed's sentence for the seed's", () => {
    const surpriseNote =
      'Surprise (book): everyone involved rolls Reaction + Intuition, alerted characters +3 dice and ambushers +6; each is surprised by every other who scores more hits, friends included, and may neither act toward nor react to them in the first Initiative Pass; an ambusher aware of the prey is never surprised by it.';
    const quote = (source: 'seed' | 'book', about: string) =>
      citationQuote(catalog, 'shadowrun-4e', { section: OTHER, source }, about)?.text;
    expect(quote('book', 'Ghost was alerted: +3 dice.')).toBe(surpriseNote);
    expect(
      quote(
        'book',
        'Ghost 3 hits vs Sam 1 hit: Sam is surprised by Ghost and can neither act against nor react to Ghost in the first Initiative Pass.',
      ),
    ).toBe(surpriseNote);
    expect(quote('seed', "Surprise: everyone involved makes an Initiative Test at the fight's start")).toBe(
      'Surprise: an Initiative Test at the start of the fight decides who can act against whom in the first pass.',
    );
  });
});
