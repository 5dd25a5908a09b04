import type { OperationContext } from '../route';
import { externalConnector, readSource, RUNNABLE_SOURCES } from './connectors';
import { invalidPayload } from './errors';
import { anyObject, arrayOf, oneOf, readShape, rfc3339, shape, string } from './fields';
import type { SourceRecord } from './state';
import { requireResource, uuid } from './store';
import { readSourceCreate, readSourceUpdate } from './sources';

/** Records a validation shows of what it read. */
const SAMPLE = 10;

/**
 * Checks a source can be read, as `validateSource` does: a json or csv file is fetched and
 * parsed, an index must exist; the answer carries a sample of the records. A source that
 * cannot be read is a 400 saying why; a connector reading from outside is a 501 (its payload
 * was validated first).
 */
async function validate(ctx: OperationContext, source: Omit<SourceRecord, 'sourceID'> & { sourceID?: string }) {
  const { core } = ctx;
  if (!RUNNABLE_SOURCES.includes(source.type)) throw externalConnector(ctx.route.operation, source.type);
  const read =
    source.type === 'push' ? { records: [] } : await readSource(core, ctx.route.operation, source as SourceRecord);
  if ('error' in read) throw invalidPayload(`the source cannot be read: ${read.error}`);
  return { runID: uuid(core), data: read.records.slice(0, SAMPLE), message: 'OK', createdAt: rfc3339(core.now()) };
}

/** POST /1/sources/validate */
export function validateSource(ctx: OperationContext) {
  const now = rfc3339(ctx.core.now());
  return validate(ctx, { ...readSourceCreate(ctx), createdAt: now, updatedAt: now });
}

/** POST /1/sources/{sourceID}/validate — the source as the update would leave it (nothing is stored). */
export function validateSourceBeforeUpdate(ctx: OperationContext) {
  const current = requireResource(ctx.core, 'source', ctx.params.sourceID);
  return validate(ctx, readSourceUpdate(ctx, current, rfc3339(ctx.core.now())));
}

/** The ecommerce connectors `runSource` is for: all read from outside the emulator. */
const ECOMMERCE = ['shopify', 'bigcommerce', 'commercetools'];

/** POST /1/sources/{sourceID}/run — ecommerce sources only (a 400 for others, as documented). */
export function runSource(ctx: OperationContext) {
  const source = requireResource(ctx.core, 'source', ctx.params.sourceID);
  if (ctx.req.body !== undefined)
    readShape(
      ctx.req.body,
      'body',
      shape({
        indexToInclude: arrayOf(string),
        indexToExclude: arrayOf(string),
        entityIDs: arrayOf(string),
        entityType: oneOf('product', 'collection'),
        runMetadata: anyObject,
      }),
    );
  if (!ECOMMERCE.includes(source.type))
    throw invalidPayload(
      `runSource is only available for shopify, bigcommerce and commercetools sources, not ${source.type}`,
    );
  throw externalConnector(ctx.route.operation, source.type);
}

/** POST /1/sources/{sourceID}/discover — docker sources only (a 400 for others). */
export function triggerDockerSourceDiscover(ctx: OperationContext) {
  const source = requireResource(ctx.core, 'source', ctx.params.sourceID);
  if (source.type !== 'docker')
    throw invalidPayload(`discover is only available for docker sources, not ${source.type}`);
  throw externalConnector(ctx.route.operation, source.type);
}
