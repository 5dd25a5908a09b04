import type { Draft } from 'immer';
import { badRequest, notFound } from '../../errors';
import type { OperationContext } from '../../route';
import type { IndexState, State } from '../../state';
import { enqueue } from '../../tasks';
import { assertIndexName, ensureIndex, replicaNames, requireIndex } from '../store';
import { parseBoolean, requireObject } from '../validate';
import { searchSynonymHits } from './search';
import { validateSynonym, type SynonymHit } from './validate';

const messages = { synonymNotFound: 'Synonym set does not exist' } as const;

type SynonymMap = Map<string, SynonymHit>;

/**
 * Applies a change to the synonyms of an index and, with `forwardToReplicas`, of its
 * replicas as they are when the task is published. Writing creates the index.
 */
function writeSynonyms(
  draft: Draft<State>,
  indexName: string,
  now: number,
  forward: boolean,
  change: (synonyms: SynonymMap) => void,
) {
  const index = ensureIndex(draft, indexName, now);
  change(index.synonyms as unknown as SynonymMap);
  if (!forward) return;
  for (const replica of replicaNames(index.settings)) {
    change(ensureIndex(draft, replica, now).synonyms as unknown as SynonymMap);
  }
}

function forwardFlag(ctx: OperationContext): boolean {
  return parseBoolean(ctx.req.query.forwardToReplicas ?? ctx.req.query.forwardToSlaves, 'forwardToReplicas', false);
}

/** PUT /1/indexes/{indexName}/synonyms/{objectID} */
export function saveSynonym(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const synonym = validateSynonym(ctx.req.body, 'body', params.objectID);
  const taskID = enqueue(core, params.indexName, (draft) =>
    writeSynonyms(draft, params.indexName, core.now(), forward, (synonyms) => synonyms.set(synonym.objectID, synonym)),
  );
  return { taskID, updatedAt: core.isoNow(), id: synonym.objectID };
}

/** POST /1/indexes/{indexName}/synonyms/batch — body: array of synonyms. */
export function saveSynonyms(ctx: OperationContext) {
  const { core, params, req } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const replace = parseBoolean(req.query.replaceExistingSynonyms, 'replaceExistingSynonyms', false);
  if (!Array.isArray(req.body)) throw badRequest('The body must be a JSON array of synonyms');
  const batch = req.body.map((item, i) => validateSynonym(item, `body[${i}]`));
  const taskID = enqueue(core, params.indexName, (draft) =>
    writeSynonyms(draft, params.indexName, core.now(), forward, (synonyms) => {
      if (replace) synonyms.clear();
      for (const synonym of batch) synonyms.set(synonym.objectID, synonym);
    }),
  );
  return { taskID, updatedAt: core.isoNow() };
}

/** GET /1/indexes/{indexName}/synonyms/{objectID} */
export function getSynonym(ctx: OperationContext) {
  const index = requireIndex(ctx.core.state, ctx.params.indexName);
  const synonym = index.synonyms.get(ctx.params.objectID);
  if (!synonym) throw notFound(messages.synonymNotFound);
  return synonym;
}

/** DELETE /1/indexes/{indexName}/synonyms/{objectID} */
export function deleteSynonym(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const taskID = enqueue(core, params.indexName, (draft) => {
    if (!draft.indices.has(params.indexName)) return;
    writeSynonyms(draft, params.indexName, core.now(), forward, (synonyms) => synonyms.delete(params.objectID));
  });
  return { taskID, deletedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/synonyms/clear */
export function clearSynonyms(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const taskID = enqueue(core, params.indexName, (draft) => {
    if (!draft.indices.has(params.indexName)) return;
    writeSynonyms(draft, params.indexName, core.now(), forward, (synonyms) => synonyms.clear());
  });
  return { taskID, updatedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/synonyms/search */
export function searchSynonyms(ctx: OperationContext) {
  const index: IndexState = requireIndex(ctx.core.state, ctx.params.indexName);
  const body = ctx.req.body === undefined ? {} : requireObject(ctx.req.body, 'body');
  return searchSynonymHits(index.synonyms as ReadonlyMap<string, SynonymHit>, body);
}
