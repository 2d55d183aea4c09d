/** A full stop (or ! ?) followed by a space and a new sentence's first character, or the end of the text. */
const SENTENCE_END = /[.!?](?=\s+[A-Z0-9(“"]|$)/;

/** The text up to and including the first full stop that ends a sentence: the tooltip line. */
export function firstSentence(text: string): string {
  const end = SENTENCE_END.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/** How many sentences a summary has (a full stop followed by a space and a new sentence, or the end). */
export function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9(“"])/).filter((part) => part.trim() !== '').length;
}
