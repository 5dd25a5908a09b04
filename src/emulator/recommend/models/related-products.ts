import type { Interaction, Training } from '../state';
import { derived, ranked, recentInteractions, type Scored } from './common';
import { contentIndex, scalars } from './content';

/** How much one event weighs in a user's interest in a record. */
const INTERACTION_WEIGHTS: Readonly<Record<Interaction['kind'], number>> = { view: 1, click: 1, conversion: 2 };
/** Below this many records related through events, records sharing attribute values fill in. */
const MIN_COLLABORATIVE = 10;

interface Vectors {
  /** objectID -> user -> summed event weights. */
  readonly byRecord: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** user -> objectID -> summed event weights. */
  readonly byUser: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** objectID -> Euclidean norm of its user vector. */
  readonly norms: ReadonlyMap<string, number>;
}

/**
 * related-products: each record is a vector over users (views and clicks weigh 1, conversions
 * 2, summed); a record scores, for a source, the cosine of their vectors in percent. When fewer
 * than {@link MIN_COLLABORATIVE} records relate to the source through events, the records
 * sharing attribute values with it join with their Jaccard index of `attribute=value` pairs
 * in percent (see content.ts for the attributes).
 */
export function relatedProducts(training: Training, source: string): Scored[] {
  const vectors = derived(training, 'related-products', () => vectorsOf(training));
  const strengths = cosines(vectors, source);
  if (strengths.size < MIN_COLLABORATIVE) {
    for (const [objectID, share] of sharedValues(training, source))
      if (!strengths.has(objectID)) strengths.set(objectID, share);
  }
  return ranked(strengths, (strength) => 100 * strength);
}

function vectorsOf(training: Training): Vectors {
  const byRecord = new Map<string, Map<string, number>>();
  const byUser = new Map<string, Map<string, number>>();
  const add = <A, B>(map: Map<A, Map<B, number>>, a: A, b: B, weight: number) => {
    let inner = map.get(a);
    if (!inner) map.set(a, (inner = new Map()));
    inner.set(b, (inner.get(b) ?? 0) + weight);
  };
  for (const { user, objectID, kind } of recentInteractions(training, ['view', 'click', 'conversion'])) {
    add(byRecord, objectID, user, INTERACTION_WEIGHTS[kind]);
    add(byUser, user, objectID, INTERACTION_WEIGHTS[kind]);
  }
  const norms = new Map<string, number>();
  for (const [objectID, users] of byRecord) {
    let sum = 0;
    for (const weight of users.values()) sum += weight * weight;
    norms.set(objectID, Math.sqrt(sum));
  }
  return { byRecord, byUser, norms };
}

function cosines({ byRecord, byUser, norms }: Vectors, source: string): Map<string, number> {
  const dots = new Map<string, number>();
  for (const [user, mine] of byRecord.get(source) ?? []) {
    for (const [objectID, theirs] of byUser.get(user)!)
      if (objectID !== source) dots.set(objectID, (dots.get(objectID) ?? 0) + mine * theirs);
  }
  const norm = norms.get(source) ?? 0;
  for (const [objectID, dot] of dots) dots.set(objectID, dot / (norm * norms.get(objectID)!));
  return dots;
}

/** Jaccard index of `attribute=value` pairs between the source item and each record sharing one. */
function sharedValues(training: Training, source: string): Map<string, number> {
  const { attributes, holders } = contentIndex(training, training.config.relatedProducts);
  const shares = new Map<string, number>();
  const mine = training.records.get(source);
  if (!mine) return shares;
  const sizes = derived(training, `pairs\u0000${attributes.join('\u0000')}`, () => pairCounts(training, attributes));
  const common = new Map<string, number>();
  for (const attribute of attributes) {
    for (const value of new Set(scalars(mine, attribute))) {
      for (const objectID of holders.get(attribute)!.get(value) ?? [])
        if (objectID !== source) common.set(objectID, (common.get(objectID) ?? 0) + 1);
    }
  }
  const own = sizes.get(source) ?? 0;
  for (const [objectID, count] of common) shares.set(objectID, count / (own + sizes.get(objectID)! - count));
  return shares;
}

/** objectID -> how many distinct `attribute=value` pairs the record holds. */
function pairCounts(training: Training, attributes: readonly string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const [objectID, record] of training.records) {
    let size = 0;
    for (const attribute of attributes) size += new Set(scalars(record, attribute)).size;
    sizes.set(objectID, size);
  }
  return sizes;
}
