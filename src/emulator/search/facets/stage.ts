import { distinctGroups } from '../engine/distinct';
import { registerFacetStage } from '../engine/hooks';
import { computeFacets, facetsOf } from './compute';
import { columnCounter } from './count';

/**
 * Plugs faceting into the engine: counts over every match, and over the best of each
 * distinct group for `afterDistinct()` attributes and `facetingAfterDistinct`. Counted from the
 * index's columns when the engine gives the matches' doc ids, else from the records.
 * `renderingContent` and `exhaustive*` are the response builder's.
 */
export function registerFacets(): void {
  registerFacetStage((ctx, matches) => {
    const { attributeForDistinct, distinct } = ctx.options;
    const heads = () => distinctGroups(matches.candidates(), attributeForDistinct, distinct).map((group) => group[0]);
    const docs = matches.docs;
    if (docs !== undefined) {
      const distinctDocs = () => {
        const ids = Int32Array.from(heads(), (candidate) => candidate.info.doc.id);
        return { ids, count: ids.length };
      };
      const { facets, facets_stats } = facetsOf(
        ctx.options.params,
        ctx.settings,
        columnCounter(docs.index, docs, distinctDocs),
      );
      return facets_stats ? { facets, facets_stats } : { facets };
    }
    const records = matches.candidates().map((c) => c.info.doc.record);
    const { facets, facets_stats } = computeFacets(
      records,
      ctx.options.params,
      ctx.settings,
      heads().map((c) => c.info.doc.record),
    );
    return facets_stats ? { facets, facets_stats } : { facets };
  });
}
