import type { InvertedIndex } from './inverted-index';

/**
 * Per term, the ids of the docs holding it, each once, ascending (ids of removed docs included
 * until compaction), as `Map.has` / `Map.get` read them: built from the flat postings on first
 * read and extended as they grow, so a write builds no doc list per term (only candidate lookups
 * of some queries read them). No list for a term without occurrences.
 */
export class TermDocLists {
  /** Per term id read so far: its list, and how many of the term's flat occurrences it covers. */
  private readonly lists = new Map<number, { readonly ids: number[]; covered: number }>();

  constructor(private readonly index: InvertedIndex) {}

  has(term: string): boolean {
    const termId = this.index.termId(term);
    return termId >= 0 && this.index.flat(termId).docs.length > 0;
  }

  get(term: string): number[] | undefined {
    const termId = this.index.termId(term);
    if (termId < 0) return undefined;
    const { docs } = this.index.flat(termId);
    if (docs.length === 0) return undefined;
    let list = this.lists.get(termId);
    if (list === undefined) this.lists.set(termId, (list = { ids: [], covered: 0 }));
    for (let k = list.covered; k < docs.length; k++) if (k === 0 || docs[k] !== docs[k - 1]) list.ids.push(docs[k]);
    list.covered = docs.length;
    return list.ids;
  }

  /** Forgets the lists built (compaction rewrote the flat postings). */
  clear(): void {
    this.lists.clear();
  }
}
