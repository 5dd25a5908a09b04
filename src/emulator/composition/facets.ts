import type { Core } from '../core';
import type { Auth } from '../route';
import { runSearch } from '../search/engine/search';
import type { RawParams } from '../search/engine/params';

const DISJUNCTIVE = /^disjunctive\((.+)\)$/;

/** `facets` without the `disjunctive()` wrapper, and the facets it wrapped. */
export function splitFacets(facets: unknown): { plain: string[]; disjunctive: string[] } {
  const list = Array.isArray(facets) ? (facets as string[]) : [];
  const plain: string[] = [];
  const disjunctive: string[] = [];
  for (const facet of list) {
    const inner = DISJUNCTIVE.exec(facet)?.[1];
    if (inner !== undefined) disjunctive.push(inner);
    plain.push(inner ?? facet);
  }
  return { plain: [...new Set(plain)], disjunctive };
}

/** `facetFilters` without those on `attribute` (`attr:value`, `-attr:value`, in OR groups too). */
function withoutAttribute(facetFilters: unknown, attribute: string): unknown {
  const about = (filter: unknown) =>
    typeof filter === 'string' && (filter.startsWith(`${attribute}:`) || filter.startsWith(`-${attribute}:`));
  if (typeof facetFilters === 'string') return about(facetFilters) ? undefined : facetFilters;
  if (!Array.isArray(facetFilters)) return facetFilters;
  const out: unknown[] = [];
  for (const entry of facetFilters) {
    if (Array.isArray(entry)) {
      const kept = entry.filter((filter) => !about(filter));
      if (kept.length > 0) out.push(kept);
    } else if (!about(entry)) out.push(entry);
  }
  return out;
}

/**
 * Disjunctive faceting (`disjunctive(brand)`): a facet's counts ignore the refinements on that
 * facet itself, so the values a user could add to their selection keep their counts. Each such
 * facet is counted by one more search without its own `facetFilters`.
 */
export function disjunctiveFacets(
  core: Core,
  auth: Auth,
  indexName: string,
  params: RawParams,
  attributes: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const facetFilters = withoutAttribute(params.facetFilters, attribute);
    const response = runSearch(
      core,
      indexName,
      { ...params, facetFilters, facets: [attribute], hitsPerPage: 0, page: 0, clickAnalytics: false },
      auth,
    );
    const counts = (response.facets as Record<string, unknown> | undefined)?.[attribute];
    if (counts !== undefined) out[attribute] = counts;
  }
  return out;
}
