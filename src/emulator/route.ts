import type { Core } from './core';
import type { EmulatorRequest, HostFamily, Method } from './request';

/** The rights an API key can hold (spec 000, API key). */
export type Acl =
  | 'search'
  | 'browse'
  | 'addObject'
  | 'deleteObject'
  | 'deleteIndex'
  | 'settings'
  | 'editSettings'
  | 'analytics'
  | 'recommendation'
  | 'usage'
  | 'logs'
  | 'listIndexes'
  | 'seeUnretrievableAttributes'
  | 'inference'
  | 'personalization';

/** Who is calling, as the gate established it. */
export interface Auth {
  readonly admin: boolean;
  /** The API key as sent. */
  readonly apiKey: string;
  readonly acl: ReadonlySet<Acl>;
  /** Index name patterns the key is restricted to (`*` wildcards); undefined = all indices. */
  readonly indexes?: readonly string[];
  /** The `restrictIndices` of the key and of a secured key: the index must match each list too (besides `indexes`). */
  readonly restrictIndices?: readonly (readonly string[])[];
  /** Search parameters forced onto every query made with the key (already decoded). */
  readonly queryParameters?: Readonly<Record<string, string>>;
  readonly maxHitsPerQuery?: number;
  readonly userToken?: string;
  /** The client IP the request is attributed to. */
  readonly ip: string;
  /** `maxQueriesPerIPPerHour` of the key: calls are counted per bucket (key + IP or user token). */
  readonly rateLimit?: { readonly bucket: string; readonly limit: number };
}

/** Everything an operation receives. */
export interface OperationContext {
  readonly core: Core;
  readonly route: Route;
  readonly req: EmulatorRequest;
  /** Decoded path parameters (`indexName`, `objectID`, ...). */
  readonly params: Readonly<Record<string, string>>;
  readonly auth: Auth;
  /**
   * Where an operation says what the answer does not (an accepted value it will not act on as the
   * user may think): the journal keeps them with the request (`JournalEntry.warnings`).
   */
  readonly warnings?: string[];
}

/** A response with a status or headers other than 200 / JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export type Handler = (ctx: OperationContext) => unknown | Promise<unknown>;

/**
 * How a direct call's parameter object becomes a request, as the v5 client builds it:
 * path placeholders are taken from the parameters of the same name, `query` names go to the
 * query string, `body` names the parameter sent as the body (`'$params'`: the whole object).
 */
export interface CallShape {
  readonly query?: readonly string[];
  readonly body?: string;
  /** Parameter name -> header name. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Turns values JSON cannot carry into what the real client sends, before the body is
   * copied as the wire would (a crawler's extractor functions become their source text).
   */
  readonly prepare?: (params: Record<string, any>) => Record<string, any>;
}

export interface Route {
  /** The v5 client's method name; also the direct call's name. */
  readonly operation: string;
  readonly method: Method;
  /** Path pattern with `{param}` placeholders; `*` is a literal segment. */
  readonly path: string;
  readonly host: HostFamily;
  /**
   * The right the key needs: one ACL, several (all needed), `'admin'` (admin key only), `'none'`
   * (the operation checks on its own), or a function of the request (batch: depends on its actions).
   */
  readonly acl: Acl | readonly Acl[] | 'admin' | 'none' | ((ctx: OperationContext) => readonly Acl[]);
  /** Present when the route is offered as a direct call. */
  readonly call?: CallShape;
  readonly handler: Handler;
  /** Whether calls to this route enter the API log (the logs call itself does not). */
  readonly logged?: boolean;
  /** For the parity report: what is missing, when something is. */
  readonly parity?: { readonly status: 'partial' | 'missing'; readonly note: string };
}

/** Declares a route; a function so route files read as tables. */
export const route = (definition: Route): Route => definition;
