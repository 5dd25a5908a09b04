/** One place where the recorded answer and the emulator's differ; `undefined`: absent on that side. */
export interface Difference {
  /** Where, as `hits[0].name` (`(status)` for the status, `(text)` for a non-JSON answer). */
  readonly path: string;
  readonly recorded?: unknown;
  readonly emulator?: unknown;
}

/** Differences listed for one exchange at most; the count says how many there were. */
export const MAX_DIFFERENCES = 20;

/** Every leaf where `recorded` and `emulator` differ, depth first, keys in the recorded order then the emulator's. */
export function differences(recorded: unknown, emulator: unknown, path = ''): Difference[] {
  const out: Difference[] = [];
  walk(recorded, emulator, path, out);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: Difference[]): void {
  if (Object.is(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      walk(i < a.length ? a[i] : undefined, i < b.length ? b[i] : undefined, `${path}[${i}]`, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      walk(a[key], b[key], path === '' ? key : `${path}.${key}`, out);
    return;
  }
  out.push({
    path: path === '' ? '(body)' : path,
    ...(a !== undefined ? { recorded: a } : {}),
    ...(b !== undefined ? { emulator: b } : {}),
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
