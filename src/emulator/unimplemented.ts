import { CATALOGUE } from './catalogue';
import { notImplemented } from './errors';
import { route, type Acl, type Route } from './route';

const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');

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
          throw notImplemented(`${operation} (${client} API, ${method} ${path})`, 'see docs/parity.md');
        },
        parity: { status: 'missing', note: 'answers 501' },
      }),
    );
    names.add(operation);
  }
  return missing;
}
