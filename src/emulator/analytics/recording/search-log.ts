import type { RecordedFilter, RecordedSearch } from '../state';
import { Column, float64Column, int32Column, Interner, QueryIdColumn, StringInterner, uint32Column } from './columns';
import { RowList, type RowStore } from './row-list';

/** What a search shares with many others: its tags, filters and country, interned together. */
interface Context {
  readonly tags: readonly string[];
  readonly filters: readonly RecordedFilter[];
  readonly country: string | undefined;
}

/** What a keystroke needs of the same user's previous search (prefix aggregation). */
export interface Keystroke {
  readonly id: number;
  readonly at: number;
  readonly query: string;
}

/** One empty list for every search without tags, filters or hits. */
const NONE: readonly never[] = Object.freeze([]);

/** A query ID being filed, packed (one at a time). */
const packed = new Uint32Array(4);

/** Slots of the cache of recent hit lists (see {@link SearchRows.writeHits}). */
const HIT_LISTS = 1024;

/**
 * The recorded searches as rows of numbers: strings interned (index, query, user, object IDs),
 * tags, filters and country interned together, the query ID packed, the hits a range of a pool
 * of object IDs. A hit list equal to one met recently (the same query asked again, a page
 * re-rendered) points at that one's range instead of being stored again.
 */
class SearchRows implements RowStore<RecordedSearch, SearchRows> {
  count = 0;
  private readonly ids = int32Column();
  private readonly times = float64Column();
  private readonly indices = int32Column();
  private readonly queries = int32Column();
  private readonly users = int32Column();
  private readonly contexts = int32Column();
  private readonly nbHits = int32Column();
  /** `nbHits` that are not 32-bit integers (never an engine count; kept exact). */
  private readonly otherNbHits = new Map<number, number>();
  private readonly hitStarts = uint32Column();
  private readonly hitCounts = int32Column();
  private readonly replaces = int32Column();
  private readonly queryIDs = new QueryIdColumn();
  /** Interned object IDs of every row's hits, row after row (shared ranges aside). */
  private readonly pool: Column<Int32Array> = int32Column();
  private poolLength = 0;
  /** Hash of a hit list -> 1 + a row holding it (0: none): the lists met recently. */
  private readonly recentLists = new Int32Array(HIT_LISTS);
  /** Index ID -> user ID -> the last row of that user on that index. */
  private readonly lastOfUsers = new Map<number, Map<number, number>>();

  constructor(
    private readonly strings = new StringInterner(),
    private readonly shared = new Interner<Context>(),
  ) {}

  push(search: RecordedSearch): void {
    const row = this.count;
    const hits: number[] = [];
    for (const hit of search.hits) hits.push(this.strings.id(hit));
    this.writeHits(row, hits);
    this.write(
      row,
      search,
      this.strings.id(search.index),
      this.strings.id(search.query),
      this.strings.id(search.user),
      this.contextOf(search),
    );
  }

  read(row: number): RecordedSearch {
    const context = this.shared.value(this.contexts.get(row));
    const search: { -readonly [K in keyof RecordedSearch]?: RecordedSearch[K] } = {
      id: this.ids.get(row),
      at: this.times.get(row),
      index: this.strings.value(this.indices.get(row)),
      query: this.strings.value(this.queries.get(row)),
      user: this.strings.value(this.users.get(row)),
      tags: context.tags,
      nbHits: this.otherNbHits.get(row) ?? this.nbHits.get(row),
      hits: this.hitsOf(row),
      filters: context.filters,
    };
    const queryID = this.queryIDs.get(row);
    if (queryID !== undefined) search.queryID = queryID;
    if (context.country !== undefined) search.country = context.country;
    const replaces = this.replaces.get(row);
    if (replaces !== 0) search.replaces = replaces;
    return Object.freeze(search as RecordedSearch);
  }

  branch(from: number, to: number): SearchRows {
    const out = new SearchRows(this.strings, this.shared);
    const hits: number[] = [];
    for (let row = from; row < to; row++) {
      hits.length = 0;
      const start = this.hitStarts.get(row);
      for (let i = 0, n = this.hitCounts.get(row); i < n; i++) hits.push(this.pool.get(start + i));
      out.writeHits(out.count, hits);
      out.write(
        out.count,
        {
          id: this.ids.get(row),
          at: this.times.get(row),
          nbHits: this.otherNbHits.get(row) ?? this.nbHits.get(row),
          queryID: this.queryIDs.get(row),
          replaces: this.replaces.get(row) || undefined,
        },
        this.indices.get(row),
        this.queries.get(row),
        this.users.get(row),
        this.contexts.get(row),
      );
    }
    return out;
  }

  fresh(): SearchRows {
    return new SearchRows();
  }

  /** The ID of the tags, filters and country of `search` (the first search with them gives the stored copies). */
  private contextOf({ tags, filters, country }: RecordedSearch): number {
    // Most searches have no tags and no filters: no JSON to write (a JSON key starts with `[`).
    const key =
      tags.length === 0 && filters.length === 0
        ? country === undefined
          ? ''
          : `=${country}`
        : JSON.stringify([tags, filters, country ?? null]);
    const id = this.shared.idOf(key);
    if (id >= 0) return id;
    const copies = filters.map(({ attribute, operator, value }) => Object.freeze({ attribute, operator, value }));
    return this.shared.intern(key, {
      tags: tags.length === 0 ? NONE : Object.freeze([...tags]),
      filters: copies.length === 0 ? NONE : Object.freeze(copies),
      country,
    });
  }

  /** The ID of the search at `row`. */
  idAt(row: number): number {
    return this.ids.get(row);
  }

  /** The search a keystroke of `user` on `index` may replace: the last row of theirs in `[start, end)`, or -1. */
  lastOfUser(index: string, user: string, start: number, end: number): number {
    const indexId = this.strings.idOf(index);
    const userId = this.strings.idOf(user);
    if (indexId < 0 || userId < 0) return -1;
    if (end === this.count) {
      const row = this.lastOfUsers.get(indexId)?.get(userId) ?? -1;
      return row >= start ? row : -1;
    }
    // An older handle (restored, not appended to yet): rare, and read back from its end.
    for (let row = end - 1; row >= start; row--)
      if (this.indices.get(row) === indexId && this.users.get(row) === userId) return row;
    return -1;
  }

  keystroke(row: number): Keystroke {
    return { id: this.ids.get(row), at: this.times.get(row), query: this.strings.value(this.queries.get(row)) };
  }

  /** The ID a row replaced (0: none). */
  replacedAt(row: number): number {
    return this.replaces.get(row);
  }

  private write(
    row: number,
    search: Pick<RecordedSearch, 'id' | 'at' | 'nbHits' | 'queryID' | 'replaces'>,
    index: number,
    query: number,
    user: number,
    context: number,
  ): void {
    this.ids.set(row, search.id);
    this.times.set(row, search.at);
    this.indices.set(row, index);
    this.queries.set(row, query);
    this.users.set(row, user);
    this.contexts.set(row, context);
    this.nbHits.set(row, search.nbHits | 0);
    if ((search.nbHits | 0) !== search.nbHits) this.otherNbHits.set(row, search.nbHits);
    this.replaces.set(row, search.replaces ?? 0);
    this.queryIDs.set(row, search.queryID, packed);
    let users = this.lastOfUsers.get(index);
    if (!users) this.lastOfUsers.set(index, (users = new Map()));
    users.set(user, row);
    this.count = row + 1;
  }

  /** Files `row`'s hits (interned IDs): the range of an equal list met recently, else new ones in the pool. */
  private writeHits(row: number, hits: readonly number[]): void {
    let hash = 0x811c9dc5 | 0;
    for (const hit of hits) hash = Math.imul(hash ^ hit, 0x01000193);
    const slot = (hash ^ (hash >>> 16)) & (HIT_LISTS - 1);
    const seen = this.recentLists[slot] - 1;
    this.hitCounts.set(row, hits.length);
    if (seen >= 0 && this.sameHits(seen, hits)) {
      this.hitStarts.set(row, this.hitStarts.get(seen));
      return;
    }
    this.hitStarts.set(row, this.poolLength);
    for (const hit of hits) this.pool.set(this.poolLength++, hit);
    if (hits.length > 0) this.recentLists[slot] = row + 1;
  }

  private sameHits(row: number, hits: readonly number[]): boolean {
    if (this.hitCounts.get(row) !== hits.length) return false;
    const start = this.hitStarts.get(row);
    for (let i = 0; i < hits.length; i++) if (this.pool.get(start + i) !== hits[i]) return false;
    return true;
  }

  private hitsOf(row: number): readonly string[] {
    const n = this.hitCounts.get(row);
    if (n === 0) return NONE;
    const start = this.hitStarts.get(row);
    const hits: string[] = [];
    for (let i = 0; i < n; i++) hits.push(this.strings.value(this.pool.get(start + i)));
    return Object.freeze(hits);
  }
}

/**
 * The searches analytics recorded, oldest first: an append-only list (see {@link RowList}) whose
 * entries are stored as rows of numbers, about 70 bytes a search plus 4 a hit not met recently,
 * where objects took about 300 (1,100 with a query ID). Every read builds the entry anew, the
 * same as it was appended.
 */
export class SearchLog extends RowList<RecordedSearch, SearchRows> {
  static empty(): SearchLog {
    return new SearchLog(new SearchRows(), 0, 0);
  }

  protected over(store: SearchRows, start: number, end: number): this {
    return new SearchLog(store, start, end) as this;
  }

  /** The ID of the last search, 0 when there is none. */
  get lastId(): number {
    return this.length === 0 ? 0 : this.store.idAt(this.end - 1);
  }

  /** The last search of `user` on `index`, the one their next keystroke may replace. */
  lastOfUser(index: string, user: string): Keystroke | undefined {
    const row = this.store.lastOfUser(index, user, this.start, this.end);
    return row < 0 ? undefined : this.store.keystroke(row);
  }

  /** Search ID -> the ID of the later keystroke that replaced it. */
  replacements(): Map<number, number> {
    const replacedBy = new Map<number, number>();
    for (let row = this.start; row < this.end; row++) {
      const replaced = this.store.replacedAt(row);
      if (replaced !== 0) replacedBy.set(replaced, this.store.idAt(row));
    }
    return replacedBy;
  }
}
