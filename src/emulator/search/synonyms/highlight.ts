import { foldText } from './words';

/** One `_highlightResult` entry, as the real service renders it for string attributes. */
export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

const WORD = /<[^<>\s]+>|[\p{L}\p{N}]+/gu;

/**
 * Highlights `text` against normalized query words (the last one may match as a prefix),
 * with `<em>` tags, as the synonym and rule search endpoints do.
 */
export function highlightText(text: string, queryWords: readonly string[], prefixLast = true): HighlightValue {
  const matched = new Set<string>();
  let highlightedChars = 0;
  let wordChars = 0;
  const value = text.replace(WORD, (word) => {
    const folded = foldText(word);
    wordChars += word.length;
    for (let i = 0; i < queryWords.length; i++) {
      const q = queryWords[i];
      const isPrefix = prefixLast && i === queryWords.length - 1;
      if (folded === q) {
        matched.add(q);
        highlightedChars += word.length;
        return `<em>${word}</em>`;
      }
      if (isPrefix && q.length > 0 && folded.startsWith(q)) {
        matched.add(q);
        const cut = prefixCut(word, q);
        highlightedChars += cut;
        return `<em>${word.slice(0, cut)}</em>${word.slice(cut)}`;
      }
    }
    return word;
  });
  const matchedWords = queryWords.filter((q) => matched.has(q));
  const matchLevel =
    matchedWords.length === 0 ? 'none' : matchedWords.length === new Set(queryWords).size ? 'full' : 'partial';
  const out: HighlightValue = { value, matchLevel, matchedWords };
  if (matchLevel !== 'none') out.fullyHighlighted = highlightedChars === wordChars && wordChars > 0;
  return out;
}

/** How many original characters make up the folded prefix `q` of `word`. */
function prefixCut(word: string, q: string): number {
  for (let cut = 1; cut <= word.length; cut++) {
    if (foldText(word.slice(0, cut)).length >= q.length) return cut;
  }
  return word.length;
}

/** Whether every query word occurs in the texts (the last one as a prefix). */
export function textsMatch(texts: readonly string[], queryWords: readonly string[]): boolean {
  return queryWords.length === 0 || wordsMatch(foldedWords(texts), queryWords);
}

/** The folded words of texts, as {@link textsMatch} compares them. */
function foldedWords(texts: readonly string[]): string[] {
  return texts.flatMap((text) => foldText(text).match(WORD) ?? []);
}

/** Whether every query word is one of `words` (the last one a prefix of one). */
export function wordsMatch(words: readonly string[], queryWords: readonly string[]): boolean {
  return queryWords.every((q, i) =>
    i === queryWords.length - 1 ? words.some((w) => w.startsWith(q)) : words.includes(q),
  );
}

const wordsMemo = new WeakMap<object, readonly string[]>();

/**
 * {@link textsMatch} for the texts of an immutable object (a synonym, a rule): its folded words
 * are worked out once, so a search compares words, not texts folded again.
 */
export function ownerMatches<T extends object>(
  owner: T,
  texts: (owner: T) => readonly string[],
  queryWords: readonly string[],
): boolean {
  if (queryWords.length === 0) return true;
  let words = wordsMemo.get(owner);
  if (words === undefined) {
    words = foldedWords(texts(owner));
    wordsMemo.set(owner, words);
  }
  return wordsMatch(words, queryWords);
}
