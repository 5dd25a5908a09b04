/**
 * `JSON.stringify(value).slice(0, limit)` without writing the rest: the API log keeps the first
 * 1,000 characters of each body, as the real log does, and a search answer is often far longer.
 */
export function jsonPrefix(value: unknown, limit: number): string {
  const out = new Writer(limit);
  try {
    write(out, value, '');
  } catch (error) {
    if (error !== FULL) throw error;
  }
  return out.text().slice(0, limit);
}

/** Thrown once the writer holds `limit` characters: unwinds the walk. */
const FULL = Symbol('full');

class Writer {
  private readonly parts: string[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  push(part: string): void {
    this.parts.push(part);
    this.length += part.length;
    if (this.length >= this.limit) throw FULL;
  }

  text(): string {
    return this.parts.join('');
  }
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const skipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Writes `value` as JSON.stringify would, `key` being its property name (for `toJSON`). */
function write(out: Writer, input: unknown, key: string): void {
  const value = input !== null && typeof input === 'object' && typeof (input as { toJSON?: unknown }).toJSON === 'function' ? (input as { toJSON(key: string): unknown }).toJSON(key) : input;
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      if (skipped(item)) out.push('null');
      else write(out, item, String(i));
    });
    out.push(']');
    return;
  }
  out.push('{');
  let first = true;
  for (const name of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[name];
    if (skipped(item)) continue;
    out.push(first ? `${JSON.stringify(name)}:` : `,${JSON.stringify(name)}:`);
    first = false;
    write(out, item, name);
  }
  out.push('}');
}
