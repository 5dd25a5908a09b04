import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator, type ExplainRequest } from '../../src';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

const PHONES = [
  {
    objectID: 'p1',
    name: 'phone',
    brand: 'acme',
    description: 'a loud ringtone',
    price: 10,
    _geoloc: { lat: 48.85, lng: 2.35 },
  },
  {
    objectID: 'p2',
    name: 'phone case',
    brand: 'zeta',
    description: 'leather',
    price: 30,
    _geoloc: { lat: 40.71, lng: -74.0 },
  },
  {
    objectID: 'p3',
    name: 'automobile charger',
    brand: 'acme',
    description: 'for the car',
    price: 20,
    _geoloc: { lat: 48.86, lng: 2.34 },
  },
  {
    objectID: 'p4',
    name: 'phones stand',
    brand: 'acme',
    description: 'desk',
    price: 5,
    _geoloc: { lat: 48.9, lng: 2.3 },
  },
];

async function shop(overrides: Record<string, unknown> = {}) {
  const emulator = createEmulator();
  await emulator.setSettings({
    indexName: 'shop',
    indexSettings: {
      searchableAttributes: ['name', 'brand'],
      attributesForFaceting: ['brand', 'filterOnly(price)'],
      customRanking: ['desc(price)'],
      ...overrides,
    },
  });
  await emulator.saveObjects({ indexName: 'shop', objects: PHONES });
  return emulator;
}

const explain = (emulator: Awaited<ReturnType<typeof shop>>, request: Omit<ExplainRequest, 'indexName'>) =>
  emulator.explain({ indexName: 'shop', ...request } as ExplainRequest);

describe.each(SURFACES)('explain() reads the state whatever surface wrote it (%s)', (surface) => {
  it('refuses a key without the search right, as the search itself does, and counts no call', async () => {
    const { emulator, api } = open(surface);
    await api.saveObjects({ indexName: 'shop', objects: PHONES });
    const as = (key: string) =>
      surface === 'direct' ? emulator.as({ apiKey: key }) : algoliasearch(emulator.appId, key);
    const { key: writer } = await api.addApiKey({ acl: ['addObject'] });
    const search = (key: string) => as(key).searchSingleIndex({ indexName: 'shop', searchParams: { query: 'phone' } });
    await rejects(search(writer), 403, 'Method not allowed with this API key');
    await rejects(
      emulator.explain({ indexName: 'shop', objectID: 'p1', query: 'phone', apiKey: writer }),
      403,
      'Method not allowed with this API key',
    );
    // A key with the right explains, and explaining uses none of its hourly calls.
    const { key: searcher } = await api.addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 1 });
    for (let i = 0; i < 2; i++)
      expect(
        (await emulator.explain({ indexName: 'shop', objectID: 'p1', query: 'phone', apiKey: searcher })).found,
      ).toBe(true);
    await expect(search(searcher)).resolves.toMatchObject({ nbHits: 3 });
  });

  it('agrees with the search the same surface answers', async () => {
    const { emulator, api } = open(surface);
    await api.setSettings({
      indexName: 'shop',
      indexSettings: { searchableAttributes: ['name', 'brand'], customRanking: ['desc(price)'] },
    });
    await api.saveObjects({ indexName: 'shop', objects: PHONES });
    const res = await api.searchSingleIndex({
      indexName: 'shop',
      searchParams: { query: 'phone', getRankingInfo: true },
    });
    for (const [i, hit] of (res.hits as { objectID: string; _rankingInfo: unknown }[]).entries()) {
      const e = await emulator.explain({ indexName: 'shop', objectID: hit.objectID, query: 'phone' });
      expect(e).toMatchObject({ found: true, position: i, rankingInfo: hit._rankingInfo });
    }
    // Explaining sends no request: nothing in the journal, nothing in analytics.
    const before = emulator.journal.length;
    await emulator.explain({ indexName: 'shop', objectID: 'p1', query: 'phone' });
    expect(emulator.journal.length).toBe(before);
  });
});

describe('why a record ranks where it does', () => {
  it('names each criterion and the one that decided against each neighbour, in JSON and in sentences', async () => {
    const emulator = await shop();
    const e = await explain(emulator, { objectID: 'p2', query: 'phone' });
    expect(e).toMatchObject({ found: true, matched: true, position: 1, page: 0, nbHits: 3 });
    expect(e.criteria.map((c) => c.criterion)).toEqual([
      'typo',
      'geo',
      'words',
      'filters',
      'proximity',
      'attribute',
      'exact',
      'desc(price)',
    ]);
    // p1 "phone" holds the word whole: exact decides before price.
    expect(e.above).toEqual({
      objectID: 'p1',
      position: 0,
      decidedBy: 'exact',
      value: 0,
      other: 1,
      tiedOn: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute'],
    });
    // p4 "phones stand" matches as a prefix, not exact either: the price decides.
    expect(e.below).toEqual({
      objectID: 'p4',
      position: 2,
      decidedBy: 'desc(price)',
      value: 30,
      other: 5,
      tiedOn: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact'],
    });
    expect(e.words).toEqual([
      {
        word: 'phone',
        matched: true,
        recordWord: 'phone',
        attribute: 'name',
        typos: 0,
        via: 'exact',
        optional: false,
        excluded: false,
        allowedTypos: 1,
      },
    ]);
    expect(e.text).toContain('Record p2 in shop for "phone": hit #2 of 3 (page 0).');
    expect(e.text).toContain(
      'After p1 (#1): exact decides (0 here, 1 there); tied on typo, geo, words, filters, proximity, attribute.',
    );
  });

  it('a typo, a prefix and a plural each say how the word matched', async () => {
    const emulator = await shop({ ignorePlurals: true });
    expect((await explain(emulator, { objectID: 'p1', query: 'phome' })).words[0]).toMatchObject({
      recordWord: 'phone',
      via: 'typo',
      typos: 1,
    });
    expect((await explain(emulator, { objectID: 'p3', query: 'autom' })).words[0]).toMatchObject({
      recordWord: 'automobile',
      via: 'prefix',
    });
    const plural = await explain(emulator, { objectID: 'p4', query: 'phone stand' });
    expect(plural.words[0]).toMatchObject({ recordWord: 'phones', via: 'plural' });
    expect(plural.applied.plurals).toContainEqual({ word: 'phone', form: 'phones', usedByRecord: true });
  });

  it('synonyms: which one the record matched through', async () => {
    const emulator = await shop();
    await emulator.saveSynonym({
      indexName: 'shop',
      objectID: 'car-syn',
      synonymHit: { objectID: 'car-syn', type: 'synonym', synonyms: ['car', 'automobile'] },
    });
    const e = await explain(emulator, { objectID: 'p3', query: 'car' });
    expect(e.found).toBe(true);
    expect(e.words[0]).toMatchObject({ recordWord: 'automobile', via: 'synonym', synonym: 'car-syn' });
    expect(e.applied.synonyms).toEqual([
      { objectID: 'car-syn', words: ['car'], alternative: ['automobile'], usedByRecord: true },
    ]);
    expect(e.text).toContain('Synonym car-syn: "car" also reads "automobile" (this record holds it).');
  });

  it('a promoted record and its neighbour: the rule decided', async () => {
    const emulator = await shop();
    await emulator.saveRule({
      indexName: 'shop',
      objectID: 'pin-p4',
      rule: {
        objectID: 'pin-p4',
        conditions: [{ pattern: 'phone', anchoring: 'contains' }],
        consequence: { promote: [{ objectID: 'p4', position: 0 }] },
      },
    });
    const e = await explain(emulator, { objectID: 'p4', query: 'phone' });
    expect(e).toMatchObject({ found: true, position: 0, rankingInfo: { promoted: true } });
    expect(e.below).toMatchObject({ objectID: 'p1', decidedBy: 'promoted' });
    expect(e.applied.rules).toEqual([{ objectID: 'pin-p4', effects: ['promotes p4 to position 0'] }]);
  });

  it('stop words removed and words dropped by removeWordsIfNoResults', async () => {
    const emulator = await shop({ removeStopWords: ['en'] });
    const e = await explain(emulator, { objectID: 'p1', query: 'the phone' });
    expect(e.applied.stopWords).toEqual(['the']);
    const removed = await explain(emulator, {
      objectID: 'p1',
      query: 'phone unicorn',
      removeWordsIfNoResults: 'lastWords',
    });
    expect(removed.found).toBe(true);
    expect(removed.applied.queryAfterRemoval).toBe('phone <em>unicorn</em>');
    expect(removed.words[1]).toMatchObject({ word: 'unicorn', matched: false, optional: true });
  });

  it('personalization: the record’s scores and where they weigh', async () => {
    const emulator = await shop();
    await emulator.setPersonalizationStrategy({
      eventsScoring: [{ eventName: 'Clicked', eventType: 'click', score: 50 }],
      facetsScoring: [{ facetName: 'brand', score: 100 }],
      personalizationImpact: 100,
    });
    await emulator.pushEvents({
      events: [{ eventType: 'click', eventName: 'Clicked', index: 'shop', userToken: 'alice', objectIDs: ['p2'] }],
    });
    const params = { query: 'phone', enablePersonalization: true, userToken: 'alice' };
    const res = await emulator.searchSingleIndex({
      indexName: 'shop',
      searchParams: { ...params, getRankingInfo: true },
    });
    const hit = (res.hits as { objectID: string; _rankingInfo: { personalization: unknown } }[]).find(
      (h) => h.objectID === 'p2',
    )!;
    const e = await explain(emulator, { objectID: 'p2', ...params });
    expect(e.applied.personalization).toEqual({ userToken: 'alice', ...(hit._rankingInfo.personalization as object) });
    expect(e.criteria.map((c) => c.criterion)).toContain('personalization');
    expect(e.text).toMatch(/Personalization for alice: score \d+/);
  });
});

describe('why search leaves a record out', () => {
  it('a record that does not exist, an index that does not, bad parameters', async () => {
    const emulator = await shop();
    expect(await explain(emulator, { objectID: 'nope', query: 'phone' })).toMatchObject({
      found: false,
      matched: false,
      reasons: [{ kind: 'missing-record', message: 'there is no record nope in shop' }],
    });
    await expect(emulator.explain({ indexName: 'other', objectID: 'p1' })).rejects.toMatchObject({
      status: 404,
      message: 'Index does not exist',
    });
    // @ts-expect-error: no such search parameter (refused at run time too)
    await expect(explain(emulator, { objectID: 'p1', notAParameter: 1 })).rejects.toMatchObject({
      status: 400,
      message: 'Unknown parameter: notAParameter',
    });
    await expect(emulator.explain({ indexName: 'shop' } as never)).rejects.toMatchObject({
      status: 400,
      message: 'explain() needs the `objectID` of the record to explain',
    });
  });

  it('a word not found, a typo over the limit, a word read only as a prefix, a word in an attribute not searched', async () => {
    const emulator = await shop();
    const reasons = async (query: string, objectID = 'p1') => (await explain(emulator, { objectID, query })).reasons;
    expect(await reasons('phone unicorn')).toEqual([
      {
        kind: 'word-not-found',
        word: 'unicorn',
        allowedTypos: 1,
        message: '"unicorn" is not in any searchable attribute, even within 1 typo',
      },
    ]);
    expect(await reasons('fone')).toEqual([
      expect.objectContaining({
        kind: 'typo-over-limit',
        word: 'fone',
        closest: { word: 'phone', attribute: 'name', typos: 2 },
        allowedTypos: 1,
        message:
          '"fone" is not in it; the nearest word, "phone" (name), is 2 typos away, and a 4-letter word may have 1 typo (minWordSizefor1Typo 4, minWordSizefor2Typos 8)',
      }),
    ]);
    expect(await reasons('pho case', 'p2')).toEqual([
      expect.objectContaining({
        kind: 'prefix-only',
        word: 'pho',
        closest: { word: 'phone', attribute: 'name', typos: 0 },
      }),
    ]);
    expect(await reasons('phone ringtone')).toEqual([
      expect.objectContaining({ kind: 'not-searchable', word: 'ringtone' }),
    ]);
  });

  it('an excluded word it holds', async () => {
    const emulator = await shop({ advancedSyntax: true });
    const e = await explain(emulator, { objectID: 'p2', query: 'phone -case' });
    expect(e.reasons).toEqual([expect.objectContaining({ kind: 'excluded-word', word: 'case' })]);
  });

  it('the filter groups it fails, with a key’s forced filters among them', async () => {
    const emulator = await shop();
    const e = await explain(emulator, {
      objectID: 'p2',
      query: 'phone',
      filters: 'price > 5 AND (brand:acme OR brand:omega)',
    });
    expect(e.reasons).toEqual([
      expect.objectContaining({ kind: 'filter', filters: ['"brand":"acme" OR "brand":"omega"'] }),
    ]);
    expect(e.text).toContain('- the filters leave it out: it fails `"brand":"acme" OR "brand":"omega"`.');
    const { key } = await emulator.addApiKey({ acl: ['search'], queryParameters: 'filters=price%3C20' });
    const asKey = await explain(emulator, { objectID: 'p2', query: 'phone', apiKey: key });
    expect(asKey.reasons).toEqual([expect.objectContaining({ kind: 'filter', filters: ['"price" < 20'] })]);
    expect((await explain(emulator, { objectID: 'p1', query: 'phone', apiKey: key })).found).toBe(true);
  });

  it('outside the geo area', async () => {
    const emulator = await shop();
    const e = await explain(emulator, {
      objectID: 'p2',
      query: 'phone',
      aroundLatLng: '48.85, 2.35',
      aroundRadius: 10_000,
    });
    expect(e.reasons.map((r) => r.kind)).toEqual(['geo']);
  });

  it('a rule hides it, or a rule changed the query', async () => {
    const emulator = await shop();
    await emulator.saveRule({
      indexName: 'shop',
      objectID: 'hide-p2',
      rule: {
        objectID: 'hide-p2',
        conditions: [{ pattern: 'case', anchoring: 'contains' }],
        consequence: { hide: [{ objectID: 'p2' }] },
      },
    });
    await emulator.saveRule({
      indexName: 'shop',
      objectID: 'only-acme',
      rule: {
        objectID: 'only-acme',
        conditions: [{ pattern: 'cheap', anchoring: 'contains' }],
        consequence: { params: { filters: 'brand:acme' } },
      },
    });
    const hidden = await explain(emulator, { objectID: 'p2', query: 'phone case' });
    expect(hidden.reasons).toEqual([{ kind: 'rule-hide', ruleID: 'hide-p2', message: 'rule "hide-p2" hides it' }]);
    expect(hidden.applied.rules).toEqual([{ objectID: 'hide-p2', effects: ['hides p2'] }]);
    const filtered = await explain(emulator, {
      objectID: 'p2',
      query: 'cheap phone',
      removeWordsIfNoResults: 'firstWords',
    });
    expect(filtered.reasons.map((r) => r.kind)).toContain('filter');
    expect(filtered.applied.rules).toEqual([{ objectID: 'only-acme', effects: ['sets filters'] }]);
  });

  it('typoTolerance min keeps only the best typo count', async () => {
    const emulator = await shop();
    await emulator.saveObject({ indexName: 'shop', body: { objectID: 'p5', name: 'phane' } });
    const e = await explain(emulator, { objectID: 'p5', query: 'phone', typoTolerance: 'min' });
    expect(e.reasons.map((r) => r.kind)).toEqual(['typo-tolerance']);
    expect((await explain(emulator, { objectID: 'p5', query: 'phone' })).words[0]).toMatchObject({
      via: 'typo',
      typos: 1,
    });
  });

  it('past paginationLimitedTo no page reaches it', async () => {
    const emulator = await shop({ paginationLimitedTo: 1 });
    const e = await explain(emulator, { objectID: 'p2', query: 'phone' });
    expect(e).toMatchObject({ found: false, matched: true, reasons: [{ kind: 'pagination-limit' }] });
  });

  it('a virtual replica: its custom ranking orders the relevant matches, the threshold leaves the rest out', async () => {
    const emulator = await shop({ replicas: ['virtual(shop_price_asc)'] });
    await emulator.setSettings({
      indexName: 'shop_price_asc',
      indexSettings: { customRanking: ['asc(price)'], relevancyStrictness: 100 },
    });
    // A second record as relevant as p1, cheaper: the replica's asc(price) puts it first.
    await emulator.saveObject({ indexName: 'shop', body: { objectID: 'p5', name: 'phone', brand: 'zeta', price: 3 } });
    const res = await emulator.searchSingleIndex({ indexName: 'shop_price_asc', searchParams: { query: 'phone' } });
    const shown = (res.hits as { objectID: string }[]).map((h) => h.objectID);
    const first = await emulator.explain({ indexName: 'shop_price_asc', objectID: shown[0], query: 'phone' });
    expect(first).toMatchObject({ found: true, position: 0 });
    expect(shown.slice(0, 2)).toEqual(['p5', 'p1']);
    expect(first.below).toMatchObject({ objectID: 'p1', decidedBy: 'asc(price)', value: 3, other: 10 });
    const left = PHONES.map((p) => p.objectID).filter((id) => id !== 'p3' && !shown.includes(id));
    expect(left.length).toBeGreaterThan(0);
    const out = await emulator.explain({ indexName: 'shop_price_asc', objectID: left[0], query: 'phone' });
    expect(out.reasons.map((r) => r.kind)).toEqual(['relevancy-strictness']);
  });
});

describe('why not: the setting that decided, named', () => {
  it('a filter on an attribute filters cannot read names attributesForFaceting, not the record', async () => {
    const emulator = await shop({ attributesForFaceting: ['filterOnly(price)'] });
    const e = await explain(emulator, { objectID: 'p1', query: 'phone', filters: 'brand:acme' });
    expect(e.reasons).toEqual([
      {
        kind: 'filter-not-declared',
        filters: ['"brand":"acme"'],
        setting: 'attributesForFaceting',
        attribute: 'brand',
        message:
          '`"brand":"acme"` matches no record: brand is not in attributesForFaceting, and filters read only the attributes declared there (this record\'s brand is "acme"; add "filterOnly(brand)" or "brand")',
      },
    ]);
    expect(e.text).not.toContain('it fails');
    // The same filter once declared: the record passes it, as search says.
    await emulator.setSettings({ indexName: 'shop', indexSettings: { attributesForFaceting: ['filterOnly(brand)'] } });
    expect((await explain(emulator, { objectID: 'p1', query: 'phone', filters: 'brand:acme' })).found).toBe(true);
    // A record whose value differs fails the filter itself.
    const zeta = await explain(emulator, { objectID: 'p2', query: 'phone', filters: 'brand:acme' });
    expect(zeta.reasons).toEqual([expect.objectContaining({ kind: 'filter', filters: ['"brand":"acme"'] })]);
  });

  it('a numeric filter numericAttributesForFiltering does not allow names that setting', async () => {
    const emulator = await shop({ numericAttributesForFiltering: ['equalOnly(price)'] });
    const range = await explain(emulator, { objectID: 'p1', query: 'phone', filters: 'price > 5' });
    expect(range.reasons).toEqual([
      expect.objectContaining({
        kind: 'filter-not-declared',
        setting: 'numericAttributesForFiltering',
        attribute: 'price',
        message:
          '`"price" > 5` matches no record: numericAttributesForFiltering lists equalOnly(price), which takes = and != only (this record\'s price is 10)',
      }),
    ]);
    expect((await explain(emulator, { objectID: 'p1', query: 'phone', filters: 'price = 10' })).found).toBe(true);
    await emulator.setSettings({ indexName: 'shop', indexSettings: { numericAttributesForFiltering: ['stock'] } });
    const unlisted = await explain(emulator, { objectID: 'p1', query: 'phone', numericFilters: ['price=10'] });
    expect(unlisted.reasons[0].message).toBe(
      '`"price" = 10` matches no record: numericAttributesForFiltering does not list price, and numeric filters read only the attributes it lists (this record\'s price is 10)',
    );
  });

  it('a typo budget of 0 names the setting that set it', async () => {
    const emulator = await shop({ searchableAttributes: ['name', 'brand', 'code'] });
    await emulator.saveObject({ indexName: 'shop', body: { objectID: 'p9', name: 'phone', code: '12345' } });
    const why = async (request: Omit<ExplainRequest, 'indexName' | 'objectID'>) => {
      const [reason] = (await explain(emulator, { objectID: 'p9', ...request })).reasons;
      return { setting: reason.setting, message: reason.message };
    };
    const near = '"phome" is not in it; the nearest word, "phone" (name), is 1 typo away, and';
    expect(await why({ query: 'phome', typoTolerance: false })).toEqual({
      setting: 'typoTolerance',
      message: `${near} typoTolerance is false: no word may have a typo`,
    });
    expect(await why({ query: 'phome', minWordSizefor1Typo: 6 })).toEqual({
      setting: 'minWordSizefor1Typo',
      message: `${near} a 5-letter word may have 0 typos (minWordSizefor1Typo 6, minWordSizefor2Typos 8)`,
    });
    expect(await why({ query: '12346', allowTyposOnNumericTokens: false })).toEqual({
      setting: 'allowTyposOnNumericTokens',
      message:
        '"12346" is not in it; the nearest word, "12345" (code), is 1 typo away, and allowTyposOnNumericTokens is false: a number matches only as written',
    });
    await emulator.setSettings({ indexName: 'shop', indexSettings: { disableTypoToleranceOnWords: ['phome'] } });
    expect(await why({ query: 'phome' })).toEqual({
      setting: 'disableTypoToleranceOnWords',
      message: `${near} disableTypoToleranceOnWords lists "phome": it matches only as written`,
    });
    await emulator.setSettings({
      indexName: 'shop',
      indexSettings: { disableTypoToleranceOnWords: [], disableTypoToleranceOnAttributes: ['name'] },
    });
    expect(await why({ query: 'phome' })).toEqual({
      setting: 'disableTypoToleranceOnAttributes',
      message: `${near} typos are not allowed in name (disableTypoToleranceOnAttributes)`,
    });
    // Each setting undone, search finds it: the reason named the one cause.
    await emulator.setSettings({ indexName: 'shop', indexSettings: { disableTypoToleranceOnAttributes: [] } });
    expect((await explain(emulator, { objectID: 'p9', query: 'phome' })).found).toBe(true);
  });

  it('a stop word the record lacks says why removeStopWords kept it', async () => {
    const emulator = await shop();
    const reason = async (query: string, params: Record<string, unknown> = {}) =>
      (await explain(emulator, { objectID: 'p1', query, ...params })).reasons[0];
    expect(await reason('the phone')).toMatchObject({
      kind: 'word-not-found',
      word: 'the',
      setting: 'removeStopWords',
      message: expect.stringMatching(
        /; "the" is a stop word \(.*\ben\b.*\), and removeStopWords is off: the query keeps it, so a record must hold it$/,
      ),
    });
    expect(await reason('the phone', { removeStopWords: ['fr'] })).toMatchObject({
      message: expect.stringMatching(/, but removeStopWords applies to fr only$/),
    });
    expect(await reason('phone the', { removeStopWords: true, queryLanguages: ['en'] })).toMatchObject({
      message: expect.stringMatching(
        /"the" is a stop word \(en\), but the last query word is read as a prefix, and removeStopWords never removes a prefix$/,
      ),
    });
    // Removed, the record matches: nothing to explain.
    expect((await explain(emulator, { objectID: 'p1', query: 'the phone', removeStopWords: ['en'] })).found).toBe(true);
    // A word that is no stop word gets no note.
    expect((await reason('phone unicorn')).setting).toBeUndefined();
  });

  it('a match in an unretrievable attribute says the hit will not show it, for a search key', async () => {
    const emulator = await shop({ unretrievableAttributes: ['brand'] });
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const asKey = await explain(emulator, { objectID: 'p1', query: 'acme', apiKey: key });
    expect(asKey.found).toBe(true);
    expect(asKey.words).toEqual([expect.objectContaining({ word: 'acme', attribute: 'brand', unretrievable: true })]);
    expect(asKey.text).toContain(
      'Words: "acme" -> "acme" in brand (unretrievableAttributes: this key’s hits do not show it).',
    );
    const hit = (
      await emulator.as({ apiKey: key }).searchSingleIndex({ indexName: 'shop', searchParams: { query: 'acme' } })
    ).hits[0] as Record<string, unknown>;
    expect(hit.brand).toBeUndefined();
    // The admin key sees every attribute: nothing to say.
    const admin = await explain(emulator, { objectID: 'p1', query: 'acme' });
    expect(admin.words[0].unretrievable).toBeUndefined();
    expect(admin.text).not.toContain('unretrievable');
  });

  it('distinct names itself and its attribute; a record without the attribute is never grouped', async () => {
    const emulator = await shop({ attributeForDistinct: 'brand', distinct: true });
    await emulator.saveObject({ indexName: 'shop', body: { objectID: 'p5', name: 'phone' } });
    await emulator.saveObject({ indexName: 'shop', body: { objectID: 'p6', name: 'phone' } });
    const grouped = await explain(emulator, { objectID: 'p4', query: 'phone' });
    expect(grouped.reasons).toEqual([
      {
        kind: 'distinct',
        setting: 'distinct',
        attribute: 'brand',
        shownInstead: ['p1'],
        message: 'distinct keeps 1 record per brand value, and p1 ranks before it',
      },
    ]);
    // p5 and p6 lack brand: each is a group of its own, both shown.
    for (const objectID of ['p5', 'p6'])
      expect((await explain(emulator, { objectID, query: 'phone' })).found, objectID).toBe(true);
  });

  it('a rule’s hide names the rule, even when the query also changed', async () => {
    const emulator = await shop();
    await emulator.saveRule({
      indexName: 'shop',
      objectID: 'hide-p1',
      rule: {
        objectID: 'hide-p1',
        conditions: [{ pattern: 'phone', anchoring: 'contains' }],
        consequence: {
          hide: [{ objectID: 'p1' }],
          params: { query: { edits: [{ type: 'remove', delete: 'cheap' }] } },
        },
      },
    });
    const e = await explain(emulator, { objectID: 'p1', query: 'cheap phone' });
    expect(e.reasons).toEqual([{ kind: 'rule-hide', ruleID: 'hide-p1', message: 'rule "hide-p1" hides it' }]);
    expect(e.text).toContain('- rule "hide-p1" hides it.');
    // Without rules search returns it: the hide alone kept it out.
    expect((await explain(emulator, { objectID: 'p1', query: 'cheap phone', enableRules: false })).reasons).toEqual([
      expect.objectContaining({ kind: 'word-not-found', word: 'cheap' }),
    ]);
  });
});
