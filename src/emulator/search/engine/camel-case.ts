/**
 * `camelCaseAttributes`: where a word of those attributes splits into its camel case parts.
 * A part starts at an upper-case letter following a lower-case one (`camel|Case`) and at the
 * last capital of a run of capitals followed by a lower-case letter (`HTTP|Request`). Digits and
 * other letters stay with the part they follow.
 */

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

const enum Kind {
  Other,
  Upper,
  Lower,
}

function kindOf(code: number, char: string): Kind {
  if (code < 128) return code >= 65 && code <= 90 ? Kind.Upper : code >= 97 && code <= 122 ? Kind.Lower : Kind.Other;
  return UPPER.test(char) ? Kind.Upper : LOWER.test(char) ? Kind.Lower : Kind.Other;
}

/** The start offsets of the parts after the first of a word (empty: no camel case boundary). */
function camelCaseCuts(word: string): number[] {
  const cuts: number[] = [];
  let before = Kind.Other;
  let beforeStart = -1;
  for (let i = 0; i < word.length;) {
    const code = word.codePointAt(i)!;
    const char = code > 0xffff ? word.slice(i, i + 2) : word[i];
    const kind = kindOf(code, char);
    if (kind === Kind.Upper && before === Kind.Lower) cuts.push(i);
    else if (kind === Kind.Lower && before === Kind.Upper && beforeStart > 0) {
      // "HTTPRequest": the capital before the first lower-case letter opens a part, unless the run of capitals is one letter.
      const prev = word.codePointAt(beforeStart - 1)!;
      const prevChar = prev > 0xffff ? word.slice(beforeStart - 2, beforeStart) : word[beforeStart - 1];
      if (kindOf(prev, prevChar) === Kind.Upper && cuts[cuts.length - 1] !== beforeStart) cuts.push(beforeStart);
    }
    before = kind;
    beforeStart = i;
    i += char.length;
  }
  return cuts;
}

/** A word's camel case parts as offsets `[start, end)`, undefined when it has one part. */
export function camelCaseParts(word: string): [number, number][] | undefined {
  const cuts = camelCaseCuts(word);
  if (cuts.length === 0) return undefined;
  const parts: [number, number][] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push([from, cut]);
    from = cut;
  }
  parts.push([from, word.length]);
  return parts;
}
