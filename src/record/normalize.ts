import type { HostFamily, Method } from '../emulator/request';
import type { Router } from '../emulator/router';
import type { RecordedExchange } from './format';
import { canonical, compilePath, mapStrings, placesOf, type PathPattern } from './paths';

/** Which side of a comparison an exchange comes from. */
export type Side = 'recorded' | 'emulator';

/** An exchange as normalizers see and rewrite it: a copy, with its route's parameters. */
export interface ExchangeView {
  /** The route's name (`searchSingleIndex`); undefined when no route has the path. */
  readonly operation: string | undefined;
  readonly request: {
    readonly method: string;
    readonly host: HostFamily;
    readonly path: string;
    /** The route's path pattern (`/1/indexes/{indexName}/task/{taskID}`), when one matched. */
    readonly route: string | undefined;
    /** Decoded path parameters: rewrite them here (the path itself is not compared). */
    params: Record<string, string>;
    query: Record<string, string>;
    body: unknown;
  };
  readonly response: { status: number; body: unknown; text: string | undefined };
}

/** What a normalizer shares with the others of its side, for one test. */
export interface NormalizeContext {
  readonly side: Side;
  /** The placeholder of `value` among `kind`: `<kind:N>`, N in order of first appearance. */
  placeholder(kind: string, value: string | number): string;
  /** The placeholder `value` already has among `kind`, if any. */
  known(kind: string, value: string | number): string | undefined;
}

/** Rewrites what legitimately differs between the service and the emulator, on both sides alike. */
export interface Normalizer {
  readonly name: string;
  /** The operations it applies to (route names); every operation when absent. */
  readonly operations?: readonly string[];
  apply(exchange: ExchangeView, context: NormalizeContext): void;
}

/** Options every path normalizer takes. */
export interface NormalizerOptions {
  /** Only these operations (route names: `searchSingleIndex`, `batch`, ...). */
  readonly operations?: readonly string[];
}

type Paths = string | readonly string[];
const patternsOf = (paths: Paths): PathPattern[] => (typeof paths === 'string' ? [paths] : paths).map(compilePath);

/** The JSON roots a path reaches: the request's body and query string, and the answer's body. */
function roots(exchange: ExchangeView): unknown[] {
  return [exchange.request.body, exchange.request.query, exchange.response.body];
}

/** An object or an array, read and written by key or index. */
type Slots = Record<string | number, unknown>;

function eachPlace(
  exchange: ExchangeView,
  patterns: PathPattern[],
  visit: (parent: Slots, key: string | number) => void,
) {
  for (const root of roots(exchange))
    for (const pattern of patterns) for (const { parent, key } of placesOf(root, pattern)) visit(parent as Slots, key);
}

const named = (name: string, options: NormalizerOptions, apply: Normalizer['apply']): Normalizer => ({
  name,
  ...(options.operations ? { operations: options.operations } : {}),
  apply,
});

/** The normalizers you compose: LocalStack's transformers and skip paths, for this emulator. */
export const normalize = {
  /** Drops what `paths` name on both sides (array items become `"<ignored>"`): skip paths. */
  ignore(paths: Paths, options: NormalizerOptions = {}): Normalizer {
    const patterns = patternsOf(paths);
    return named(`ignore ${String(paths)}`, options, (exchange) =>
      eachPlace(exchange, patterns, (parent, key) => {
        if (Array.isArray(parent)) parent[key as number] = '<ignored>';
        else delete parent[key];
      }),
    );
  },

  /** Writes `value` wherever `paths` name something. */
  replace(paths: Paths, value: unknown, options: NormalizerOptions = {}): Normalizer {
    const patterns = patternsOf(paths);
    return named(`replace ${String(paths)}`, options, (exchange) =>
      eachPlace(exchange, patterns, (parent, key) => (parent[key] = value)),
    );
  },

  /**
   * Numbered placeholders (`<name:1>`, `<name:2>`, ...) for the strings and numbers `paths` name,
   * and for the path parameters `params` names: the same value gets the same placeholder for
   * the whole test, so an ID an answer gives and a later request sends back still match.
   */
  placeholder(
    name: string,
    paths: Paths,
    options: NormalizerOptions & { params?: readonly string[] } = {},
  ): Normalizer {
    const patterns = patternsOf(paths);
    const params = options.params ?? [];
    return named(`placeholder ${name}`, options, (exchange, context) => {
      for (const param of params) {
        const value = exchange.request.params[param];
        if (value !== undefined && value !== '') exchange.request.params[param] = context.placeholder(name, value);
      }
      eachPlace(exchange, patterns, (parent, key) => {
        const value = parent[key];
        if ((typeof value === 'string' && value !== '') || typeof value === 'number')
          parent[key] = context.placeholder(name, value);
      });
    });
  },

  /** Replaces what `pattern` finds in every string of the request (query, body) and the answer. */
  pattern(pattern: RegExp, replacement: string, options: NormalizerOptions = {}): Normalizer {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    const rewrite = (text: string) => text.replace(global, replacement);
    return named(`pattern ${pattern}`, options, (exchange) => {
      exchange.request.query = mapStrings(exchange.request.query, rewrite) as Record<string, string>;
      exchange.request.body = mapStrings(exchange.request.body, rewrite);
      exchange.response.body = mapStrings(exchange.response.body, rewrite);
      if (exchange.response.text !== undefined) exchange.response.text = rewrite(exchange.response.text);
    });
  },

  /** Sorts the arrays `paths` name, by the field `by` of their items or by their JSON: order that does not matter. */
  sort(paths: Paths, by?: string, options: NormalizerOptions = {}): Normalizer {
    const patterns = patternsOf(paths);
    const keyOf = (item: unknown) =>
      by !== undefined && item !== null && typeof item === 'object'
        ? canonical((item as Record<string, unknown>)[by])
        : canonical(item);
    return named(`sort ${String(paths)}`, options, (exchange) =>
      eachPlace(exchange, patterns, (parent, key) => {
        const value = parent[key];
        if (Array.isArray(value)) value.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
      }),
    );
  },

  /** Anything else: `apply` rewrites the exchange in place. */
  custom(name: string, apply: Normalizer['apply'], options: NormalizerOptions = {}): Normalizer {
    return named(name, options, apply);
  },
};

/** An ISO 8601 date with a time: the service's and the emulator's clocks never agree. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Object IDs the service generates: `saveObject` without one, batch `addObject` actions without one. */
const generatedObjectIDs: Normalizer = {
  name: 'generatedObjectIDs',
  apply(exchange, context) {
    const { request, response } = exchange;
    const answer = response.body as { objectID?: unknown; objectIDs?: unknown[] } | undefined;
    if (exchange.operation === 'saveObject' && typeof answer?.objectID === 'string') {
      context.placeholder('objectID', answer.objectID);
    } else if (
      (exchange.operation === 'batch' || exchange.operation === 'multipleBatch') &&
      Array.isArray(answer?.objectIDs)
    ) {
      const actions = (request.body as { requests?: { body?: { objectID?: unknown } }[] } | undefined)?.requests ?? [];
      answer.objectIDs.forEach((id, i) => {
        if (typeof id === 'string' && actions[i]?.body?.objectID === undefined) context.placeholder('objectID', id);
      });
    }
    const rewrite = (text: string) => context.known('objectID', text) ?? text;
    const objectID = request.params.objectID;
    if (objectID !== undefined) request.params.objectID = rewrite(objectID);
    request.body = mapStrings(request.body, rewrite);
    response.body = mapStrings(response.body, rewrite);
  },
};

/** The defaults (docs/record-verify.md): what differs between any two runs, on any service. */
export const defaultNormalizers: readonly Normalizer[] = [
  { ...normalize.placeholder('taskID', ['**.taskID', '**.taskID.*'], { params: ['taskID'] }), name: 'taskID' },
  {
    name: 'dates',
    apply(exchange) {
      const date = (text: string) => (ISO_DATE.test(text) ? '<date>' : text);
      exchange.request.body = mapStrings(exchange.request.body, date);
      exchange.response.body = mapStrings(exchange.response.body, date);
      normalize
        .replace(['**.createdAt', '**.updatedAt', '**.deletedAt', '**.lastUpdate'], '<date>')
        .apply(exchange, NO_CONTEXT);
    },
  },
  {
    ...normalize.ignore([
      '**.processingTimeMS',
      '**.processingTimingsMS',
      '**.serverTimeMS',
      '**.serverUsed',
      '**.timeoutCounts',
      '**.timeoutHits',
    ]),
    name: 'timings',
  },
  { ...normalize.placeholder('queryID', '**.queryID'), name: 'queryID' },
  { ...normalize.placeholder('cursor', '**.cursor'), name: 'cursor' },
  { ...normalize.ignore(['**._rankingInfo.userScore', '**._rankingInfo.firstMatchedWord']), name: 'rankingInfo' },
  generatedObjectIDs,
];

const NO_CONTEXT: NormalizeContext = {
  side: 'recorded',
  placeholder: () => {
    throw new Error('unreachable');
  },
  known: () => undefined,
};

/** A normalized exchange, what it is matched on, and which normalizers changed its answer. */
export interface Normalized {
  readonly view: ExchangeView;
  /** Method, host family, route, parameters, query string and body: equal keys, the same request. */
  readonly key: string;
  readonly changedBy: readonly string[];
}

/** Normalizes one side's exchanges of one test, in order (placeholders are numbered in that order). */
export class SideNormalizer {
  private readonly tables = new Map<string, Map<string, string>>();
  readonly context: NormalizeContext;

  constructor(
    side: Side,
    private readonly normalizers: readonly Normalizer[],
    private readonly router: Router,
  ) {
    this.context = {
      side,
      placeholder: (kind, value) => {
        let table = this.tables.get(kind);
        if (!table) this.tables.set(kind, (table = new Map()));
        const text = String(value);
        let name = table.get(text);
        if (name === undefined) table.set(text, (name = `<${kind}:${table.size + 1}>`));
        return name;
      },
      known: (kind, value) => this.tables.get(kind)?.get(String(value)),
    };
  }

  normalize(exchange: RecordedExchange): Normalized {
    const view = viewOf(exchange, this.router);
    const changedBy: string[] = [];
    for (const normalizer of this.normalizers) {
      if (normalizer.operations && !normalizer.operations.includes(view.operation ?? '')) continue;
      const before = canonical(view.response);
      normalizer.apply(view, this.context);
      if (canonical(view.response) !== before) changedBy.push(normalizer.name);
    }
    const { request } = view;
    const key = [
      request.method,
      request.host,
      request.route ?? request.path,
      canonical(request.params),
      canonical(request.query),
      canonical(request.body),
    ].join(' ');
    return { view, key, changedBy };
  }
}

function viewOf(exchange: RecordedExchange, router: Router): ExchangeView {
  const copy = structuredClone(exchange) as RecordedExchange;
  const { request, response } = copy;
  const match = router.match(request.host, request.method as Method, request.path);
  const route = typeof match === 'object' ? match : undefined;
  return {
    operation: route?.route.operation,
    request: {
      method: request.method,
      host: request.host,
      path: request.path,
      route: route?.route.path,
      params: { ...(route?.params ?? {}) },
      query: { ...(request.query ?? {}) },
      body: request.body,
    },
    response: { status: response.status, body: response.body, text: response.text },
  };
}
