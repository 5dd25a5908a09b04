import { afterEach, describe, expect, it, vi } from 'vitest';
import { warnIfUncontrolled } from '../../src/storybook/uncontrolled';

/** Storybook's preview warns when a story's msw handlers cannot see its requests. */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function page(controller: unknown) {
  vi.stubGlobal('navigator', { serviceWorker: { controller } });
  return vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

describe('a story in a page no service worker controls', () => {
  it('is said once per story, naming it, when the story has msw handlers', () => {
    const warn = page(null);
    warnIfUncontrolled({ id: 'products--uncontrolled', parameters: { msw: [] } });
    warnIfUncontrolled({ id: 'products--uncontrolled', parameters: { msw: [] } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /"products--uncontrolled" has msw handlers, but no service worker controls this page.*go to the network/,
    );
  });

  it('is not said when a worker controls the page, or the story has no msw handlers', () => {
    const warn = page({ state: 'activated' });
    warnIfUncontrolled({ id: 'products--controlled', parameters: { msw: [] } });
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    warnIfUncontrolled({ id: 'docs--no-msw', parameters: {} });
    warnIfUncontrolled({ id: 'docs--no-parameters' });
    vi.stubGlobal('navigator', {});
    warnIfUncontrolled({ id: 'products--no-service-workers', parameters: { msw: [] } });
    expect(warn).not.toHaveBeenCalled();
  });
});
