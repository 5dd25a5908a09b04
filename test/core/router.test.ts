import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HostFamily, Method } from '../../src/emulator/request';
import type { Route } from '../../src/emulator/route';
import { Router } from '../../src/emulator/router';
import { routes } from '../../src/emulator/routes';

/** The plain reading of the table: every route in specificity order, the first whose path and method match. */
function scan(table: readonly Route[], host: HostFamily, method: Method, rawPath: string) {
  const compiled = table
    .map((route) => ({
      route,
      segments: route.path.split('/').map((segment) => {
        const placeholder = /^\{(\w+)\}$/.exec(segment);
        return placeholder ? { name: placeholder[1] } : segment;
      }),
    }))
    .sort((a, b) => {
      if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
      for (let i = 0; i < a.segments.length; i++) {
        const literalA = typeof a.segments[i] === 'string';
        if (literalA !== (typeof b.segments[i] === 'string')) return literalA ? -1 : 1;
      }
      return 0;
    });
  const parts = rawPath.replace(/\/+$/, '').split('/');
  let pathMatched = false;
  for (const { route, segments } of compiled) {
    if (route.host !== host || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = segments.every((segment, i) => {
      if (typeof segment === 'string') return segment === parts[i];
      if (parts[i] === '') return false;
      try {
        params[segment.name] = decodeURIComponent(parts[i]);
      } catch {
        params[segment.name] = parts[i];
      }
      return true;
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    pathMatched = true;
  }
  return pathMatched ? 'method' : undefined;
}

const methods: Method[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const value = fc.oneof(
  fc.constantFrom('', 'products', 'settings', 'query', '*', '%E2%9C%93', '%E0%A4%A', 'a/b', 'batch'),
  fc.string({ maxLength: 6 }),
);

/** A path of the table with its placeholders filled (or a literal changed), a method, and maybe trailing slashes. */
const request = fc
  .record({
    route: fc.constantFrom(...routes),
    values: fc.array(value, { minLength: 8, maxLength: 8 }),
    replaceLiteral: fc.option(fc.tuple(fc.nat(), value), { nil: undefined }),
    method: fc.constantFrom(...methods),
    sameMethod: fc.boolean(),
    slashes: fc.constantFrom('', '/', '//'),
  })
  .map(({ route, values, replaceLiteral, method, sameMethod, slashes }) => {
    let n = 0;
    const segments = route.path.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? values[n++] : segment));
    if (replaceLiteral) segments[1 + (replaceLiteral[0] % (segments.length - 1))] = replaceLiteral[1];
    return { host: route.host, method: sameMethod ? route.method : method, path: segments.join('/') + slashes };
  });

describe('Router', () => {
  it('answers as a plain scan of the table, first call or remembered, past the number of answers it keeps', () => {
    const router = new Router(routes);
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 60 }), (requests) => {
        for (const { host, method, path } of requests) {
          const expected = scan(routes, host, method, path);
          expect(router.match(host, method, path)).toEqual(expected);
          expect(router.match(host, method, path)).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('shares an answer only frozen', () => {
    const router = new Router(routes);
    const match = router.match('search', 'POST', '/1/indexes/products/query');
    expect(match).toMatchObject({ params: { indexName: 'products' } });
    expect(Object.isFrozen(match) && typeof match === 'object' && Object.isFrozen(match.params)).toBe(true);
  });
});
