import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src';
import { loadOptional, MissingPackage } from '../../src/emulator/optional';

describe('loadOptional', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the package when it is installed', async () => {
    const picomatch = await loadOptional('picomatch', () => import('picomatch'), 'Globbing');
    expect(typeof picomatch.default).toBe('function');
  });

  it('names the package to install when it is not: a 501, said once on the console', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // @ts-expect-error: not installed, on purpose
    const load = () => import('search-emulator-no-such-package');
    for (let i = 0; i < 2; i++) {
      const error = await loadOptional('search-emulator-no-such-package', load, 'Testing').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MissingPackage);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 501,
        packageName: 'search-emulator-no-such-package',
        message:
          'search-emulator: Testing needs the package search-emulator-no-such-package, which is not installed: ' +
          'npm i -D search-emulator-no-such-package',
      });
    }
    expect(errors.mock.calls).toEqual([[expect.stringMatching(/npm i -D search-emulator-no-such-package$/)]]);
  });

  it('lets any other failure through as it is (a package that is there but breaks)', async () => {
    const broken = Object.assign(new Error("Cannot find module './missing-inside' from 'cheerio'"), {
      code: 'MODULE_NOT_FOUND',
    });
    await expect(loadOptional('cheerio', () => Promise.reject(broken), 'Crawling')).rejects.toBe(broken);
    const thrown = new TypeError('boom');
    await expect(loadOptional('cheerio', () => Promise.reject(thrown), 'Crawling')).rejects.toBe(thrown);
  });
});
