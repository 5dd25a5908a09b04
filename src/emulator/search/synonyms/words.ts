/**
 * The light normalization synonyms, rules and dictionaries match with: lower case,
 * diacritics folded, split on anything that is not a letter or a digit. Placeholder tokens
 * (`<Street>`) stay whole so they can be matched as one word.
 */
const COMBINING = /[\u0300-\u036f]/g;
const TOKEN = /<[^<>\s]+>|[\p{L}\p{N}]+/gu;

export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(COMBINING, '').replace(/ß/g, 'ss');
}

/** Normalized words of a text. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(TOKEN) ?? [];
}

/** The normalized form of a phrase, words joined by one space. */
export function phraseOf(text: string): string {
  return wordsOf(text).join(' ');
}
