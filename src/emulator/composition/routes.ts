import { lazyOperations } from '../lazy';
import type { Acl, OperationContext, Route } from '../route';
import { route } from '../route';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

/**
 * Any one of the rights the OpenAPI lists (`x-acl: [editSettings, settings]` reads with either):
 * the one the key holds, else the first, which it then lacks.
 */
const anyOf =
  (...acls: Acl[]) =>
  (ctx: OperationContext): readonly Acl[] => [acls.find((acl) => ctx.auth.acl.has(acl)) ?? acls[0]];

const READ = anyOf('settings', 'editSettings');
const TASK = anyOf('editSettings', 'settings', 'addObject', 'deleteObject', 'deleteIndex');
const COMPOSITION = '/1/compositions/{compositionID}';
const RULE = `${COMPOSITION}/rules/{objectID}`;
/** What runs do not reproduce (docs/composition.md). */
const RUN_PARITY = {
  status: 'partial',
  note: 'recommend sources answer 501; external items keep the order they are sent in (`ordering: default` included)',
} as const;

/** Composition API routes (the application's search hosts, `/1/compositions`). */
// prettier-ignore
export const compositionRoutes: Route[] = [
  route({ operation: 'search', method: 'POST', path: `${COMPOSITION}/run`, host: 'search', acl: 'search', call: { body: 'requestBody' }, handler: lazy('search'), parity: RUN_PARITY }),
  route({ operation: 'searchForFacetValues', method: 'POST', path: `${COMPOSITION}/facets/{facetName}/query`, host: 'search', acl: 'search', call: { body: 'searchForFacetValuesRequest' }, handler: lazy('searchForFacetValues') }),
  route({ operation: 'listCompositions', method: 'GET', path: '/1/compositions', host: 'search', acl: READ, call: { query: ['page', 'hitsPerPage'] }, handler: lazy('listCompositions') }),
  route({ operation: 'getComposition', method: 'GET', path: COMPOSITION, host: 'search', acl: READ, call: {}, handler: lazy('getComposition') }),
  route({ operation: 'putComposition', method: 'PUT', path: COMPOSITION, host: 'search', acl: 'editSettings', call: { body: 'composition' }, handler: lazy('putComposition') }),
  route({ operation: 'deleteComposition', method: 'DELETE', path: COMPOSITION, host: 'search', acl: 'editSettings', call: {}, handler: lazy('deleteComposition') }),
  route({ operation: 'multipleBatch', method: 'POST', path: '/1/compositions/*/batch', host: 'search', acl: 'editSettings', call: { body: '$params' }, handler: lazy('multipleBatch') }),
  route({ operation: 'updateSortingStrategyComposition', method: 'POST', path: `${COMPOSITION}/sortingStrategy`, host: 'search', acl: 'editSettings', call: { body: 'requestBody' }, handler: lazy('updateSortingStrategyComposition') }),
  route({ operation: 'getRule', method: 'GET', path: RULE, host: 'search', acl: READ, call: {}, handler: lazy('getRule') }),
  route({ operation: 'putCompositionRule', method: 'PUT', path: RULE, host: 'search', acl: 'editSettings', call: { body: 'compositionRule' }, handler: lazy('putCompositionRule') }),
  route({ operation: 'deleteCompositionRule', method: 'DELETE', path: RULE, host: 'search', acl: 'editSettings', call: {}, handler: lazy('deleteCompositionRule') }),
  route({ operation: 'saveRules', method: 'POST', path: `${COMPOSITION}/rules/batch`, host: 'search', acl: 'editSettings', call: { body: 'rules' }, handler: lazy('saveRules') }),
  route({ operation: 'searchCompositionRules', method: 'POST', path: `${COMPOSITION}/rules/search`, host: 'search', acl: 'settings', call: { body: 'searchCompositionRulesParams' }, handler: lazy('searchCompositionRules') }),
  route({ operation: 'getTask', method: 'GET', path: `${COMPOSITION}/task/{taskID}`, host: 'search', acl: TASK, call: {}, handler: lazy('getTask') }),
];
