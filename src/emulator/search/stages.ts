import { routeSearch } from '../abtesting/split';
import { registerPersonalization } from '../analytics/personalization/rerank';
import { registerSearchRouter } from './engine/hooks';
import { registerDictionaries } from './dictionaries/stage';
import { registerFacets } from './facets/stage';
import { registerFilters } from './filters/stage';
import { registerRules } from './rules/stage';
import { registerSynonyms } from './synonyms/stage';

let installed = false;

/**
 * Plugs every search stage into the engine, in pipeline order, once per process. Called
 * explicitly by `createEmulator` rather than at import, so bundlers honouring
 * `sideEffects: false` cannot drop a stage.
 */
export function installSearchStages(): void {
  if (installed) return;
  installed = true;
  registerSearchRouter(routeSearch);
  registerFilters();
  registerFacets();
  registerRules();
  registerDictionaries();
  registerSynonyms();
  registerPersonalization();
}
