/**
 * `JSON.stringify(value).slice(0, limit)` without writing the rest: the API log keeps the first
 * 1,000 characters of each body, as the real log does, and a search answer is often far longer.
 */
export function jsonPrefix(value: unknown, limit: number): string {
  const out = new Writer(limit);
  write(out, value, '', '');
  const text = out.text();
  return text.length > limit ? text.slice(0, limit) : text;
}

/** Collects the parts and joins them once: the log keeps one flat string, not a chain of pieces. */
class Writer {
  private readonly parts: string[] = [];
  length = 0;

  constructor(readonly limit: number) {}

  /** Appends `part`; false once the text holds `limit` characters (the walk stops). */
  push(part: string): boolean {
    this.parts.push(part);
    this.length += part.length;
    return this.length < this.limit;
  }

  text(): string {
    return this.parts.join('');
  }
}

/** Characters JSON.stringify escapes in a string: quote, backslash, controls and surrogates (a lone one is escaped). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON writes it; of a long one, the characters that fit when it needs no escape. */
function quoted(text: string, room: number): string {
  if (text.length < room) return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
  const head = text.slice(0, room);
  return ESCAPED.test(head) ? JSON.stringify(text) : `"${head}`;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const skipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Writes `input` as JSON.stringify would, after `prefix` (the separator and key before it, sent
 * with the value's first characters: half as many pieces), `key` being its property name (for
 * `toJSON`; an array item's index as a number). False once the limit is reached.
 */
function write(out: Writer, input: unknown, key: string | number, prefix: string): boolean {
  const value =
    input !== null && typeof input === 'object' && typeof (input as { toJSON?: unknown }).toJSON === 'function'
      ? (input as { toJSON(key: string): unknown }).toJSON(String(key))
      : input;
  switch (typeof value) {
    case 'string':
      return out.push(prefix + quoted(value, Math.max(0, out.limit - out.length - prefix.length)));
    case 'number':
      // A finite number's JSON is its string form (-0 included: "0").
      return out.push(prefix + (Number.isFinite(value) ? `${value}` : 'null'));
    case 'boolean':
      return out.push(prefix + (value ? 'true' : 'false'));
    case 'object':
      if (value === null) return out.push(`${prefix}null`);
      break;
    default:
      return out.push(prefix + (JSON.stringify(value) ?? 'null'));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return out.push(`${prefix}[]`);
    if (!out.push(`${prefix}[`)) return false;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const separator = i > 0 ? ',' : '';
      if (!(skipped(item) ? out.push(`${separator}null`) : write(out, item, i, separator))) return false;
    }
    return out.push(']');
  }
  let label = `${prefix}{`;
  // Own enumerable keys in Object.keys order, without a key list per object.
  for (const name in value) {
    if (!hasOwn.call(value, name)) continue;
    const item = (value as Record<string, unknown>)[name];
    if (skipped(item)) continue;
    if (!write(out, item, name, `${label}${quotedKey(name)}:`)) return false;
    label = ',';
  }
  return out.push(label === ',' ? '}' : `${label}}`);
}

/** Quoted property names: a response repeats the same few. */
const keyTexts = new Map<string, string>();
const MAX_KEY_TEXTS = 512;

function quotedKey(name: string): string {
  let text = keyTexts.get(name);
  if (text === undefined) {
    text = quoted(name, Number.POSITIVE_INFINITY);
    if (keyTexts.size < MAX_KEY_TEXTS) keyTexts.set(name, text);
  }
  return text;
}
