/**
 * A rules summary: one seed section in plain words, 1–4 sentences with the key numbers, written
 * from the seed text (the authority). `source` says where the words come from: the seed itself,
 * or the published book for sections the seed relies on without printing (RULES-NOTES.md).
 */
export interface RuleSummary {
  /** The section heading exactly as the rules cite it (the system's SECTION/SECTIONS/RULES constants). */
  readonly section: string;
  readonly source: 'seed' | 'book';
  readonly text: string;
}

/**
 * A rule the seed leaves to the published book, under the seed section its citations name. A
 * "Book:" citation quotes one of these when it is about it, since the seed section says nothing
 * on the point. `from` says whose words they are: RULES-NOTES.md's own, or the book's numbers as
 * the app uses them.
 */
export interface BookNote {
  readonly section: string;
  readonly text: string;
  readonly from: 'rules-notes' | 'app';
}
