import type { Algoliasearch } from 'algoliasearch';
import type { Emulator } from '../../src';
import type { Api, Surface } from '../support/surfaces';

/** The A/B testing API of a surface: the emulator's `initAbtesting()` / `initAbtestingV3()`, or the v5 client's. */
export function abtesting(surface: Surface, emulator: Emulator, client: Algoliasearch, version: 2 | 3): Api {
  if (surface === 'direct')
    return (version === 2 ? emulator.initAbtesting() : emulator.initAbtestingV3()) as unknown as Api;
  return (version === 2 ? client.initAbtesting({}) : client.initAbtestingV3({})) as unknown as Api;
}

/** Two small indices, `products` (the control) and `products_b`, whose records tell them apart. */
export async function seedIndices(emulator: Emulator): Promise<void> {
  await emulator.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'a1', name: 'phone', brand: 'acme' },
      { objectID: 'a2', name: 'phone case', brand: 'acme' },
    ],
  });
  await emulator.saveObjects({ indexName: 'products_b', objects: [{ objectID: 'b1', name: 'phone', brand: 'bolt' }] });
}

/** A v2 test body on `products` / `products_b` ending on 2024-02-01 (the clock starts on 2024-01-01). */
export const twoIndices = (traffic: [number, number] = [50, 50]) => ({
  name: 'two indices',
  endAt: '2024-02-01T00:00:00Z',
  variants: [
    { index: 'products', trafficPercentage: traffic[0], description: 'control' },
    { index: 'products_b', trafficPercentage: traffic[1] },
  ],
});

/** Users who fall in each variant of a test: searches `count` users and groups them by `abTestVariantID`. */
export async function usersByVariant(emulator: Emulator, count: number, variants = 2): Promise<string[][]> {
  const groups: string[][] = Array.from({ length: variants }, () => []);
  for (let i = 0; i < count; i++) {
    const userToken = `user-${i}`;
    const res = (await emulator.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: '', userToken, analytics: false },
    })) as { abTestVariantID: number };
    groups[res.abTestVariantID - 1].push(userToken);
  }
  return groups;
}

/**
 * The status and message of a refused call on either surface: the real client retries a 5xx
 * on its other hosts, then reports them unreachable, keeping each answer in its trace.
 */
export async function answered(call: Promise<unknown>): Promise<{ status?: number; message?: string }> {
  const error = (await call.then(
    () => ({}),
    (caught: unknown) => caught,
  )) as { status?: number; message?: string; stackTrace?: { response?: { status: number; content: string } }[] };
  const last = error.stackTrace?.at(-1)?.response;
  if (last) return { status: last.status, message: (JSON.parse(last.content) as { message?: string }).message };
  return { status: error.status, message: error.message };
}
