import {
  arrayOf,
  boolean,
  count,
  deletedAtAck,
  highlightTree,
  integer,
  isoDate,
  mapOf,
  resultFields,
  object,
  oneOfValues,
  snippetTree,
  string,
  taskID,
  updatedAtAck,
  updatedAtWithObjectID,
  type OperationSchemas,
  type Schema,
} from './parts';

/** A record as search answers it: any attributes, `objectID` always, highlight trees when asked. */
const hit = object(
  { objectID: string, _highlightResult: mapOf(highlightTree), _snippetResult: mapOf(snippetTree), _rankingInfo: {} },
  ['objectID'],
  false,
);

/** One result of a query (search, browse): open, as the OpenAPI leaves it, with the fields it types checked. */
const searchResult = object(
  {
    hits: arrayOf(hit),
    nbHits: count,
    page: count,
    nbPages: count,
    hitsPerPage: { type: 'integer', minimum: 0, maximum: 1000 },
    processingTimeMS: count,
    query: string,
    params: string,
    index: string,
    queryID: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    exhaustiveNbHits: boolean,
    exhaustiveTypo: boolean,
    ...resultFields,
    cursor: string,
  },
  ['hits', 'nbHits', 'page', 'nbPages', 'hitsPerPage', 'processingTimeMS', 'query', 'params'],
  false,
);

const facetHits = object(
  {
    facetHits: arrayOf(
      object({ value: string, highlighted: string, count: integer }, ['value', 'highlighted', 'count']),
    ),
    exhaustiveFacetsCount: boolean,
    processingTimeMS: count,
  },
  ['facetHits', 'exhaustiveFacetsCount'],
);

/** One index of `listIndices`: closed, `numberOfPendingTasks` in the plural only. */
const indexEntry = object(
  {
    name: string,
    createdAt: string,
    updatedAt: string,
    entries: count,
    dataSize: count,
    fileSize: count,
    lastBuildTimeS: count,
    numberOfPendingTasks: count,
    pendingTask: boolean,
    primary: string,
    replicas: arrayOf(string),
    virtual: boolean,
  },
  [
    'name',
    'createdAt',
    'updatedAt',
    'entries',
    'dataSize',
    'fileSize',
    'lastBuildTimeS',
    'pendingTask',
    'numberOfPendingTasks',
  ],
);

/** Index settings: open (many settings), the common ones typed; unset settings are absent, never `null`. */
const settingsValue: Schema = { not: { type: 'null' } };
const settings = {
  type: 'object',
  additionalProperties: settingsValue,
  properties: {
    attributesForFaceting: arrayOf(string),
    searchableAttributes: arrayOf(string),
    replicas: arrayOf(string),
    ranking: arrayOf(string),
    customRanking: arrayOf(string),
    hitsPerPage: integer,
    paginationLimitedTo: integer,
    maxValuesPerFacet: integer,
    queryLanguages: arrayOf(string),
    decompoundedAttributes: { type: 'object' },
  },
};

const mappingFields = { userID: string, clusterName: string, nbRecords: count, dataSize: count };
const userMapping = object(mappingFields, Object.keys(mappingFields));

export const searchSchemas: Readonly<Record<string, OperationSchemas>> = {
  // The OpenAPI documents 201 Created for this route only (api-clients-automation #2374).
  saveObject: { 201: object({ createdAt: isoDate, taskID, objectID: string }, ['taskID', 'createdAt']) },
  addOrUpdateObject: { 200: updatedAtWithObjectID },
  partialUpdateObject: { 200: updatedAtWithObjectID },
  deleteObject: { 200: deletedAtAck },
  // `updatedAt`, not `deletedAt` (api-clients-automation #4107, fixed after a live answer).
  deleteBy: { 200: updatedAtAck },
  clearObjects: { 200: updatedAtAck },
  batch: { 200: object({ taskID, objectIDs: arrayOf(string) }, ['taskID', 'objectIDs']) },
  getObject: { 200: object({ objectID: string }, ['objectID'], false) },
  // Without `objectID` (api-clients-automation #4170, fixed after a live answer).
  saveRule: { 200: updatedAtAck },
  saveRules: { 200: updatedAtAck },
  deleteRule: { 200: updatedAtAck },
  saveSynonym: { 200: object({ taskID, updatedAt: isoDate, id: string }, ['taskID', 'updatedAt', 'id']) },
  deleteSynonym: { 200: deletedAtAck },
  setSettings: { 200: updatedAtAck },
  getSettings: { 200: settings },
  deleteIndex: { 200: deletedAtAck },
  operationIndex: { 200: updatedAtAck },
  // `pendingTask` beside `status`: spec 000 lists it (deprecated); the OpenAPI draws `status` alone.
  getTask: { 200: object({ status: oneOfValues('published', 'notPublished'), pendingTask: boolean }, ['status']) },
  listIndices: { 200: object({ items: arrayOf(indexEntry), nbPages: integer }, ['items']) },
  searchSingleIndex: { 200: searchResult },
  browse: { 200: searchResult },
  search: { 200: object({ results: arrayOf({ anyOf: [searchResult, facetHits] }) }, ['results']) },
  searchForFacetValues: { 200: facetHits },
  assignUserId: { 200: object({ createdAt: isoDate }, ['createdAt']) },
  getUserId: { 200: userMapping },
  searchUserIds: {
    200: object(
      {
        hits: arrayOf(
          object(
            {
              ...mappingFields,
              objectID: string,
              _highlightResult: object({ userID: highlightTree, clusterName: highlightTree }, [
                'userID',
                'clusterName',
              ]),
            },
            ['userID', 'clusterName', 'nbRecords', 'dataSize', 'objectID', '_highlightResult'],
          ),
        ),
        nbHits: count,
        page: count,
        hitsPerPage: { type: 'integer', minimum: 1, maximum: 1000 },
        // A Unix time in seconds, as spec 000 and the v4 client type it (the OpenAPI reuses its date string).
        updatedAt: integer,
      },
      ['hits', 'nbHits', 'page', 'hitsPerPage', 'updatedAt'],
    ),
  },
};
