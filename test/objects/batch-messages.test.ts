import { describe, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('batch messages name the request at fault through %s calls', (surface) => {
  it('a request that is not an object, and an invalid objectID of each action', async () => {
    const { api } = open(surface);
    const valid = { action: 'addObject', body: { objectID: 'x' } };
    await rejects(
      api.batch({ indexName: 'p', batchWriteParams: { requests: [valid, 'text'] } }),
      400,
      'requests[1] must be a JSON object',
    );
    const long = 'a'.repeat(513);
    for (const action of ['addObject', 'updateObject', 'partialUpdateObject', 'deleteObject']) {
      await rejects(
        api.batch({
          indexName: 'p',
          batchWriteParams: { requests: [valid, valid, { action, body: { objectID: true } }] },
        }),
        400,
        'requests[2].body.objectID is required and must be a non-empty string',
      );
      await rejects(
        api.batch({ indexName: 'p', batchWriteParams: { requests: [{ action, body: { objectID: long } }] } }),
        400,
        'requests[0].body.objectID is too long (512 characters at most)',
      );
    }
  });

  it('multiple batch: a request that is not an object, and one without an index name', async () => {
    const { api } = open(surface);
    const valid = { indexName: 'p', action: 'addObject', body: { objectID: 'x' } };
    await rejects(api.multipleBatch({ requests: [valid, 7] }), 400, 'requests[1] must be a JSON object');
    await rejects(
      api.multipleBatch({ requests: [valid, valid, { action: 'addObject', body: {} }] }),
      400,
      'requests[2].indexName is required and must be a string',
    );
  });
});
