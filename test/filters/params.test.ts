import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../src/emulator/search/filters';
import { refusal, setupSurfaces, SURFACES } from '../support/surfaces';

const records = [
  { objectID: '1', color: 'red', size: 'L' },
  { objectID: '2', color: 'blue', size: 'L' },
];
const settings = { attributesForFaceting: ['color', 'size'] };
const filters = '(color:red<score=2> OR size:L<score=3>)';

/** Each kept record's filter score under `sumOrFiltersScores: value`. */
function scores(value: unknown): number[] {
  const filter = compileFilter({ filters, sumOrFiltersScores: value }, settings);
  return records.map((record) => filter(record).score);
}

/** The 400 a call throws, as `{status, message}`. */
function thrown(call: () => unknown) {
  try {
    call();
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
  return undefined;
}

describe('the spellings of filter parameters, as a URL-encoded `params` string sends them', () => {
  it.each([true, 'true', '1', 1])('sumOrFiltersScores %j sums an OR group', (value) => {
    expect(scores(value)).toEqual([5, 3]);
  });

  it.each([false, 'false', '0', 0, '', null, undefined])('sumOrFiltersScores %j keeps its best', (value) => {
    expect(scores(value)).toEqual([3, 3]);
  });

  it.each([
    ['yes', '"yes"'],
    [2, '2'],
    ['TRUE', '"TRUE"'],
  ])('sumOrFiltersScores %j: 400', (value, shown) => {
    expect(thrown(() => scores(value))).toEqual({
      status: 400,
      message: `Parameter \`sumOrFiltersScores\` must be a boolean, got ${shown}`,
    });
  });

  it.each([
    [3, '3'],
    [['color:red'], '["color:red"]'],
  ])('filters %j: 400, a string only', (value, shown) => {
    expect(thrown(() => compileFilter({ filters: value }, settings))).toEqual({
      status: 400,
      message: `Parameter \`filters\` must be a string, got ${shown}`,
    });
  });

  it('filters null reads as none', () => {
    expect(records.map((record) => compileFilter({ filters: null }, settings)(record).match)).toEqual([true, true]);
  });
});

const open = setupSurfaces();

describe.each(SURFACES)('search for facet values parameters through %s calls', (surface) => {
  const COLORS = ['red', 'blue', 'green', 'black'].flatMap((color, i) =>
    Array.from({ length: i + 1 }, (_, k) => ({ objectID: `${color}-${k}`, color, size: k })),
  );
  async function facetValues(request: unknown) {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({ indexName: 'items', objects: COLORS });
    await emulator.setSettings({
      indexName: 'items',
      indexSettings: { attributesForFaceting: ['searchable(color)', 'size'] },
    });
    return api.searchForFacetValues({ indexName: 'items', facetName: 'color', searchForFacetValuesRequest: request });
  }
  const values = (answer: { facetHits: { value: string; count: number }[] }) =>
    answer.facetHits.map((hit) => `${hit.value}:${hit.count}`);

  it('no request: every value, by count', async () => {
    expect(values(await facetValues(undefined))).toEqual(['black:4', 'green:3', 'blue:2', 'red:1']);
  });

  it('reads the `params` string: filters, maxFacetHits as text', async () => {
    expect(values(await facetValues({ params: 'filters=size%3E0&maxFacetHits=2' }))).toEqual(['black:3', 'green:2']);
  });

  it('fields beside `params` win over it', async () => {
    expect(
      values(await facetValues({ params: 'facetQuery=re&maxFacetHits=1', facetQuery: 'bl', maxFacetHits: 3 })),
    ).toEqual(['black:4', 'blue:2']);
  });

  it('an empty maxFacetHits in `params` is the default', async () => {
    expect(values(await facetValues({ params: 'maxFacetHits=' }))).toHaveLength(4);
  });

  it.each<[string, unknown, string]>([
    ['maxFacetHits as words', { params: 'maxFacetHits=abc' }, 'Parameter `maxFacetHits` must be an integer, got "abc"'],
    ['maxFacetHits with a fraction', { maxFacetHits: 2.5 }, 'Parameter `maxFacetHits` must be an integer, got 2.5'],
    ['maxFacetHits as a boolean', { maxFacetHits: true }, 'Parameter `maxFacetHits` must be an integer, got true'],
    ['facetQuery as a number', { facetQuery: 5 }, 'Parameter `facetQuery` must be a string, got 5'],
    ['`params` as a number', { params: 5 }, '`params` must be a URL-encoded string'],
    ['a body that is a list', [1], 'Search parameters must be a JSON object'],
  ])('%s: 400', async (_name, request, message) => {
    expect(await refusal(facetValues(request))).toEqual({ status: 400, message });
  });

  // The client sends a string request as its own encoding; a direct call hands it over as is.
  it.runIf(surface === 'direct')('a body that is a string: 400', async () => {
    expect(await refusal(facetValues('facetQuery=re'))).toEqual({
      status: 400,
      message: 'Search parameters must be a JSON object',
    });
  });
});
