/**
 * Tokens of the `filters` language, with the names the service's messages use
 * (`Unexpected token string(abc) expected numeric at col 8`).
 */
export type TokenType =
  | 'string'
  | 'numeric'
  | 'emptyString'
  | 'incompleteString'
  | 'open'
  | 'close'
  | 'colon'
  | 'comma'
  | 'to'
  | 'or'
  | 'and'
  | 'not'
  | 'operator'
  | 'openAngle'
  | 'closeAngle'
  | 'eof';

export interface Token {
  readonly type: TokenType;
  /** Unescaped text for strings and numbers; the operator for operators. */
  readonly value: string;
  /** Column (0-based) the service reports for this token. */
  readonly pos: number;
  /** Characters consumed from the input. */
  readonly length: number;
}

const NAMES: Record<TokenType, string> = {
  string: 'string',
  numeric: 'numeric',
  emptyString: 'empty string',
  incompleteString: 'incomplete string',
  open: "'('",
  close: "')'",
  colon: "':'",
  comma: ',',
  to: "'TO'",
  or: "'OR'",
  and: "'AND'",
  not: "'NOT'",
  operator: 'numeric operator',
  openAngle: '<',
  closeAngle: '>',
  eof: 'end of filter',
};

/** How a token is named in an error: `string(abc)`, `'AND'`, `end of filter`... */
export function describeToken(token: Token): string {
  const name = NAMES[token.type];
  return (token.type === 'string' || token.type === 'numeric') && token.value.length > 0
    ? `${name}(${token.value})`
    : name;
}

export function tokenTypeName(type: TokenType): string {
  return NAMES[type];
}

/** A character the lexer refuses outright (a lone `!`). */
export class LexError {
  constructor(
    readonly char: string,
    readonly pos: number,
  ) {}
}

const SEPARATORS = new Set([' ', '\t', '\n', '\r', '\f', '(', ')', '<', '>', '=', '!', ':', '"', "'"]);
const WHITESPACE = /[ \t\n\r\f]/;
const NUMBER = /^(?:-?\d+(?:\.\d*)?|-\.\d+)$/;

/** How a parameter's language differs from `filters`. */
export interface LexOptions {
  /** `to` in any case is the range keyword (`numericFilters: "n:11 to 46"`, as algoliasearch-helper writes ranges). */
  readonly anyCaseTo?: boolean;
}

/** Splits a filter expression into tokens; the last one is always `eof`. */
export function lex(text: string, options: LexOptions = {}): Token[] | LexError {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (WHITESPACE.test(text[i])) {
      i++;
      continue;
    }
    const token = readToken(text, i, options);
    if (token instanceof LexError) return token;
    tokens.push(token);
    i += token.length;
  }
  tokens.push({ type: 'eof', value: '', pos: text.length, length: 0 });
  return tokens;
}

function readToken(text: string, i: number, options: LexOptions): Token | LexError {
  const char = text[i];
  const next = text[i + 1];
  const single = (type: TokenType, value = char): Token => ({ type, value, pos: i, length: value.length });
  switch (char) {
    case '=':
      return single('operator');
    case '<':
      return next === '=' ? single('operator', '<=') : single('openAngle');
    case '>':
      return next === '=' ? single('operator', '>=') : single('closeAngle');
    case '!':
      return next === '=' ? single('operator', '!=') : new LexError(char, i);
    case '(':
      return single('open');
    case ')':
      return single('close');
    case ':':
      return single('colon');
    case ',':
      return single('comma');
    case '"':
    case "'":
      return readQuoted(text, i);
    default:
      return readWord(text, i, options);
  }
}

/** A quoted string: a backslash escapes the next character. */
function readQuoted(text: string, start: number): Token {
  const quote = text[start];
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && i + 1 < text.length) {
      value += text[++i];
      continue;
    }
    if (char === quote) {
      const length = i - start + 1;
      // The service reports an empty string at its closing quote.
      if (length === 2) return { type: 'emptyString', value: '', pos: i, length };
      return { type: 'string', value, pos: start, length };
    }
    value += char;
  }
  return { type: 'incompleteString', value, pos: start, length: text.length - start };
}

/** An unquoted word: a keyword, a number or a string. */
function readWord(text: string, start: number, options: LexOptions): Token {
  let end = start;
  while (end < text.length && !SEPARATORS.has(text[end])) end++;
  const raw = text.slice(start, end);
  const length = end - start;
  const keyword =
    KEYWORDS.get(raw) ?? (options.anyCaseTo && raw.length === 2 && raw.toUpperCase() === 'TO' ? 'to' : undefined);
  if (keyword) return { type: keyword, value: raw, pos: start, length };
  if (NUMBER.test(raw)) return { type: 'numeric', value: raw, pos: start, length };
  // `\-x` spells a value that starts with a dash (the facetFilters escape, accepted here too).
  const value = raw.startsWith('\\-') ? raw.slice(1) : raw;
  return { type: 'string', value, pos: start, length };
}

const KEYWORDS = new Map<string, TokenType>([
  ['OR', 'or'],
  ['AND', 'and'],
  ['NOT', 'not'],
  ['TO', 'to'],
]);
