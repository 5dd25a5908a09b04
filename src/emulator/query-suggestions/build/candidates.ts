import type { Core } from '../../core';
import { facetValuesOf } from '../../search/facets/values';
import { recordsOf, replicaNames } from '../../search/store';
import type { SourceIndexConfig } from '../state';
import { analyticsOf } from './popular';
import { quote, type BuildLog } from './log';

/** A query the builder considers for one source index. */
export interface Candidate {
  /** Normalized: lower case, single spaces, trimmed. */
  readonly query: string;
  readonly popularity: number;
  /** The searches as recorded (index and query) that normalize to it: their filters feed the categories. */
  readonly searches: readonly { readonly index: string; readonly search: string }[];
}

/** Generated combinations beyond this many per `generate` group are not considered. */
const GENERATED_CAP = 1000;

/** How the builder compares queries: case, surrounding and repeated spaces do not count. */
function normalizeQuery(query: string): string {
  return query.normalize('NFC').toLowerCase().trim().replace(/\s+/gu, ' ');
}

/**
 * The candidates of one source index, most popular first (ties alphabetical): its popular
 * searches (and its replicas' with `replicas`), then its external indices' queries (a query
 * already popular in analytics keeps the analytics figure), then the facet combinations of
 * `generate`, which nobody searched (popularity 0).
 */
export function candidatesOf(core: Core, source: SourceIndexConfig, log: BuildLog): Candidate[] {
  const found = new Map<string, { popularity: number; searches: { index: string; search: string }[] }>();
  const analytics = analyticsOf(core);
  const indices = [
    source.indexName,
    ...(source.replicas ? replicaNames(core.state.indices.get(source.indexName)?.settings ?? {}) : []),
  ];
  for (const index of indices) {
    const popular = analytics.popularSearches(index, source.analyticsTags);
    log.info(1, `${popular.length} popular searches found in the analytics of ${quote(index)} (last 30 days)`);
    for (const { search, count } of popular) {
      const query = normalizeQuery(search);
      const entry = found.get(query) ?? { popularity: 0, searches: [] };
      entry.popularity += count;
      entry.searches.push({ index, search });
      found.set(query, entry);
    }
  }
  for (const external of source.external) addExternal(core, external, found, log);
  for (const group of source.generate) addGenerated(core, source.indexName, group, found, log);
  return [...found]
    .map(([query, entry]) => ({ query, ...entry }))
    .sort((a, b) => b.popularity - a.popularity || (a.query < b.query ? -1 : a.query > b.query ? 1 : 0));
}

type Found = Map<string, { popularity: number; searches: { index: string; search: string }[] }>;

/** An external index holds `{query, count}` records (the format of the service's analytics). */
function addExternal(core: Core, name: string, found: Found, log: BuildLog): void {
  const index = core.state.indices.get(name);
  if (!index) return log.error(1, `external index ${quote(name)} does not exist`);
  const records = recordsOf(core.state, index);
  log.info(1, `${records.size} records found in the external index ${quote(name)}`);
  for (const record of records.values()) {
    const { query, count } = record;
    if (typeof query !== 'string' || typeof count !== 'number' || !Number.isFinite(count)) {
      log.skip(
        2,
        `skipping record ${quote(record.objectID)} of ${quote(name)}: a numeric \`count\` and a string \`query\` are required`,
      );
      continue;
    }
    const normalized = normalizeQuery(query);
    if (found.has(normalized)) {
      log.skip(2, `skipping query ${quote(normalized)} of ${quote(name)}: already found in the analytics`);
      continue;
    }
    found.set(normalized, { popularity: count, searches: [] });
  }
}

/** Every combination of values the records hold together for the group's attributes, in the group's order. */
function addGenerated(core: Core, indexName: string, group: readonly string[], found: Found, log: BuildLog): void {
  const index = core.state.indices.get(indexName);
  if (!index) return;
  const combinations = new Set<string>();
  for (const record of recordsOf(core.state, index).values()) {
    let partial = [''];
    for (const attribute of group) {
      const values = [...facetValuesOf(record, attribute)];
      partial = partial.flatMap((prefix) => values.map((value) => (prefix === '' ? value : `${prefix} ${value}`)));
    }
    for (const combination of partial) if (combination !== '') combinations.add(normalizeQuery(combination));
    if (combinations.size >= GENERATED_CAP) break;
  }
  const added = [...combinations].slice(0, GENERATED_CAP).filter((query) => !found.has(query));
  for (const query of added) found.set(query, { popularity: 0, searches: [] });
  log.info(1, `${added.length} suggestion candidates generated from the facets [${group.join(', ')}]`);
}
