import { distinctGroups } from '../engine/distinct';
import { registerFacetStage } from '../engine/hooks';
import { computeFacets } from './compute';

/**
 * Plugs faceting into the engine: counts over every match, and over the best of each
 * distinct group for `afterDistinct()` attributes and `facetingAfterDistinct`.
 * `renderingContent` and `exhaustive*` are the response builder's.
 */
export function registerFacets(): void {
  registerFacetStage((ctx, matches) => {
    const records = matches.map((c) => c.info.doc.record);
    const { attributeForDistinct, distinct } = ctx.options;
    const distinctRecords = distinctGroups(matches, attributeForDistinct, distinct).map((group) => group[0].info.doc.record);
    const { facets, facets_stats } = computeFacets(records, ctx.options.params, ctx.settings, distinctRecords);
    return facets_stats ? { facets, facets_stats } : { facets };
  });
}
