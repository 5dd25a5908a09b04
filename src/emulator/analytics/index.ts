/** What other modules (the search engine, tests) use from analytics. */
export { recordSearch, recordFromDispatch, type SearchInput } from './recording/record';
export {
  personalizationScorer,
  type PersonalizationScore,
  type PersonalizationRequest,
} from './personalization/scoring';
export { computeProfile, type Profile } from './personalization/profile';
