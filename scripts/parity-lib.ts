import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Route } from '../src';
import type { HostFamily } from '../src';
import { CATALOGUE } from '../src/emulator/catalogue';
import { initName, routesByClient } from '../src/emulator/facade';
import { SPEC_001_OPERATIONS, SPEC_DIFFERENCES } from '../src/emulator/crawler/differences';

/** One operation of an official v5 client: its method name, HTTP method and path. */
export interface ClientOperation {
  client: string;
  operation: string;
  method: string;
  path: string;
  /** The rights the client's documentation lists (`admin` for admin-only operations). */
  acl: string[];
}

/**
 * The official clients the emulator answers for, the host family that serves each, and the
 * client's type the direct calls take their signatures from (none: loose signatures).
 */
export const CLIENTS: { client: string; pkg: string; host: HostFamily; type?: string }[] = [
  { client: 'search', pkg: '@algolia/client-search', host: 'search', type: 'SearchClient' },
  { client: 'recommend', pkg: '@algolia/recommend', host: 'search', type: 'RecommendClient' },
  { client: 'analytics', pkg: '@algolia/client-analytics', host: 'analytics', type: 'AnalyticsClient' },
  { client: 'insights', pkg: '@algolia/client-insights', host: 'insights', type: 'InsightsClient' },
  {
    client: 'personalization',
    pkg: '@algolia/client-personalization',
    host: 'personalization',
    type: 'PersonalizationClient',
  },
  {
    client: 'query-suggestions',
    pkg: '@algolia/client-query-suggestions',
    host: 'suggestions',
    type: 'QuerySuggestionsClient',
  },
  // The platform's other APIs: every operation answers 501 naming its API.
  { client: 'abtesting', pkg: '@algolia/client-abtesting', host: 'analytics' },
  { client: 'abtesting-v3', pkg: '@algolia/abtesting', host: 'analytics' },
  { client: 'ingestion', pkg: '@algolia/ingestion', host: 'ingestion' },
  { client: 'monitoring', pkg: '@algolia/monitoring', host: 'monitoring' },
];

/**
 * APIs with no JavaScript client on npm: their operations come from the public OpenAPI specs
 * (the bundled spec of `algolia/api-clients-automation`) when `scripts/catalogue.ts` runs, and
 * the report reads them back from the generated catalogue. `prefix` is the path the API's
 * base URL adds (agent studio answers under `https://{appId}.algolia.net/agent-studio`).
 */
export const SPEC_APIS: { client: string; spec: string; host: HostFamily; prefix: string }[] = [
  { client: 'composition', spec: 'composition', host: 'search', prefix: '' },
  { client: 'agent-studio', spec: 'agent-studio', host: 'search', prefix: '/agent-studio' },
  {
    client: 'advanced-personalization',
    spec: 'advanced-personalization',
    host: 'advanced-personalization',
    prefix: '',
  },
];

/** Where the bare mirror of `algolia/api-clients-automation` is (`API_CLIENTS_MIRROR` overrides). */
const MIRROR = process.env.API_CLIENTS_MIRROR ?? '/work/.mirror/algolia+api-clients-automation/repo';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/**
 * Reads the operations of a bundled OpenAPI spec: each path's methods with their
 * `operationId` and `x-acl`. The bundled specs are regular YAML (two spaces per level), so
 * reading the `paths:` block by indentation is enough. Client helpers (`x-helper`) and the
 * generic `custom*` requests are left out, as for the installed clients.
 */
export function specOperations(client: string, spec: string, prefix: string): ClientOperation[] {
  const text = execFileSync('git', ['-C', MIRROR, 'show', `HEAD:specs/bundled/${spec}.yml`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const operations: ClientOperation[] = [];
  let inPaths = false;
  let path: string | undefined;
  let current: (ClientOperation & { helper?: boolean }) | undefined;
  let readingAcl = false;
  const flush = () => {
    if (current && !current.helper && current.operation && !current.operation.startsWith('custom'))
      operations.push({
        client,
        operation: current.operation,
        method: current.method,
        path: current.path,
        acl: current.acl,
      });
    current = undefined;
  };
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) {
      flush();
      inPaths = line === 'paths:';
      continue;
    }
    if (!inPaths) continue;
    const pathLine = /^ {2}(\/\S*):\s*$/.exec(line);
    if (pathLine) {
      flush();
      path = pathLine[1];
      continue;
    }
    const methodLine = /^ {4}(\w+):\s*$/.exec(line);
    if (methodLine) {
      flush();
      if (path !== undefined && HTTP_METHODS.has(methodLine[1]))
        current = { client, operation: '', method: methodLine[1].toUpperCase(), path: prefix + path, acl: [] };
      continue;
    }
    if (!current) continue;
    const field = /^ {6}([\w-]+):\s*(.*)$/.exec(line);
    if (field) {
      readingAcl = field[1] === 'x-acl' && field[2] === '';
      if (field[1] === 'operationId') current.operation = field[2].trim();
      if (field[1] === 'x-helper' && field[2].trim() === 'true') current.helper = true;
      continue;
    }
    const item = /^ {8}- (\w+)\s*$/.exec(line);
    if (readingAcl && item) current.acl.push(item[1]);
    else if (!/^ {8}/.test(line)) readingAcl = false;
  }
  flush();
  return operations;
}

/** Every operation the parity report lists: the installed clients', then the spec-only APIs' (from the catalogue). */
export function officialOperations(): (ClientOperation & { host: HostFamily })[] {
  const installed = CLIENTS.flatMap(({ client, pkg, host }) =>
    clientOperations(client, pkg).map((op) => ({ ...op, host })),
  );
  const fromSpecs = SPEC_APIS.flatMap(({ client }) =>
    CATALOGUE.filter((row) => row[0] === client).map(([, operation, method, path, host, acl]) => ({
      client,
      operation,
      method,
      path,
      acl: [...acl],
      host,
    })),
  );
  return [...installed, ...fromSpecs];
}

const require = createRequire(import.meta.url);

/** Reads the operations out of an installed client build (method name, HTTP method, path). */
export function clientOperations(client: string, pkg: string): ClientOperation[] {
  // The packages do not export package.json: find the build next to their main entry.
  const entry = require.resolve(pkg, { paths: [process.cwd()] });
  const source = readFileSync(join(dirname(entry), 'node.js'), 'utf8');
  const operations: ClientOperation[] = [];
  const method = /\n {4}(\w+)\([^)]*\)\s*\{([\s\S]*?)\n {4}\},?\n/g;
  for (let m = method.exec(source); m; m = method.exec(source)) {
    const [, operation, body] = m;
    if (operation.endsWith('WithHTTPInfo') || operation.startsWith('custom')) continue;
    const http = /method: "(\w+)"/.exec(body)?.[1];
    const path = /requestPath = "([^"]+)"/.exec(body)?.[1];
    const doc = source.slice(source.lastIndexOf('/**', m.index), m.index);
    const acl = /Required API Key ACLs:((?:\s*\*\s+- \w+)+)/.exec(doc)?.[1].match(/\w+/g) ?? [];
    if (http && path) operations.push({ client, operation, method: http, path, acl });
  }
  return operations;
}

const normalize = (path: string) => path.replace(/\{\w+\}/g, '{}');

/**
 * Where the emulator chose, or differs from the real service on purpose: one line each, with
 * the page that explains it.
 */
const NOTES: readonly string[] = [
  'Request bodies may nest arrays and objects 100 levels at most (records included); deeper answers 400 on every route. The service documents no limit below its record size (docs/requests.md).',
  'Insights accepts an event whatever its `queryID`, as the service does; click and conversion analytics count it only when a search returned the ID and the event is within 1 hour of it (docs/analytics.md).',
  'Analytics keep days for 90 days (`analyticsRetention`); days past the 4-day event limit are folded into per-day tallies, and `deleteUserToken` does not reach them (docs/analytics.md).',
  '`getPatternsFields` needs no right, as its OpenAPI operation declares (`security: []`); the emulator still checks the application ID and key (docs/analytics.md).',
  'A secured API key only narrows its parent key: filters combine with AND, `restrictIndices` intersect, `validUntil` must be whole seconds (docs/security.md).',
  'Advanced personalization and agent studio answer 501 naming the API, on their real hosts and paths (docs/requests.md).',
  "Ingestion: pushes and task runs go through the destination's transformations (run in the crawler's sandbox) into the index on the clock; json, csv, algoliaIndex and push sources run, other connectors answer 501 naming the connector (docs/ingestion.md).",
  'Each API is also reached apart as `emulator.init<Api>()` (`initAbtestingV3()`, `initMonitoring()`, `initComposition()`), as the v5 client does; names two APIs share (`getABTest`, `getStatus`, `search`) are only there for the second one.',
  "A/B tests split searches by a hash of the user and a seeded salt; their results come from the emulator's own searches and insights events (docs/abtesting.md). Monitoring reports faults injected on the search hosts as incidents (docs/monitoring.md).",
];

/** The parity report: every official operation, implemented, partial or missing. */
export function parityReport(routes: readonly Route[]): string {
  const lines = [
    '# Parity report',
    '',
    'Generated by `npm run parity` from the route table and the installed official v5 clients',
    '(composition, agent studio and advanced personalization, which have no client on npm: from',
    'their public OpenAPI specs, through `src/emulator/catalogue.ts`); a test fails when this file',
    'is out of date.',
    '',
    '| client | operation | method | path | status | note |',
    '|---|---|---|---|---|---|',
  ];
  const counts = { implemented: 0, partial: 0, missing: 0 };
  const operations = officialOperations();
  for (const op of operations) {
    const route = routes.find(
      (r) => r.host === op.host && r.method === op.method && normalize(r.path) === normalize(op.path),
    );
    const status = !route
      ? 'missing'
      : route.parity?.status === 'missing'
        ? 'missing'
        : route.parity
          ? 'partial'
          : 'implemented';
    counts[status]++;
    const note = route?.parity?.note ?? (route ? '' : 'no route: answers 404');
    lines.push(`| ${op.client} | \`${op.operation}\` | ${op.method} | \`${op.path}\` | ${status} | ${note} |`);
  }
  const official = new Set(operations.map((o) => `${o.method} ${normalize(o.path)}`));
  const extra = routes.filter((r) => r.host !== 'crawler' && !official.has(`${r.method} ${normalize(r.path)}`));
  if (extra.length > 0) {
    lines.push(
      '',
      '## Routes of the spec that the v5 clients do not call',
      '',
      '| operation | method | path | status |',
      '|---|---|---|---|',
    );
    for (const r of extra)
      lines.push(`| \`${r.operation}\` | ${r.method} | \`${r.path}\` | ${r.parity?.status ?? 'implemented'} |`);
  }
  lines.push(...crawlerSection(routes, counts));
  lines.push('', `Totals: ${counts.implemented} implemented, ${counts.partial} partial, ${counts.missing} missing.`);
  lines.push('', '## Decisions and deviations', '', ...NOTES.map((note) => `- ${note}`), '');
  // The search fidelity decisions, each with its sources, hand-written in their own file.
  lines.push(readFileSync(new URL('../docs/parity-decisions.md', import.meta.url), 'utf8'));
  return lines.join('\n');
}

/**
 * The crawler API has no official npm client: its rows come from the route table (spec 001's
 * operations and the live OpenAPI's extras), then the differences between the two documents.
 */
function crawlerSection(
  routes: readonly Route[],
  counts: Record<'implemented' | 'partial' | 'missing', number>,
): string[] {
  const lines = [
    '',
    '## Crawler API (no official npm client: rows from the route table)',
    '',
    '| operation | method | path | source | status | note |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of routes.filter((route) => route.host === 'crawler')) {
    const status = r.parity?.status ?? 'implemented';
    counts[status]++;
    const source = SPEC_001_OPERATIONS.has(r.operation) ? 'spec 001' : 'live OpenAPI';
    lines.push(
      `| \`${r.operation}\` | ${r.method} | \`${r.path}\` | ${source} | ${status} | ${r.parity?.note ?? ''} |`,
    );
  }
  lines.push(
    '',
    '### Spec 001 and the live crawler OpenAPI differ',
    '',
    '| topic | spec 001 | live OpenAPI | emulator |',
    '|---|---|---|---|',
  );
  for (const d of SPEC_DIFFERENCES) lines.push(`| ${d.topic} | ${d.spec} | ${d.live} | ${d.emulator} |`);
  return lines;
}

/**
 * One `init<Api>()` member per official client but search (as the v5 client's `initAbtestingV3()`
 * gives that API's own client): every routed operation of the API, typed as its client's method
 * when the client names a type, loose otherwise.
 */
function initMembers(routes: readonly Route[]): string[] {
  const members: string[] = [];
  for (const [client, owned] of routesByClient(routes)) {
    const names = [...new Set(owned.map((r) => r.operation))].sort();
    const typed = CLIENTS.find((entry) => entry.client === client)?.type;
    const pkg = CLIENTS.find((entry) => entry.client === client)?.pkg;
    const shape = typed
      ? `Pick<import('${pkg}').${typed}, ${names.map((name) => `'${name}'`).join(' | ')}>`
      : `{ ${names.map((name) => `${name}: LooseCall`).join('; ')} }`;
    members.push(
      `  /** The ${client} API's direct calls apart, as the v5 client's \`${initName(client)}()\` gives them. */`,
      `  ${initName(client)}(): ${shape};`,
    );
  }
  return members;
}

/**
 * src/emulator/direct-calls.ts: the `DirectCalls` interface, one member per routed operation
 * that has a direct call, typed as the official v5 client's method of the same name (the
 * client packages are a type-only dependency). Operations no client has get a loose signature.
 * Also `OperationName`, every name the route table has: what journal filters, matchers and
 * faults take, so a misspelt name fails to compile.
 */
export function directCallsSource(routes: readonly Route[]): string {
  const everyName = [...new Set(routes.map((r) => r.operation))].sort();
  const operations = [...new Set(routes.filter((r) => r.call).map((r) => r.operation))].sort();
  const typed = new Set<string>();
  const imports: string[] = [];
  const unions: string[] = [];
  const picks: string[] = [];
  for (const { client, pkg, type } of CLIENTS) {
    if (type === undefined) continue;
    const known = new Set(clientOperations(client, pkg).map((o) => o.operation));
    const names = operations.filter((operation) => known.has(operation) && !typed.has(operation));
    if (names.length === 0) continue;
    names.forEach((name) => typed.add(name));
    const union = type.replace(/Client$/, 'Operations');
    imports.push(`import type { ${type} } from '${pkg}';`);
    unions.push(
      `/** The operations of \`${pkg}\` the emulator routes. */\ntype ${union} =\n${names.map((name) => `  | '${name}'`).join('\n')};\n`,
    );
    picks.push(`Pick<${type}, ${union}>`);
  }
  const loose = operations.filter((operation) => !typed.has(operation));
  const looseNote =
    loose.length === 0
      ? ''
      : '\n * Operations no installed official client has (the crawler, the APIs answering 501) are loose.';
  const members = [...loose.map((name) => `  ${name}: LooseCall;`), ...initMembers(routes)];
  const body = members.length === 0 ? '' : `\n${members.join('\n')}\n`;
  const looseImport = members.length === 0 ? '' : "\nimport type { LooseCall } from './facade';";
  return `// Generated by \`npm run parity\` from the route table and the installed official v5 clients.
${imports.sort().join('\n')}${looseImport}

${unions.join('\n')}
/**
 * The direct calls (\`emulator.<operation>\`): every routed operation, typed as the official
 * v5 client's method of the same name, with the same parameters, response and generics
 * (\`searchSingleIndex<Hit>\`).${looseNote}
 */
export interface DirectCalls
  extends ${picks.join(',\n    ')} {${body}}

/** Every operation the route table names (with a direct call or not): journal filters, matchers and faults take these. */
export type OperationName =
${everyName.map((name) => `  | '${name}'`).join('\n')};
`;
}
