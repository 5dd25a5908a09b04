/**
 * Where flexsearch could earn its place in the emulator (`npm run bench`, section `flexsearch`):
 * the searches over admin objects (dictionary entries, synonyms, rules) and the vocabulary prefix
 * lookup, each timed as the emulator does it and as a flexsearch index over the same words
 * would (its build, which every change of the objects repeats, then its queries). Both answer
 * the matching entries; CPU time, best of rounds after a warm-up one.
 */
import FlexSearch from 'flexsearch';
import { lowerBound, prefixEnd } from '../src/emulator/search/engine/vocabulary';
import { foldText } from '../src/emulator/search/synonyms/words';
import { catalogue } from './catalogue';
import { cpuNow, fmt } from './measure';
import { loadPackage } from './package';

/** CPU ms of the best of `rounds` runs of `run` (the first, a warm-up, left out). */
async function best(run: () => unknown, rounds = 6): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= rounds; i++) {
    const start = cpuNow();
    await run();
    if (i > 0) times.push(cpuNow() - start);
  }
  return Math.min(...times);
}

/** A flexsearch index of already folded texts: prefixes of their words (`forward`), nothing normalized again. */
function flexIndex(texts: readonly string[]): InstanceType<typeof FlexSearch.Index> {
  const index = new FlexSearch.Index({
    tokenize: 'forward',
    encoder: { normalize: false, dedupe: false, split: ' ' },
  } as any);
  texts.forEach((text, id) => index.add(id, text));
  return index;
}

const QUERIES = ['ca', 'mou', 'chi', 'ho', 'lib', 'st', 'bel', 'pa', 'gra', 'de'];

export async function flexsearchSection(): Promise<void> {
  const { createEmulator } = await loadPackage();
  const emulator = createEmulator();
  console.log(`\n## flexsearch against the emulator's own searches (CPU ms, best of 6 after a warm-up)\n`);
  console.log('| search | emulator | flexsearch build | flexsearch queries |\n|---|---|---|---|');

  // Dictionary entries: every standard plural of every language, by prefix.
  const plurals = (await emulator.searchDictionaryEntries({
    dictionaryName: 'plurals',
    searchDictionaryEntriesParams: { query: '', hitsPerPage: 1000 },
  })) as { nbHits: number };
  const everyPlural: string[] = [];
  for (let page = 0; page * 1000 < plurals.nbHits; page++) {
    const answer = (await emulator.searchDictionaryEntries({
      dictionaryName: 'plurals',
      searchDictionaryEntriesParams: { query: '', page, hitsPerPage: 1000 },
    })) as { hits: { words: string[] }[] };
    for (const hit of answer.hits) everyPlural.push(hit.words.map(foldText).join(' '));
  }
  const dictionary = await best(async () => {
    for (const query of QUERIES)
      await emulator.searchDictionaryEntries({ dictionaryName: 'plurals', searchDictionaryEntriesParams: { query } });
  });
  let pluralIndex = flexIndex([]);
  const pluralBuild = await best(() => (pluralIndex = flexIndex(everyPlural)), 2);
  const pluralQueries = await best(() => {
    for (const query of QUERIES) pluralIndex.search(query, { limit: 100_000 } as any);
  });
  console.log(
    `| plurals, ${everyPlural.length} entries of every language, ${QUERIES.length} prefixes | ${fmt(dictionary)} | ${fmt(pluralBuild)} | ${fmt(pluralQueries)} |`,
  );

  // Synonyms and rules of an index: 10,000 synonyms, 5,000 rules.
  const synonyms = Array.from({ length: 10_000 }, (_, i) => ({
    objectID: `s${i}`,
    type: 'synonym' as const,
    synonyms: [`word${i}`, `term${i % 500}`, `alpha${i % 37}`],
  }));
  await emulator.saveSynonyms({ indexName: 'admin', synonymHit: synonyms });
  const rules = Array.from({ length: 5_000 }, (_, i) => ({
    objectID: `r${i}`,
    conditions: [{ pattern: `shoe${i % 300}`, anchoring: 'contains' as const }],
    consequence: { params: { query: `x${i}` } },
  }));
  await emulator.saveRules({ indexName: 'admin', rules });
  const words = ['term1', 'alpha3', 'word99', 'ter', 'alp'];
  const synonymSearch = await best(async () => {
    for (const query of words) await emulator.searchSynonyms({ indexName: 'admin', searchSynonymsParams: { query } });
  });
  let synonymIndex = flexIndex([]);
  const synonymTexts = synonyms.map((s) => foldText(s.synonyms.join(' ')));
  const synonymBuild = await best(() => (synonymIndex = flexIndex(synonymTexts)), 2);
  const synonymQueries = await best(() => {
    for (const query of words) synonymIndex.search(query, { limit: 100_000 } as any);
  });
  console.log(
    `| synonyms, 10,000, ${words.length} queries | ${fmt(synonymSearch)} | ${fmt(synonymBuild)} | ${fmt(synonymQueries)} |`,
  );
  const ruleWords = ['shoe1', 'shoe29', 'sho', 'r12'];
  const ruleSearch = await best(async () => {
    for (const query of ruleWords) await emulator.searchRules({ indexName: 'admin', searchRulesParams: { query } });
  });
  let ruleIndex = flexIndex([]);
  const ruleTexts = rules.map((r) => foldText(`${r.objectID} ${r.conditions[0].pattern}`));
  const ruleBuild = await best(() => (ruleIndex = flexIndex(ruleTexts)), 2);
  const ruleQueries = await best(() => {
    for (const query of ruleWords) ruleIndex.search(query, { limit: 100_000 } as any);
  });
  console.log(
    `| rules, 5,000, ${ruleWords.length} queries | ${fmt(ruleSearch)} | ${fmt(ruleBuild)} | ${fmt(ruleQueries)} |`,
  );

  // Facet value search (searchable refinement lists): 100,000 products, 300 brands. Its text
  // matching is over the distinct values; the counting over the matches is the columns'.
  const { records, random, vocabulary } = catalogue(100_000);
  await emulator.setSettings({
    indexName: 'products',
    indexSettings: {
      searchableAttributes: ['name', 'brand'],
      attributesForFaceting: ['searchable(brand)', 'category'],
    },
  });
  await emulator.saveObjects({ indexName: 'products', objects: records as unknown as Record<string, unknown>[] });
  const facetQueries = ['ka', 'lo', 'mi', 'ten', 'sol'];
  const facetSearch = await best(async () => {
    for (const facetQuery of facetQueries)
      await emulator.searchForFacetValues({
        indexName: 'products',
        facetName: 'brand',
        searchForFacetValuesRequest: { facetQuery },
      });
  });
  const brands = vocabulary.slice(0, 300);
  let brandIndex = flexIndex([]);
  const brandBuild = await best(() => (brandIndex = flexIndex(brands)), 2);
  const brandQueries = await best(() => {
    for (const query of facetQueries) brandIndex.search(query, { limit: 1000 } as any);
  });
  console.log(
    `| facet value search, 100,000 records, 300 brands, ${facetQueries.length} queries | ${fmt(facetSearch)} | ${fmt(brandBuild)} | ${fmt(brandQueries)} |`,
  );

  // The vocabulary prefix lookup: binary search in the sorted term list against flexsearch over it.
  const terms = [...new Set(records.flatMap((r) => `${r.name} ${r.description}`.split(' ')))].sort();
  const prefixes = Array.from({ length: 2000 }, () => terms[Math.floor(random() * terms.length)].slice(0, 3));
  const array = await best(() => {
    for (const p of prefixes) terms.slice(lowerBound(terms, p), prefixEnd(terms, p, lowerBound(terms, p)));
  });
  let termIndex = flexIndex([]);
  const termBuild = await best(() => (termIndex = flexIndex(terms)), 2);
  const termQueries = await best(() => {
    for (const p of prefixes) (termIndex.search(p, { limit: 100_000 } as any) as number[]).map((id) => terms[id]);
  });
  console.log(
    `| vocabulary prefix lookup, ${terms.length} terms, 2,000 prefixes | ${fmt(array)} | ${fmt(termBuild)} | ${fmt(termQueries)} |`,
  );
}
