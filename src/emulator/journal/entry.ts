import type { DispatchEvent } from '../core';
import type { Route } from '../route';
import { hostnameOf } from '../faults/faults';
import type { AppliedFault } from '../faults/spec';
import { readCredential, type EmulatorRequest, type HostFamily, type Method, type Surface } from '../request';
import { callParams, searchQueries, type JournalQuery } from './params';

/**
 * One request as the emulator saw it. What costs work to read (parameters, queries, events)
 * is worked out on first read: most entries are never read.
 */
export class JournalEntry {
  /** Position in the journal since the emulator was created or reset (1 for the first request). */
  readonly seq: number;
  /** Emulator clock time (epoch ms) when the request arrived. */
  readonly at: number;
  /** The route table's name of the operation (`'searchSingleIndex'`); undefined when no route matched. */
  readonly operation: string | undefined;
  readonly host: HostFamily;
  readonly method: Method;
  /**
   * Where it came from: `direct` (direct calls, helpers and `emulator.request()`: the test's own
   * calls), `msw`, `requester` or `server` (the application's traffic).
   */
  readonly surface: Surface;
  /** The path as sent (URL-encoded), without query string. */
  readonly path: string;
  /** Decoded path parameters (`indexName`, `objectID`, ...). */
  readonly pathParams: Readonly<Record<string, string>>;
  /** The parsed JSON body as sent; undefined when there was none. */
  readonly body: unknown;
  /** The answer's status; 0 when the connection failed (a host down, the firewall, a connect timeout). */
  readonly status: number;
  /** The answer's body. */
  readonly response: unknown;
  /** Whether the operation ran (false: a fault or the firewall stopped the request first). */
  readonly served: boolean;
  /** The fault injected into the request, if any. */
  readonly fault: AppliedFault | undefined;
  /** What the emulator warned about this request (an event timestamped after its clock, ...); empty mostly. */
  readonly warnings: readonly string[];
  readonly #req: EmulatorRequest;
  // The route, not the event: the event holds the response, whose text a journal need not keep.
  readonly #route: Route | undefined;
  #params: Readonly<Record<string, unknown>> | undefined;
  #queries: readonly JournalQuery[] | null | undefined;

  constructor(seq: number, event: DispatchEvent) {
    const { req, res, route } = event;
    this.seq = seq;
    this.at = event.at;
    this.operation = route?.operation;
    this.host = req.host;
    this.method = req.method;
    this.surface = req.surface ?? 'direct';
    this.path = req.path;
    this.pathParams = event.params ?? {};
    this.body = req.body;
    this.status = res.status;
    this.response = res.body;
    this.served = event.served;
    this.fault = event.fault;
    this.warnings = event.warnings ?? [];
    this.#req = req;
    this.#route = route;
  }

  /** The host name the request was sent to (msw, a server); undefined for direct calls. */
  get hostname(): string | undefined {
    return hostnameOf(this.#req);
  }

  /** The query string as sent (decoded), credentials included. */
  get query(): Readonly<Record<string, string>> {
    return this.#req.query;
  }

  /** The API key the request carried (header or query string, either spelling). */
  get apiKey(): string | undefined {
    return readCredential(this.#req, 'api-key');
  }

  /** The index named in the path; undefined for `*` and for routes without one. */
  get indexName(): string | undefined {
    const name = this.pathParams.indexName;
    return name === '*' ? undefined : name;
  }

  /**
   * The parameters of the official client's call the request stands for: `{ indexName, body }`
   * for `saveObject`, `{ indexName, searchParams }` for `searchSingleIndex`, `{ requests }` for
   * `search`, `{ events }` for `pushEvents` (see docs/testing.md).
   */
  get params(): Readonly<Record<string, unknown>> {
    return (this.#params ??= callParams(this.#route, this.pathParams, this.#req));
  }

  /** For searches (`searchSingleIndex`, `search`, `browse`): each query's index and decoded parameters. */
  get queries(): readonly JournalQuery[] | undefined {
    if (this.#queries === undefined) this.#queries = searchQueries(this.#route, this.pathParams, this.#req) ?? null;
    return this.#queries ?? undefined;
  }

  /** For `pushEvents`: the events sent, accepted or not. */
  get events(): readonly Readonly<Record<string, unknown>>[] | undefined {
    if (this.operation !== 'pushEvents') return undefined;
    const events = (this.body as { events?: unknown } | undefined)?.events;
    return Array.isArray(events) ? events : [];
  }

  /** Every index the request names: the path's, and those of its queries or batched requests. */
  get indexNames(): readonly string[] {
    const names = new Set<string>();
    if (this.indexName !== undefined) names.add(this.indexName);
    const requests = (this.body as { requests?: unknown } | undefined)?.requests;
    if (Array.isArray(requests)) {
      for (const request of requests) {
        const name = (request as { indexName?: unknown } | null)?.indexName;
        if (typeof name === 'string') names.add(name);
      }
    }
    return [...names];
  }

  /** A one-line summary: `#3 searchSingleIndex POST /1/indexes/products/query -> 200`. */
  toString(): string {
    const fault = this.fault ? ` (fault: ${this.fault.kind}${this.fault.phase ? ` ${this.fault.phase}` : ''})` : '';
    return `#${this.seq} ${this.operation ?? '(no route)'} ${this.method} ${this.path} -> ${this.status}${fault}`;
  }

  /** A plain copy for snapshots and logs. */
  toJSON(): Record<string, unknown> {
    return {
      seq: this.seq,
      at: this.at,
      operation: this.operation,
      host: this.host,
      hostname: this.hostname,
      surface: this.surface,
      method: this.method,
      path: this.path,
      params: this.params,
      ...(this.queries ? { queries: this.queries } : {}),
      apiKey: this.apiKey,
      status: this.status,
      response: this.response,
      served: this.served,
      ...(this.fault ? { fault: this.fault } : {}),
      ...(this.warnings.length > 0 ? { warnings: this.warnings } : {}),
    };
  }
}
