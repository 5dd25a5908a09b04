import { describe, expect, expectTypeOf, it } from 'vitest';
import { createEmulator, type Duration, type MatchableName, type OperationName } from '../../src';
import '../../src/vitest';

const emulator = createEmulator();

describe('operation names are typed from the route table', () => {
  it('takes the route names, the helpers and the ...WithHTTPInfo methods in matchers and journal filters', () => {
    expectTypeOf<'saveObject'>().toExtend<OperationName>();
    expectTypeOf<'saveObjects'>().toExtend<MatchableName>();
    expectTypeOf<'searchSingleIndexWithHTTPInfo'>().toExtend<MatchableName>();
    expectTypeOf<'saveObjects'>().not.toExtend<OperationName>();
    expect(emulator).toHaveReceived('saveObjects', { indexName: 'products' });
    expect(emulator).toHaveReceivedTimes('browseObjects', 1, {}, { includeDirect: true });
    emulator.journal.of(['batch', 'waitForTask']);
    emulator.journal.filter({ operation: 'replaceAllObjects', surface: ['msw', 'requester'] });
  });

  it('refuses a misspelt name wherever one is given', () => {
    // @ts-expect-error: no such operation
    expect(emulator).toHaveReceived('saveObjet');
    // @ts-expect-error: no such operation
    expect(emulator).not.toHaveReceivedTimes('serchSingleIndex', 0);
    // @ts-expect-error: no such operation
    emulator.journal.of('deleteIndexx');
    // @ts-expect-error: no such operation
    emulator.journal.filter({ operation: ['batch', 'bach'] });
    // @ts-expect-error: no such surface
    emulator.journal.filter({ surface: 'http' });
    // @ts-expect-error: no such operation
    emulator.faults.error(503, { operation: 'getObjet' });
    // @ts-expect-error: faults act on routes; a helper is several requests
    emulator.faults.down({ operation: 'saveObjects' });
  });

  it('types explain() options as search parameters', () => {
    void emulator.explain({ indexName: 'p', objectID: 'a', query: 'phone', hitsPerPage: 5, filters: 'brand:acme' });
    // @ts-expect-error: `hitsPerPag` is not a search parameter
    void emulator.explain({ indexName: 'p', objectID: 'a', hitsPerPag: 5 });
    // @ts-expect-error: the objectID is required
    void emulator.explain({ indexName: 'p', query: 'phone' });
  });
});

describe('durations are typed', () => {
  it('takes milliseconds, parts and one to three <number><unit> parts', () => {
    const ok: Duration[] = [
      250,
      '250ms',
      '90s',
      '2sec',
      '5m',
      '5min',
      '1h30m',
      '1h 30m',
      '1d2h30m',
      '4d',
      '1w',
      '1.5h',
    ];
    expectTypeOf(ok).toEqualTypeOf<Duration[]>();
    emulator.clock.advance({ hours: 1, minutes: 30 });
    createEmulator({ indexingDelay: '2s', analyticsRefresh: '10m', analyticsRetention: '30d' });
    emulator.faults.latency('3s');
  });

  it('refuses words and typos', () => {
    // @ts-expect-error: units are abbreviated
    emulator.clock.advance('2 seconds');
    // @ts-expect-error: no unit
    emulator.clock.advance('2');
    // @ts-expect-error: not a unit
    createEmulator({ indexingDelay: '2sx' });
    // @ts-expect-error: no number
    emulator.faults.latency('ms');
  });
});
