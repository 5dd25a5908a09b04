import { badRequest } from '../../errors';

const FLAGS = ['enableCategoriesRetrieval', 'enableAutoFiltering'] as const;

/** Checks the request's `extensions` (AI features): `queryCategorization` holds boolean flags. */
export function checkExtensions(extensions: Readonly<Record<string, unknown>>): void {
  const categorization = extensions.queryCategorization;
  if (categorization === undefined || categorization === null) return;
  if (typeof categorization !== 'object' || Array.isArray(categorization)) {
    throw badRequest('Invalid value for parameter `extensions.queryCategorization`: expected an object');
  }
  for (const name of FLAGS) {
    const value = (categorization as Record<string, unknown>)[name];
    if (value !== undefined && typeof value !== 'boolean') {
      throw badRequest(`Invalid value for parameter \`extensions.queryCategorization.${name}\`: expected a boolean`);
    }
  }
}

/**
 * The response's `extensions` for the request's (checked) `extensions`, or undefined. Query
 * categorization with `enableCategoriesRetrieval` answers `queryCategorization: {}`: the
 * emulator has no categorization model, and the service leaves the object empty when its
 * model cannot categorize a query (as in the CTS recording "withQueryCategorization").
 */
export function responseExtensions(extensions: unknown): Record<string, unknown> | undefined {
  const categorization = (extensions as { queryCategorization?: { enableCategoriesRetrieval?: unknown } } | undefined)
    ?.queryCategorization;
  return categorization?.enableCategoriesRetrieval === true ? { queryCategorization: {} } : undefined;
}
