/**
 * The one nesting limit of the emulator. Every JSON body, over HTTP, as a direct call or through
 * `emulator.request`, may nest arrays and objects at most this many levels, the body itself
 * being level 1; a deeper body is refused with {@link TOO_DEEP} (400) on every route before
 * any operation reads it. Records only arrive inside bodies, so no record deeper than this is
 * ever stored (the real service documents no limit below its record size; the engine walks
 * records recursively, so the emulator needs one).
 */
export const MAX_JSON_DEPTH = 100;

export const TOO_DEEP = `JSON nested deeper than ${MAX_JSON_DEPTH} levels: request bodies and the records in them may nest arrays and objects ${MAX_JSON_DEPTH} levels at most`;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read before parsing. Strings
 * are skipped whole (`indexOf` to their closing quote), so a large body costs one pass over
 * its punctuation. Invalid text answers false: the parser reports it.
 */
export function textDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return false;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The position of the quote closing the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/**
 * Whether a value nests arrays and objects deeper than `max`, without recursion (a value
 * nested 100,000 levels must not overflow the stack while it is measured). Cycles count as
 * too deep.
 */
export function valueDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: { readonly value: object; readonly depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop()!;
    if (depth > max) return true;
    for (const key in node) {
      if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
