// The switches: modes from the options or SEARCH_EMULATOR_*, and record mode's explicit opt-in.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { createHandlers } from '../../src/msw';
import { createRequester } from '../../src';
import { createRecorder, memoryStore } from '../../src/record';

const emulator = createEmulator();
const target = { SEARCH_EMULATOR_TARGET_APP_ID: 'REALAPP', SEARCH_EMULATOR_TARGET_API_KEY: 'real-key' };

describe('createRecorder', () => {
  it('verifies by default, and reads its mode and strictness from the environment', () => {
    expect(createRecorder(emulator, { env: {} })).toMatchObject({ mode: 'verify', strict: false });
    expect(
      createRecorder(emulator, { env: { SEARCH_EMULATOR_MODE: 'replay', SEARCH_EMULATOR_STRICT: '1' } }),
    ).toMatchObject({
      mode: 'replay',
      strict: true,
    });
    // An option given in code wins over its variable.
    expect(
      createRecorder(emulator, {
        mode: 'off',
        strict: false,
        env: { SEARCH_EMULATOR_MODE: 'replay', SEARCH_EMULATOR_STRICT: '1' },
      }),
    ).toMatchObject({
      mode: 'off',
      strict: false,
    });
    expect(() => createRecorder(emulator, { env: { SEARCH_EMULATOR_MODE: 'recrod' } })).toThrow(
      'unknown recorder mode "recrod" (SEARCH_EMULATOR_MODE): verify, record, replay, off',
    );
  });

  it('refuses to record without a target and the opt-in that repeats its application ID', () => {
    const record = (env: Record<string, string>) => () =>
      createRecorder(emulator, { env: { SEARCH_EMULATOR_MODE: 'record', ...env } });
    expect(record({})).toThrow(
      /record mode refused: the target application is missing \(SEARCH_EMULATOR_TARGET_APP_ID and SEARCH_EMULATOR_TARGET_API_KEY\)/,
    );
    expect(record(target)).toThrow(
      /writing to REALAPP was not allowed \(set SEARCH_EMULATOR_ALLOW_WRITES_TO=REALAPP\)/,
    );
    expect(record({ ...target, SEARCH_EMULATOR_ALLOW_WRITES_TO: 'OTHERAPP' })).toThrow(
      /SEARCH_EMULATOR_ALLOW_WRITES_TO is "OTHERAPP", the target is "REALAPP"/,
    );
    expect(record(target)).toThrow(/use a dedicated test application/);
    expect(record({ ...target, SEARCH_EMULATOR_ALLOW_WRITES_TO: 'REALAPP' })().mode).toBe('record');
    // In code: the same opt-in.
    expect(() =>
      createRecorder(emulator, { mode: 'record', target: { appId: 'REALAPP', apiKey: 'k' }, env: {} }),
    ).toThrow(/not allowed/);
    expect(
      createRecorder(emulator, {
        mode: 'record',
        target: { appId: 'REALAPP', apiKey: 'k' },
        allowWritesTo: 'REALAPP',
        env: {},
      }).mode,
    ).toBe('record');
  });

  it('is refused by the handlers and the requester of another emulator', () => {
    const recorder = createRecorder(emulator, { env: {} });
    const other = createEmulator();
    expect(() => createHandlers(other, { recorder })).toThrow('this recorder was created for another emulator');
    expect(() => createRequester(other, { recorder })).toThrow('this recorder was created for another emulator');
  });

  it('steps aside when off: no hooks, the emulator answers, nothing is kept', async () => {
    const hooks: string[] = [];
    const runner = {
      expect: { getState: () => ({ testPath: 'a.test.ts', currentTestName: 't' }) },
      afterEach: () => hooks.push('afterEach'),
      afterAll: () => hooks.push('afterAll'),
    };
    const recorder = createRecorder(emulator, { mode: 'off', runner, env: {} });
    expect(hooks).toEqual([]);
    expect(await recorder.endTest()).toBeUndefined();
    expect(await recorder.save()).toEqual([]);
    createRecorder(emulator, { mode: 'verify', runner, env: {} });
    expect(hooks).toEqual(['afterEach', 'afterAll']);
  });
});

describe('a recorder that cannot work', () => {
  it('answers 500 naming why (a recording that is not one), never failing the client call itself', async () => {
    const store = memoryStore({ 'a.test.ts': { format: 'something else', tests: {} } as never });
    const broken = createEmulator();
    const recorder = createRecorder(broken, { mode: 'replay', store, env: {} });
    recorder.startTest('a.test.ts', 't');
    const requester = createRequester(broken, { recorder });
    const answer = await requester.send({
      method: 'GET',
      url: `https://${broken.appId}-dsn.algolia.net/1/indexes`,
      headers: { 'x-algolia-application-id': broken.appId, 'x-algolia-api-key': broken.adminApiKey },
    });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.content).message).toBe(
      'Internal emulator error: search-emulator: memory:a.test.ts is not a recording (its format is not "search-emulator/recording@1")',
    );
  });
});
