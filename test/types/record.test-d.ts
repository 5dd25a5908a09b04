import * as jest from '@jest/globals';
import { afterAll, afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createEmulator } from '../../src';
import { createHandlers } from '../../src/msw';
import {
  createRecorder,
  normalize,
  type Normalizer,
  type Recorder,
  type RunnerHooks,
  type TestReport,
} from '../../src/record';

const emulator = createEmulator();

describe('search-emulator/record', () => {
  it("takes Vitest's and Jest's own expect, afterEach and afterAll as the runner", () => {
    expectTypeOf({ expect, afterEach, afterAll }).toMatchTypeOf<RunnerHooks>();
    expectTypeOf({
      expect: jest.expect,
      afterEach: jest.afterEach,
      afterAll: jest.afterAll,
    }).toMatchTypeOf<RunnerHooks>();
    // @ts-expect-error a runner needs afterAll (the file's recording is written there)
    createRecorder(emulator, { runner: { expect, afterEach } });
  });

  it('is what createHandlers takes, and reports per test', () => {
    const recorder = createRecorder(emulator, { runner: { expect, afterEach, afterAll } });
    expectTypeOf(recorder).toMatchTypeOf<Recorder>();
    createHandlers(emulator, { recorder });
    expectTypeOf(recorder.endTest()).resolves.toEqualTypeOf<TestReport | undefined>();
    // @ts-expect-error the modes are named
    createRecorder(emulator, { mode: 'recrod' });
  });

  it('builds normalizers from paths, patterns and functions', () => {
    expectTypeOf(normalize.ignore('**.processingTimeMS')).toEqualTypeOf<Normalizer>();
    expectTypeOf(normalize.placeholder('token', ['**.token'], { params: ['token'] })).toEqualTypeOf<Normalizer>();
    normalize.custom('mine', (exchange, context) => {
      expectTypeOf(exchange.response.status).toEqualTypeOf<number>();
      expectTypeOf(context.side).toEqualTypeOf<'recorded' | 'emulator'>();
    });
  });
});
