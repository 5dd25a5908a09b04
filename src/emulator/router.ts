import type { HostFamily, Method } from './request';
import type { Route } from './route';

export interface Match {
  readonly route: Route;
  readonly params: Record<string, string>;
}

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
  private readonly compiled: Compiled[];

  constructor(readonly routes: readonly Route[]) {
    this.compiled = routes.map(compile).sort(bySpecificity);
    const seen = new Set<string>();
    for (const { route } of this.compiled) {
      const key = `${route.host} ${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
      seen.add(key);
    }
  }

  /** The matching route, `'method'` when only the method differs, or `undefined`. */
  match(host: HostFamily, method: Method, rawPath: string): Match | 'method' | undefined {
    const parts = rawPath.replace(/\/+$/, '').split('/');
    let pathMatched = false;
    for (const candidate of this.compiled) {
      if (candidate.route.host !== host) continue;
      const params = matchSegments(candidate, parts);
      if (!params) continue;
      if (candidate.route.method === method) return { route: candidate.route, params };
      pathMatched = true;
    }
    return pathMatched ? 'method' : undefined;
  }

  byOperation(operation: string): Route | undefined {
    return this.routes.find((r) => r.operation === operation);
  }
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

function matchSegments(candidate: Compiled, parts: readonly string[]): Record<string, string> | undefined {
  if (parts.length !== candidate.segments.length) return undefined;
  const params: Record<string, string> = {};
  let name = 0;
  for (let i = 0; i < parts.length; i++) {
    const expected = candidate.segments[i];
    if (expected === null) {
      if (parts[i] === '') return undefined;
      params[candidate.names[name++]] = safeDecode(parts[i]);
    } else if (expected !== parts[i]) {
      return undefined;
    }
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
