import { Ajv, type ValidateFunction } from 'ajv';
import { analyticsSchemas } from './analytics';
import { crawlerSchemas } from './crawler';
import { insightsSchemas } from './insights';
import { errorBody, SHARED, type OperationSchemas } from './parts';
import { personalizationSchemas } from './personalization';
import { suggestionsSchemas } from './query-suggestions';
import { recommendSchemas } from './recommend';
import { searchSchemas } from './search';

/** Every operation with a hand-written response schema, by the route table's operation name. */
export const SCHEMAS: Readonly<Record<string, OperationSchemas>> = {
  ...searchSchemas,
  ...recommendSchemas,
  ...analyticsSchemas,
  ...insightsSchemas,
  ...personalizationSchemas,
  ...suggestionsSchemas,
  ...crawlerSchemas,
};

const ajv = new Ajv({ allErrors: true, strict: true, schemas: [...SHARED] });
const compiled = new Map<unknown, ValidateFunction>();
const validator = (schema: object) => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
};

/**
 * What is wrong with an answer of `operation`: an empty list when it conforms, `undefined`
 * when no schema covers the operation. A 2xx must be a status the schemas document and match
 * its schema; an error of any operation must be an error body (`{ message, status }`).
 */
export function violations(operation: string, status: number, body: unknown): string[] | undefined {
  const documented = SCHEMAS[operation];
  let schema: object | undefined;
  if (status >= 400) schema = errorBody;
  else if (documented) {
    schema = documented[status];
    if (!schema) return [`status ${status} is not documented (documented: ${Object.keys(documented).join(', ')})`];
  }
  if (!schema) return undefined;
  const validate = validator(schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim());
}

/** Throws, naming every violation, unless the answer conforms (an operation without a schema throws too). */
export function expectConforms(operation: string, status: number, body: unknown): void {
  const found = violations(operation, status, body);
  if (found === undefined) throw new Error(`no schema for ${operation}`);
  if (found.length > 0) throw new Error(`${operation} ${status} does not conform:\n  ${found.join('\n  ')}`);
}
