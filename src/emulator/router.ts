import type { HostFamily, Method } from './request';
import type { Route } from './route';
import { damerauLevenshtein } from './search/engine/typo';

export interface Match {
  readonly route: Route;
  readonly params: Readonly<Record<string, string>>;
}

/** Paths whose answers the router keeps; then it starts again. */
const MAX_ANSWERS = 1024;

interface Compiled {
  readonly route: Route;
  /** A literal segment, or `null` for a placeholder, with the placeholder names beside. */
  readonly segments: readonly (string | null)[];
  readonly names: readonly string[];
}

/**
 * Matches requests against the route table. Literal segments beat placeholders, so
 * `GET /1/indexes/{indexName}/settings` wins over `GET /1/indexes/{indexName}/{objectID}`.
 */
export class Router {
  /** Host family -> segment count -> the routes that can match. */
  private readonly buckets = new Map<HostFamily, Bucket[]>();
  /** `host method path` -> the answer, for the paths seen last (object IDs make paths unbounded). */
  private readonly answers = new Map<string, Match | 'method' | undefined>();

  /** The table's host families and operation names: what a fault or a matcher may name. */
  readonly hosts: ReadonlySet<HostFamily>;
  readonly operations: ReadonlySet<string>;

  constructor(readonly routes: readonly Route[]) {
    this.hosts = new Set(routes.map((r) => r.host));
    this.operations = new Set(routes.map((r) => r.operation));
    const compiled = routes.map(compile).sort(bySpecificity);
    const seen = new Set<string>();
    const groups = new Map<HostFamily, Compiled[][]>();
    for (const entry of compiled) {
      const { route } = entry;
      const key = `${route.host} ${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
      seen.add(key);
      let byLength = groups.get(route.host);
      if (!byLength) groups.set(route.host, (byLength = []));
      (byLength[entry.segments.length] ??= []).push(entry);
    }
    for (const [host, byLength] of groups)
      this.buckets.set(
        host,
        byLength.map((group) => group && bucket(group)),
      );
  }

  /** The matching route, `'method'` when only the method differs, or `undefined`. */
  match(host: HostFamily, method: Method, rawPath: string): Match | 'method' | undefined {
    // The table never changes, so an answer holds for good; its parameters are frozen to be shared.
    const key = `${host} ${method} ${rawPath}`;
    let answer = this.answers.get(key);
    if (answer === undefined && !this.answers.has(key)) {
      if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
      answer = this.find(host, method, rawPath);
      if (typeof answer === 'object') Object.freeze(Object.freeze(answer).params);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private find(host: HostFamily, method: Method, rawPath: string): Match | 'method' | undefined {
    const parts = (rawPath.endsWith('/') ? rawPath.replace(/\/+$/, '') : rawPath).split('/');
    const bucket = this.buckets.get(host)?.[parts.length];
    if (!bucket) return undefined;
    const candidates = bucket.byLast.get(parts[parts.length - 1]) ?? bucket.open;
    let pathMatched = false;
    for (const candidate of candidates) {
      if (!segmentsMatch(candidate, parts)) continue;
      if (candidate.route.method === method) return { route: candidate.route, params: paramsOf(candidate, parts) };
      pathMatched = true;
    }
    return pathMatched ? 'method' : undefined;
  }

  byOperation(operation: string): Route | undefined {
    return this.routes.find((r) => r.operation === operation);
  }

  /**
   * Why `operation` names no route (with the closest name when one is a typo away), or
   * undefined when a route has it: a filter on a misspelt name would silently never match.
   * `alsoSuggest`: other names the caller accepts, offered as the closest too.
   */
  unknownOperation(operation: unknown, alsoSuggest: readonly string[] = []): string | undefined {
    if (typeof operation === 'string' && this.operations.has(operation)) return undefined;
    const shown = JSON.stringify(operation) ?? String(operation);
    if (typeof operation !== 'string') return `an operation is a route's name (a string), got ${shown}`;
    let closest: string | undefined;
    let best = Math.max(2, Math.floor(operation.length / 4)) + 1;
    for (const name of [...this.operations, ...alsoSuggest]) {
      const distance = damerauLevenshtein(operation.toLowerCase(), name.toLowerCase());
      if (distance < best) [closest, best] = [name, distance];
    }
    return `no route is named ${shown}${closest === undefined ? '' : ` (did you mean "${closest}"?)`}`;
  }
}

/**
 * The routes of one host and segment count, most specific first. A path's last segment picks
 * the routes ending with that literal or a placeholder (the others cannot match), in that order.
 */
interface Bucket {
  readonly byLast: ReadonlyMap<string, readonly Compiled[]>;
  /** The routes ending with a placeholder: all a path can match when no route ends with its last segment. */
  readonly open: readonly Compiled[];
}

function bucket(group: readonly Compiled[]): Bucket {
  const lastOf = (entry: Compiled) => entry.segments[entry.segments.length - 1];
  const byLast = new Map<string, Compiled[]>();
  for (const entry of group) {
    const last = lastOf(entry);
    if (last !== null && !byLast.has(last))
      byLast.set(
        last,
        group.filter((other) => lastOf(other) === last || lastOf(other) === null),
      );
  }
  return { byLast, open: group.filter((entry) => lastOf(entry) === null) };
}

function compile(route: Route): Compiled {
  const names: string[] = [];
  const segments = route.path.split('/').map((segment) => {
    const placeholder = /^\{(\w+)\}$/.exec(segment);
    if (!placeholder) return segment;
    names.push(placeholder[1]);
    return null;
  });
  return { route, segments, names };
}

function bySpecificity(a: Compiled, b: Compiled): number {
  // Only paths of equal length compete; ordering by length first keeps the comparator transitive.
  if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
  const length = a.segments.length;
  for (let i = 0; i < length; i++) {
    const literalA = a.segments[i] !== null;
    const literalB = b.segments[i] !== null;
    if (literalA !== literalB) return literalA ? -1 : 1;
  }
  return 0;
}

/** Whether `parts` (as many as the candidate's segments) has its literals and a non-empty value per placeholder. */
function segmentsMatch(candidate: Compiled, parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const expected = candidate.segments[i];
    if (expected === null ? parts[i] === '' : expected !== parts[i]) return false;
  }
  return true;
}

/** The decoded placeholder values of a matching path. */
function paramsOf(candidate: Compiled, parts: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  let name = 0;
  for (let i = 0; i < parts.length; i++) {
    if (candidate.segments[i] === null) params[candidate.names[name++]] = safeDecode(parts[i]);
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
