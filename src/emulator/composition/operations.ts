/** The Composition API's operations: a chunk of its own, loaded by the first call (routes.ts). */
export {
  deleteComposition,
  getComposition,
  getTask,
  listCompositions,
  multipleBatch,
  putComposition,
  updateSortingStrategyComposition,
} from './compositions';
export { searchForFacetValues } from './facet-values';
export { deleteCompositionRule, getRule, putCompositionRule, saveRules, searchCompositionRules } from './rules';
export { search } from './run';
