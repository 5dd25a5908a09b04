import { describe, expect, it } from 'vitest';
import {
  narrowParameters,
  parseRestrictions,
  refererAllowed,
  sourceRestrictionAllows,
  validAt,
} from '../../src/emulator/security/restrictions';
import { generateSecuredApiKey, sameHash, splitSecuredKey } from '../../src/emulator/security/secured';

// Hand-written edges of the restriction rules, each one a mutation testing found unpinned.
describe('restriction lists', () => {
  it('read comma lists (v5 clients, spaces trimmed) and JSON arrays (v4 clients)', () => {
    expect(parseRestrictions('restrictIndices=a, b ,c').restrictIndices).toEqual(['a', 'b', 'c']);
    expect(parseRestrictions(`restrictIndices=${encodeURIComponent('["a","b"]')}`).restrictIndices).toEqual(['a', 'b']);
    expect(parseRestrictions(`referers=${encodeURIComponent(' [1,"x"] ')}`).referers).toEqual(['1', 'x']);
    // Not JSON after all, or JSON that is no list: read as commas.
    expect(parseRestrictions(`restrictIndices=${encodeURIComponent('[a,b')}`).restrictIndices).toEqual(['[a', 'b']);
    expect(parseRestrictions('restrictIndices=').restrictIndices).toEqual([]);
    expect(parseRestrictions('restrictIndices=%20%20').restrictIndices).toEqual([]);
  });
});

describe('referers', () => {
  it('no patterns admit anything; patterns refuse a request without a referer', () => {
    expect(refererAllowed(undefined, undefined)).toBe(true);
    expect(refererAllowed([], undefined)).toBe(true);
    expect(refererAllowed(['*.shop.test/*'], undefined)).toBe(false);
    expect(refererAllowed(['*'], '')).toBe(false);
    expect(refererAllowed(['https://shop.test/*'], 'https://shop.test/cart')).toBe(true);
    expect(refererAllowed(['https://shop.test/*'], 'https://other.test/cart')).toBe(false);
  });
});

describe('restrictSources', () => {
  it('admits an address inside any of the networks, separated by ; or ,', () => {
    expect(sourceRestrictionAllows(undefined, '10.0.0.1')).toBe(true);
    expect(sourceRestrictionAllows('  ', '10.0.0.1')).toBe(true);
    expect(sourceRestrictionAllows('192.168.0.0/16;10.0.0.0/8', '10.1.2.3')).toBe(true);
    expect(sourceRestrictionAllows('192.168.0.0/16,10.0.0.0/8', '192.168.9.9')).toBe(true);
    expect(sourceRestrictionAllows('192.168.0.0/16;10.0.0.0/8', '172.16.0.1')).toBe(false);
    // A network that does not parse admits nothing, the others still do.
    expect(sourceRestrictionAllows('nonsense;10.0.0.0/8', '10.0.0.1')).toBe(true);
    expect(sourceRestrictionAllows('nonsense', '10.0.0.1')).toBe(false);
  });
});

describe('validUntil', () => {
  it('admits its own second and refuses the next millisecond', () => {
    expect(validAt(undefined, 1e15)).toBe(true);
    expect(validAt(1_700_000_000, 1_700_000_000_000)).toBe(true);
    expect(validAt(1_700_000_000, 1_700_000_000_001)).toBe(false);
    expect(validAt(Number.NaN, 0)).toBe(false);
    expect(validAt(Number.POSITIVE_INFINITY, 0)).toBe(false);
  });
});

describe('narrowing the parent key’s parameters', () => {
  it('ANDs filters, concatenates filter lists, and keeps the parent’s when the secured key adds none', () => {
    const parent = { filters: 'brand:A', facetFilters: '["color:red"]', hitsPerPage: '5' };
    expect(narrowParameters(parent, undefined)).toEqual(parent);
    expect(narrowParameters(parent, { filters: '  ', facetFilters: '' })).toEqual({
      filters: 'brand:A',
      facetFilters: '["color:red"]',
      hitsPerPage: '5',
    });
    expect(narrowParameters(parent, { filters: 'price < 10', facetFilters: '[["size:S","size:M"]]' })).toEqual({
      filters: '(brand:A) AND (price < 10)',
      facetFilters: '["color:red",["size:S","size:M"]]',
      hitsPerPage: '5',
    });
    // Parent without filters: the secured key's own stand alone.
    expect(narrowParameters({}, { filters: 'price < 10' })).toEqual({ filters: 'price < 10' });
  });
});

describe('secured key shape', () => {
  it('is base64 of 64 lowercase hex digits and the query; anything else is no secured key', async () => {
    const key = await generateSecuredApiKey('parent', { restrictIndices: ['a'], validUntil: 100 });
    const parts = splitSecuredKey(key);
    expect(parts?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(parts?.query).toBe('restrictIndices=a&validUntil=100');
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    expect(splitSecuredKey(b64('f'.repeat(63)))).toBeUndefined();
    expect(splitSecuredKey(b64('f'.repeat(64)))).toEqual({ hash: 'f'.repeat(64), query: '' });
    expect(splitSecuredKey(b64(`${'F'.repeat(64)}a=1`))).toBeUndefined();
    expect(splitSecuredKey(b64(`x${'f'.repeat(64)}`))).toBeUndefined();
    expect(splitSecuredKey(`${b64('f'.repeat(64))}!`)).toBeUndefined();
    expect(splitSecuredKey(`!${b64('f'.repeat(64))}`)).toBeUndefined();
    // Bytes that are not UTF-8.
    expect(splitSecuredKey(Buffer.from([0xff, ...Buffer.from('f'.repeat(64))]).toString('base64'))).toBeUndefined();
  });

  it('compares hashes whole', () => {
    expect(sameHash('abc', 'abc')).toBe(true);
    expect(sameHash('abc', 'abd')).toBe(false);
    expect(sameHash('abc', 'ab')).toBe(false);
    expect(sameHash('ab', 'abc')).toBe(false);
    expect(sameHash('', '')).toBe(true);
  });
});
