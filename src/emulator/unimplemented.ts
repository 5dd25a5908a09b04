import { CATALOGUE } from './catalogue';
import { notImplemented } from './errors';
import type { HostFamily, Method } from './request';
import { route, type Acl, type Route } from './route';

const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');

/** The name of each API of the catalogue, as its documentation calls it. */
const API_NAMES: Readonly<Record<string, string>> = {
  search: 'Search',
  recommend: 'Recommend',
  analytics: 'Analytics',
  insights: 'Insights',
  personalization: 'Personalization',
  'query-suggestions': 'Query Suggestions',
  abtesting: 'A/B testing (v2)',
  'abtesting-v3': 'A/B testing (v3)',
  ingestion: 'Ingestion',
  monitoring: 'Monitoring',
  composition: 'Composition',
  'agent-studio': 'Agent Studio',
  'advanced-personalization': 'Advanced Personalization',
};

const apiName = (client: string) => API_NAMES[client] ?? client;

/**
 * A 501 route for every official client operation the table does not serve yet, so a
 * missing feature answers with its name instead of a silent 404 (and the parity report
 * lists it as missing).
 */
export function unimplementedRoutes(served: readonly Route[]): Route[] {
  const taken = new Set(served.map((r) => `${r.host} ${r.method} ${shape(r.path)}`));
  const names = new Set(served.map((r) => r.operation));
  const missing: Route[] = [];
  for (const [client, operation, method, path, host, acl] of CATALOGUE) {
    const key = `${host} ${method} ${shape(path)}`;
    if (taken.has(key)) continue;
    taken.add(key);
    missing.push(
      route({
        operation,
        method,
        path,
        host,
        // The right the real client documents, so a key without it still gets the real 403.
        acl: acl.length === 0 ? 'none' : acl[0] === 'admin' ? 'admin' : () => acl as Acl[],
        call: names.has(operation) ? undefined : {},
        handler: () => {
          throw notImplemented(`${operation} (${apiName(client)} API, ${method} ${path})`, 'see docs/parity.md');
        },
        parity: { status: 'missing', note: 'answers 501' },
      }),
    );
    names.add(operation);
  }
  return missing;
}

/** Hosts that serve no operation of their own: every path there belongs to one unserved API. */
const UNSERVED_HOSTS: Partial<Record<HostFamily, string>> = {
  'advanced-personalization': 'advanced-personalization',
};

/** Path prefixes of unserved APIs that share a served API's hosts. */
const UNSERVED_PREFIXES: readonly { readonly host: HostFamily; readonly prefix: string; readonly client: string }[] = [
  { host: 'search', prefix: '/agent-studio/', client: 'agent-studio' },
];

/**
 * The 501 for a path no route matches on an API the emulator does not serve (an operation
 * newer than the catalogue, or a mistyped one): it names the API, where a served API's host
 * answers 404. `undefined` when the path belongs to a served API.
 */
export function unservedApiError(host: HostFamily, method: Method, path: string): Error | undefined {
  const client =
    UNSERVED_HOSTS[host] ??
    UNSERVED_PREFIXES.find((entry) => entry.host === host && path.startsWith(entry.prefix))?.client;
  if (client === undefined) return undefined;
  return notImplemented(`The ${apiName(client)} API (${method} ${path})`, 'see docs/parity.md');
}
