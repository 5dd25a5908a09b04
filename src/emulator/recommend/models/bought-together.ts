import type { Training } from '../state';
import { DAY, derived, ranked, recentInteractions, type Scored } from './common';

interface Baskets {
  /** Each basket: the records one user converted on one UTC day. */
  readonly baskets: readonly ReadonlySet<string>[];
  /** objectID -> indices of the baskets holding it. */
  readonly holding: ReadonlyMap<string, readonly number[]>;
}

/**
 * bought-together: the records one user converted (clicked to cart, bought, or any conversion)
 * on the same UTC day form a basket. A record scores, for a source, the share of the source's
 * baskets that also hold it, in percent.
 */
export function boughtTogether(training: Training, source: string): Scored[] {
  const { baskets, holding } = derived(training, 'bought-together', () => basketsOf(training));
  const mine = holding.get(source) ?? [];
  const together = new Map<string, number>();
  for (const basket of mine) {
    for (const objectID of baskets[basket])
      if (objectID !== source) together.set(objectID, (together.get(objectID) ?? 0) + 1);
  }
  return ranked(together, (count) => (100 * count) / mine.length);
}

function basketsOf(training: Training): Baskets {
  const byKey = new Map<string, Set<string>>();
  for (const { user, objectID, at } of recentInteractions(training, ['conversion'])) {
    const key = `${user}\u0000${Math.floor(at / DAY)}`;
    let basket = byKey.get(key);
    if (!basket) byKey.set(key, (basket = new Set()));
    basket.add(objectID);
  }
  const baskets = [...byKey.values()];
  const holding = new Map<string, number[]>();
  baskets.forEach((basket, i) => {
    for (const objectID of basket) {
      let list = holding.get(objectID);
      if (!list) holding.set(objectID, (list = []));
      list.push(i);
    }
  });
  return { baskets, holding };
}
