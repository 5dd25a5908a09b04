import type { OperationName } from '../direct-calls';
import type { JournalEntry } from './entry';

/**
 * The official v5 client's helpers whose requests the journal and the matchers recognise by
 * the helper's name. A helper sends ordinary requests (`saveObjects` sends `batch`), so its
 * name selects the requests of one operation that have the helper's shape, read as the
 * helper's parameters (docs/testing.md, "Helpers"). A request the application sent by hand
 * with the same shape is indistinguishable on the wire, and is selected too.
 */
export const HELPER_NAMES = [
  'saveObjects',
  'deleteObjects',
  'partialUpdateObjects',
  'chunkedBatch',
  'replaceAllObjects',
  'browseObjects',
  'browseRules',
  'browseSynonyms',
  'waitForTask',
  'waitForAppTask',
  'indexExists',
  'searchForHits',
  'searchForFacets',
  // The ingestion client's and algoliasearch's, through the ingestion API's push.
  'chunkedPush',
  'saveObjectsWithTransformation',
  'partialUpdateObjectsWithTransformation',
  'replaceAllObjectsWithTransformation',
] as const;

export type HelperName = (typeof HELPER_NAMES)[number];

/**
 * A name journal filters and matchers take: a route's (`saveObject`), a helper's
 * (`saveObjects`) or a route's `...WithHTTPInfo` method (the same request).
 */
export type MatchableName = OperationName | HelperName | `${OperationName}WithHTTPInfo`;

/** What a name given to a journal filter or a matcher selects. */
export interface Selection {
  /** The name as given (`saveObjects`, `searchSingleIndexWithHTTPInfo`, `getObject`). */
  readonly name: string;
  /** The route operation whose requests it selects. */
  readonly operation: string;
  /** Which requests of `operation` it selects (`entries`: the journal); all of them when absent. */
  readonly test?: (entry: JournalEntry, entries: readonly JournalEntry[]) => boolean;
  /**
   * The request's parameters as the named call takes them (`saveObjects`: `{ indexName,
   * objects }`); the entry's own `params` (and search queries) when absent. `entries` is the
   * journal, for helpers whose call spans several requests.
   */
  readonly view?: (entry: JournalEntry, entries: readonly JournalEntry[]) => Record<string, unknown>;
}

type Body = Record<string, unknown> | undefined;
type BatchRequest = { action?: unknown; body?: unknown };

const bodyOf = (entry: JournalEntry): Body =>
  entry.body !== null && typeof entry.body === 'object' && !Array.isArray(entry.body)
    ? (entry.body as Body)
    : undefined;

/** A batch request's operations, when it is one a chunking helper sends: every action the same. */
function batchActions(entry: JournalEntry): { action: string; requests: BatchRequest[] } | undefined {
  if (entry.operation === 'push') return pushRecords(entry);
  const requests = bodyOf(entry)?.requests;
  if (!Array.isArray(requests) || requests.length === 0) return undefined;
  const action = (requests[0] as BatchRequest | null)?.action;
  if (typeof action !== 'string') return undefined;
  if (!requests.every((request) => (request as BatchRequest | null)?.action === action)) return undefined;
  return { action, requests: requests as BatchRequest[] };
}

/** A push request's records as a batch's operations: one action for all (`{ action, records }`). */
function pushRecords(entry: JournalEntry): { action: string; requests: BatchRequest[] } | undefined {
  const body = bodyOf(entry);
  if (typeof body?.action !== 'string' || !Array.isArray(body.records)) return undefined;
  return { action: body.action, requests: body.records.map((record) => ({ action: body.action, body: record })) };
}

const objectsOf = (entry: JournalEntry) => batchActions(entry)?.requests.map((request) => request.body) ?? [];

/**
 * `saveObjects`, `deleteObjects`, ...: the `batch` requests whose every action is one of
 * `actions`; the `...WithTransformation` ones and `chunkedPush`: the ingestion API's `push`.
 */
function batchHelper(
  name: string,
  actions: readonly string[],
  view: (entry: JournalEntry) => Record<string, unknown>,
  operation: 'batch' | 'push' = 'batch',
): Selection {
  return {
    name,
    operation,
    test: (entry) => actions.includes(batchActions(entry)?.action ?? ''),
    view,
  };
}

const saveView = (entry: JournalEntry) => ({ indexName: entry.indexName, objects: objectsOf(entry) });
const partialView = (entry: JournalEntry) => ({
  indexName: entry.indexName,
  objects: objectsOf(entry),
  createIfNotExists: batchActions(entry)?.action === 'partialUpdateObject',
});
const PARTIAL = ['partialUpdateObject', 'partialUpdateObjectNoCreate'];
const ONE_ACTION = ['addObject', 'updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject'];

/** `replaceAllObjects`' temporary index: `<indexName>_tmp_<digits>`. */
const TEMPORARY = /^(.*)_tmp_\d+$/;

/** The final move of a `replaceAllObjects`: the temporary index onto the index it replaces. */
function isReplaceMove(entry: JournalEntry): boolean {
  const body = bodyOf(entry);
  const from = TEMPORARY.exec(entry.indexName ?? '');
  return body?.operation === 'move' && from !== null && body.destination === from[1];
}

/** Whether the records of the temporary index `entry` moves went through the ingestion API's push. */
const pushedBefore = (entry: JournalEntry, entries: readonly JournalEntry[]) =>
  entries.some((other) => other.seq < entry.seq && other.operation === 'push' && other.indexName === entry.indexName);

/**
 * A `replaceAllObjects` call as one request, its final move, with what the journal holds of the
 * rest: the records batched into the temporary index and the scopes copied into it.
 */
function replaceView(entry: JournalEntry, entries: readonly JournalEntry[]): Record<string, unknown> {
  const temporary = entry.indexName!;
  const before = entries.filter((other) => other.seq < entry.seq && other.served && other.status < 300);
  const objects = before
    .filter((other) => (other.operation === 'batch' || other.operation === 'push') && other.indexName === temporary)
    .flatMap(objectsOf);
  const copy = before
    .filter((other) => other.operation === 'operationIndex' && bodyOf(other)?.destination === temporary)
    .at(-1);
  const scopes = bodyOf(copy ?? entry)?.scope;
  return {
    indexName: bodyOf(entry)?.destination,
    objects,
    ...(Array.isArray(scopes) ? { scopes } : {}),
  };
}

/** A walk's first page: `page` absent or 0 (each following page asks for the next one). */
const firstPage = (params: unknown) => {
  const page = (params as Body)?.page;
  return page === undefined || page === 0 || page === '0';
};

const published = (entry: JournalEntry) => entry.status === 200 && (entry.response as Body)?.status === 'published';

const taskIDOf = (entry: JournalEntry) => {
  const id = Number(entry.pathParams.taskID);
  return Number.isSafeInteger(id) ? id : entry.pathParams.taskID;
};

const queriesOf = (entry: JournalEntry): unknown[] => {
  const requests = bodyOf(entry)?.requests;
  return Array.isArray(requests) ? requests : [];
};
const queryType = (query: unknown) => (query as Body)?.type ?? 'default';

const HELPERS: Readonly<Record<HelperName, Selection>> = {
  saveObjects: batchHelper('saveObjects', ['addObject'], saveView),
  deleteObjects: batchHelper('deleteObjects', ['deleteObject'], (entry) => ({
    indexName: entry.indexName,
    objectIDs: objectsOf(entry).map((body) => (body as Body)?.objectID),
  })),
  partialUpdateObjects: batchHelper('partialUpdateObjects', PARTIAL, partialView),
  chunkedBatch: batchHelper('chunkedBatch', ONE_ACTION, (entry) => ({
    ...saveView(entry),
    action: batchActions(entry)?.action,
  })),
  replaceAllObjects: {
    name: 'replaceAllObjects',
    operation: 'operationIndex',
    test: (entry, entries) => isReplaceMove(entry) && !pushedBefore(entry, entries),
    view: replaceView,
  },
  browseObjects: {
    name: 'browseObjects',
    operation: 'browse',
    // Every page after the first carries the cursor the previous one answered.
    test: (entry) => (bodyOf(entry)?.cursor ?? entry.query.cursor) === undefined,
  },
  browseRules: { name: 'browseRules', operation: 'searchRules', test: (entry) => firstPage(bodyOf(entry)) },
  browseSynonyms: { name: 'browseSynonyms', operation: 'searchSynonyms', test: (entry) => firstPage(bodyOf(entry)) },
  // A wait ends with the poll that answers `published`: one per wait, however many polls it took.
  waitForTask: {
    name: 'waitForTask',
    operation: 'getTask',
    test: published,
    view: (entry) => ({ indexName: entry.indexName, taskID: taskIDOf(entry) }),
  },
  waitForAppTask: {
    name: 'waitForAppTask',
    operation: 'getAppTask',
    test: published,
    view: (entry) => ({ taskID: taskIDOf(entry) }),
  },
  indexExists: {
    name: 'indexExists',
    operation: 'getSettings',
    view: (entry) => ({ indexName: entry.indexName }),
  },
  searchForHits: {
    name: 'searchForHits',
    operation: 'search',
    test: (entry) => queriesOf(entry).every((query) => queryType(query) === 'default'),
  },
  searchForFacets: {
    name: 'searchForFacets',
    operation: 'search',
    test: (entry) => {
      const queries = queriesOf(entry);
      return queries.length > 0 && queries.every((query) => queryType(query) === 'facet');
    },
  },
  chunkedPush: batchHelper(
    'chunkedPush',
    [...ONE_ACTION, 'delete'],
    (entry) => ({ ...saveView(entry), action: batchActions(entry)?.action }),
    'push',
  ),
  saveObjectsWithTransformation: batchHelper('saveObjectsWithTransformation', ['addObject'], saveView, 'push'),
  partialUpdateObjectsWithTransformation: batchHelper(
    'partialUpdateObjectsWithTransformation',
    PARTIAL,
    partialView,
    'push',
  ),
  replaceAllObjectsWithTransformation: {
    name: 'replaceAllObjectsWithTransformation',
    operation: 'operationIndex',
    test: (entry, entries) => isReplaceMove(entry) && pushedBefore(entry, entries),
    view: replaceView,
  },
};

/** Client methods whose requests have no shape of their own, or that send none: why they cannot be matched. */
const UNMATCHABLE: Readonly<Record<string, string>> = {
  waitForApiKey:
    'polls getApiKey until the key shows the change (added, updated or deleted), and a poll says nothing of which: match "getApiKey" with { key }',
  accountCopyIndex:
    'sends getSettings, searchRules, searchSynonyms and browse to one application and setSettings, saveRules, saveSynonyms and batch to another: match those',
  generateSecuredApiKey: 'runs in the client and sends no request',
  getSecuredApiKeyRemainingValidity: 'runs in the client and sends no request',
  setClientApiKey: 'runs in the client and sends no request',
  clearCache: 'runs in the client and sends no request',
  addAlgoliaAgent: 'runs in the client and sends no request',
};

const WITH_HTTP_INFO = 'WithHTTPInfo';

/**
 * What `name` selects: a helper, a `...WithHTTPInfo` method (the same request as the method
 * without the suffix), or the operation of that name. Throws a TypeError for a client method
 * no request can be matched to, and, given `unknown` (the route table's check), for a name no
 * route or helper has: a filter on it would never match, so `.not` would pass on a typo.
 */
export function selectionOf(name: unknown, unknown?: (name: unknown) => string | undefined): Selection {
  if (typeof name === 'string') {
    if (Object.hasOwn(HELPERS, name)) return HELPERS[name as HelperName];
    if (Object.hasOwn(UNMATCHABLE, name)) throw new TypeError(`"${name}" is a client method that ${UNMATCHABLE[name]}`);
    // No route's name ends so: `getObjectWithHTTPInfo` sends getObject's request.
    if (name.endsWith(WITH_HTTP_INFO)) {
      const base = name.slice(0, -WITH_HTTP_INFO.length);
      if (Object.hasOwn(HELPERS, base)) return { ...HELPERS[base as HelperName], name };
      const why = unknown?.(base);
      if (why !== undefined) throw new TypeError(why);
      return { name, operation: base };
    }
  }
  const why = unknown?.(name);
  if (why !== undefined) throw new TypeError(why);
  return { name: name as string, operation: name as string };
}

/** Whether `entry` is one of the requests `selection` picks (`entries`: the journal it is in). */
export function selects(selection: Selection, entry: JournalEntry, entries: readonly JournalEntry[]): boolean {
  return entry.operation === selection.operation && (selection.test?.(entry, entries) ?? true);
}

/** The names a typo is compared with besides the routes': the helpers and the unmatchable methods, whose errors say more. */
export const CLIENT_METHOD_NAMES: readonly string[] = [...HELPER_NAMES, ...Object.keys(UNMATCHABLE)];

/**
 * A fault scoped to a helper's name: which operation to name instead (faults act on requests,
 * and a helper is several), or undefined when `name` is no helper.
 */
export function helperHint(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  if (Object.hasOwn(HELPERS, name))
    return `"${name}" is a client helper: it sends ${HELPERS[name as HelperName].operation} requests; scope the fault to "${HELPERS[name as HelperName].operation}"`;
  if (Object.hasOwn(UNMATCHABLE, name)) return `"${name}" is a client method that ${UNMATCHABLE[name]}`;
  return undefined;
}
