import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES, type Api } from '../support/surfaces';

const open = setupSurfaces();

/** A direct call throws the answer; the real client retries a 5xx, then keeps each answer in its trace. */
async function answer(call: Promise<unknown>): Promise<number | undefined> {
  const error = (await call.then(
    () => ({}),
    (caught: unknown) => caught,
  )) as { status?: number; stackTrace?: { response?: { status: number } }[] };
  return error.stackTrace?.at(-1)?.response?.status ?? error.status;
}

/**
 * The field catalogue of the patterns API needs no right: its OpenAPI operation declares
 * `security: []` and `x-acl: []` ("No authentication is required"), and the v5 client's
 * documentation lists no ACL. The queries over the catalogue need `analytics`.
 */
describe.each(SURFACES)('the /3/patterns rights (%s)', (surface) => {
  it('getPatternsFields is open to any valid key; the pattern queries need analytics', async () => {
    const { emulator } = open(surface);
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const analytics = (surface === 'direct'
      ? emulator.as({ apiKey: key })
      : algoliasearch(emulator.appId, key).initAnalytics({})) as unknown as Api;
    expect((await analytics.getPatternsFields()).domains.core.metrics.length).toBeGreaterThan(0);
    expect(
      await answer(
        analytics.queryPatternsTable({
          tablePayload: { metrics: [], parameters: [{ kind: 'indices', value: ['products'] }] },
        }),
      ),
    ).toBe(403);
  });
});
