import type { Core } from '../../core';
import { ALL_ACLS } from '../../security/acl';
import type { Auth } from '../../route';
import { parseParams } from '../../search/engine/params';
import { runSearch } from '../../search/engine/search';

/** The builder acts for the application: admin rights, the emulator's own address. */
export function adminAuth(core: Core): Auth {
  return { admin: true, apiKey: core.options.adminApiKey, acl: new Set(ALL_ACLS), ip: core.options.clientIp };
}

/** What a suggestion finds on a source index. */
export interface Vetting {
  readonly nbHits: number;
  /** Facet attribute -> value -> count, for the attributes asked (faceted attributes only). */
  readonly facets: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/**
 * Runs a suggestion on its source index as the builder vets it: the exact words (no typo,
 * no prefix, no rule), unrecorded, with the counts of the category facets. The index's own
 * settings apply otherwise (searchable attributes, plurals, stop words, synonyms).
 */
export function vetOn(core: Core, indexName: string, query: string, facets: readonly string[]): Vetting {
  const params = parseParams([
    {
      query,
      hitsPerPage: 0,
      typoTolerance: false,
      queryType: 'prefixNone',
      removeWordsIfNoResults: 'none',
      enableRules: false,
      enablePersonalization: false,
      analytics: false,
      ...(facets.length > 0 ? { facets: [...facets], maxValuesPerFacet: 1000 } : {}),
    },
  ]);
  const response = runSearch(core, indexName, params, adminAuth(core));
  return { nbHits: response.nbHits as number, facets: (response.facets as Vetting['facets'] | undefined) ?? {} };
}
