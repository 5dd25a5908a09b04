/** The Recommend API's operations: a chunk of its own, loaded by the first call (routes.ts). */
export { getRecommendations } from './recommendations';
export {
  batchRecommendRules,
  deleteRecommendRule,
  getRecommendRule,
  getRecommendStatus,
  searchRecommendRules,
} from './rules/operations';
