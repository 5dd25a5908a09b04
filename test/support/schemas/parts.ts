/**
 * Building blocks of the response schemas the conformance tests check wire answers against.
 * Written by hand from the public OpenAPI of `algolia/api-clients-automation`
 * (`specs/bundled/*.yml`), in JSON Schema (draft 7) as ajv reads it. Where the emulator
 * follows other evidence than the OpenAPI, the schema says so beside the field and
 * docs/parity-decisions.md holds the source.
 */

export type Schema = Record<string, unknown>;

/** An object whose properties are all listed (`closed`) or that may carry others. */
export function object(properties: Record<string, Schema>, required: readonly string[] = [], closed = true): Schema {
  return { type: 'object', properties, required: [...required], additionalProperties: !closed };
}

/** An object whose values all follow `values` (a map keyed by name). */
export const mapOf = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });

export const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });

export const string: Schema = { type: 'string' };
export const boolean: Schema = { type: 'boolean' };
export const integer: Schema = { type: 'integer' };
export const number: Schema = { type: 'number' };
export const count: Schema = { type: 'integer', minimum: 0 };
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
export const oneOfValues = (...values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });

/** A rate between 0 and 1. */
export const rate: Schema = { type: 'number', minimum: 0, maximum: 1 };

/** ISO 8601 date and time, as every write acknowledgement spells its time. */
export const isoDate: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' };

export const taskID: Schema = { type: 'integer', minimum: 0 };

/** The three write acknowledgements of the search API: a task and the time it was taken. */
export const updatedAtAck = object({ taskID, updatedAt: isoDate }, ['taskID', 'updatedAt']);
export const deletedAtAck = object({ taskID, deletedAt: isoDate }, ['taskID', 'deletedAt']);
export const updatedAtWithObjectID = object({ taskID, updatedAt: isoDate, objectID: string }, [
  'taskID',
  'updatedAt',
  'objectID',
]);

/**
 * The error body every API of the emulator answers: `message` (what was wrong) and `status`.
 * The OpenAPI leaves error objects open (`message`, sometimes `status`); the emulator always
 * sends both, so both are required here.
 */
export const errorBody = object({ message: string, status: integer }, ['message', 'status'], false);

/** One highlighted value. */
export const highlightValue = object(
  {
    value: string,
    matchLevel: oneOfValues('none', 'partial', 'full'),
    matchedWords: arrayOf(string),
    fullyHighlighted: boolean,
  },
  ['value', 'matchLevel', 'matchedWords'],
);
export const snippetValue = object({ value: string, matchLevel: oneOfValues('none', 'partial', 'full') }, [
  'value',
  'matchLevel',
]);

/**
 * The recursive shapes of `_highlightResult` and `_snippetResult` (a value, a list or a map of
 * them, at any depth): registered once under these IDs, referenced with {@link highlightTree}.
 */
export const SHARED: readonly Schema[] = [
  {
    $id: 'highlight-tree.json',
    anyOf: [highlightValue, arrayOf({ $ref: 'highlight-tree.json' }), mapOf({ $ref: 'highlight-tree.json' })],
  },
  {
    $id: 'snippet-tree.json',
    anyOf: [snippetValue, arrayOf({ $ref: 'snippet-tree.json' }), mapOf({ $ref: 'snippet-tree.json' })],
  },
];
export const highlightTree: Schema = { $ref: 'highlight-tree.json' };
export const snippetTree: Schema = { $ref: 'snippet-tree.json' };

/** The fields search and Recommend results share: how exhaustive the counts are, facet counts and stats. */
export const resultFields: Record<string, Schema> = {
  exhaustive: object({
    facetsCount: boolean,
    facetValues: boolean,
    nbHits: boolean,
    rulesMatch: boolean,
    typo: boolean,
  }),
  facets: mapOf(mapOf(integer)),
  facets_stats: mapOf(object({ min: number, max: number, avg: number, sum: number })),
  renderingContent: { type: 'object' },
};

/** What every status of an operation answers: the success schema per status, errors are {@link errorBody}. */
export type OperationSchemas = Readonly<Record<number, Schema>>;
