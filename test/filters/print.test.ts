import { describe, expect, it } from 'vitest';
import { parseFilters, printFilters } from '../../src/emulator/search/filters';

describe('printFilters: the filters language, exactly', () => {
  it.each<[string, string]>([
    ['a:b', '"a":"b"'],
    ['a:b<score=1>', '"a":"b"'],
    ['a:b<score=2>', '"a":"b"<score=2>'],
    ['NOT _tags:x<score=0>', 'NOT _tags:"x"<score=0>'],
    ['a:b OR c:d', '("a":"b" OR "c":"d")'],
    ['a:b AND (c:d OR e:"f \\" g")', '"a":"b" AND ("c":"d" OR "e":"f \\" g")'],
    ['n > 1000000000000000000000', '"n" > 1000000000000000000000'],
    ['n < -1500000000000000000000', '"n" < -1500000000000000000000'],
    ['n = 0.0000001', '"n" = 0.0000001'],
    ['n:0.00000015 TO 12.5', '"n":0.00000015 TO 12.5'],
    ['NOT n != -0.000000123', 'NOT "n" != -0.000000123'],
  ])('%s', (filters, printed) => {
    const ast = parseFilters(filters);
    expect(printFilters(ast)).toBe(printed);
    expect(parseFilters(printed)).toEqual(ast);
  });
});
