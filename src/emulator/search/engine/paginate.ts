import type { QueryOptions } from './options';

/** Which slice of the ranked list a query returns, and the figures the response reports. */
export interface PageWindow {
  readonly from: number;
  readonly to: number;
  readonly page: number;
  readonly nbPages: number;
  readonly hitsPerPage: number;
  /** Present when `offset`/`length` were used. */
  readonly offset?: number;
  readonly length?: number;
}

/**
 * `page`/`hitsPerPage` or `offset`/`length` over `total` entries (hits, or groups with
 * distinct), never beyond `paginationLimitedTo`; `maxHitsPerQuery` of the key caps the page size.
 */
export function pageWindow(total: number, options: QueryOptions, maxHitsPerQuery?: number): PageWindow {
  const cap = maxHitsPerQuery && maxHitsPerQuery > 0 ? maxHitsPerQuery : Infinity;
  const hitsPerPage = Math.min(options.hitsPerPage, cap);
  const limit = Math.min(total, options.paginationLimitedTo);
  const nbPages = hitsPerPage > 0 ? Math.ceil(limit / hitsPerPage) : 0;
  if (options.offset !== undefined) {
    const length = Math.min(options.length ?? hitsPerPage, cap);
    const from = Math.min(options.offset, limit);
    return {
      from,
      to: Math.min(limit, from + length),
      page: hitsPerPage > 0 ? Math.floor(options.offset / hitsPerPage) : 0,
      nbPages,
      hitsPerPage,
      offset: options.offset,
      length,
    };
  }
  // `length` without `offset` is ignored, as page/hitsPerPage then apply.
  const from = Math.min(options.page * hitsPerPage, limit);
  return { from, to: Math.min(limit, from + hitsPerPage), page: options.page, nbPages, hitsPerPage };
}
