import type { DispatchEvent } from '../core';
import { hostnameMatches } from '../faults/faults';
import { namesOf, type FaultKind } from '../faults/spec';
import { SURFACES, type HostFamily, type Method, type Surface } from '../request';
import { JournalEntry } from './entry';
import { selectionOf, selects, type MatchableName, type Selection } from './helpers';
import type { JournalQuery } from './params';

/** Picks journal entries; every field given must hold. */
export interface JournalFilter {
  /**
   * Route table names (`saveObject`), the client's helpers (`saveObjects`: the batch requests
   * it sends, see docs/testing.md) and `...WithHTTPInfo` methods; one or a list.
   */
  readonly operation?: MatchableName | readonly MatchableName[];
  /** Where requests came from: `direct` (the test's own calls), `msw`, `requester`, `server`. */
  readonly surface?: Surface | readonly Surface[];
  readonly host?: HostFamily;
  readonly hostname?: string | RegExp;
  readonly method?: Method;
  readonly path?: string | RegExp;
  /** The path's index, or one a multi-index request names; for `events()`, the event's own `index`. */
  readonly indexName?: string;
  readonly status?: number;
  readonly apiKey?: string;
  /** Only requests the operation ran for (true), or only those a fault or the firewall stopped (false). */
  readonly served?: boolean;
  /** Only requests that met a fault (true), that met none (false), or met one of this kind. */
  readonly fault?: boolean | FaultKind;
}

/** One search query with the request that carried it. */
export type JournalSearch = JournalQuery & { readonly entry: JournalEntry };

/** One insights event with the request that carried it. */
export interface JournalEvent {
  readonly event: Readonly<Record<string, unknown>>;
  readonly entry: JournalEntry;
  /** Whether the service accepted the batch it came in (a 2xx answer). */
  readonly accepted: boolean;
}

interface JournalListener {
  readonly entry: (entry: JournalEntry) => void;
  readonly cleared: () => void;
}

/** The default number of entries kept: the newest ones, as the API log keeps its last 1,000. */
export const DEFAULT_JOURNAL_LIMIT = 1000;

/**
 * Every request the emulator saw, oldest first, fed by the dispatch pipeline's observers
 * (`core.observe`) whatever the surface: msw, direct calls, a requester, a server. Keeps the
 * newest `limit` entries (older ones are dropped and counted in `dropped`), so a long suite
 * sharing one emulator holds bounded memory; `reset()` and `clear()` empty it.
 */
export class Journal implements Iterable<JournalEntry> {
  private items: JournalEntry[] = [];
  private start = 0;
  private seq = 0;
  #dropped = 0;
  readonly #listeners = new Set<JournalListener>();

  /**
   * @param limit entries kept (the newest); 0 keeps none.
   * @param unknownOperation the route table's check of a name (an emulator's journal has one): a
   *   filter or matcher naming no route or helper is then a TypeError, not a silent empty match.
   */
  constructor(
    readonly limit: number = DEFAULT_JOURNAL_LIMIT,
    private readonly unknownOperation?: (name: unknown) => string | undefined,
  ) {
    if (!Number.isInteger(limit) || limit < 0)
      throw new RangeError(`journalLimit must be a whole number of entries (0 turns the journal off), got ${limit}`);
  }

  /** @internal The observer: files one answered request. */
  record(event: DispatchEvent): void {
    if (this.limit === 0) return;
    const entry = new JournalEntry(++this.seq, event);
    this.items.push(entry);
    if (this.items.length - this.start > this.limit) {
      this.start++;
      this.#dropped++;
      // Compacted once as many entries were dropped as are kept: O(1) per request, amortized.
      if (this.start >= this.limit) {
        this.items = this.items.slice(this.start);
        this.start = 0;
      }
    }
    for (const listener of this.#listeners) listener.entry(entry);
  }

  /**
   * Calls `entry` with each request filed from now on and `cleared` when the journal is
   * emptied (`clear()`, `reset()`); answers the unsubscribe. The inspector's live journal.
   */
  subscribe(entry: (entry: JournalEntry) => void, cleared: () => void = () => {}): () => void {
    const listener: JournalListener = { entry, cleared };
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Entries kept now. */
  get length(): number {
    return this.items.length - this.start;
  }

  /** Entries dropped to stay within `limit` since the last clear. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The entries, oldest first (a copy). */
  get entries(): JournalEntry[] {
    return this.items.slice(this.start);
  }

  /** The newest entry. */
  get last(): JournalEntry | undefined {
    return this.length === 0 ? undefined : this.items[this.items.length - 1];
  }

  /** The entry at `i` (negative: from the newest), as `Array.prototype.at`. */
  at(i: number): JournalEntry | undefined {
    const index = i < 0 ? this.items.length + i : this.start + i;
    return index >= this.start && index < this.items.length ? this.items[index] : undefined;
  }

  [Symbol.iterator](): Iterator<JournalEntry> {
    return this.entries[Symbol.iterator]();
  }

  /** Entries matching a filter or a predicate, oldest first. */
  filter(filter: JournalFilter | ((entry: JournalEntry) => boolean)): JournalEntry[] {
    const entries = this.entries;
    const test = typeof filter === 'function' ? filter : this.matcherOf(filter, entries);
    return entries.filter(test);
  }

  /** The entries of one operation or helper (or several), oldest first. */
  of(operation: MatchableName | readonly MatchableName[]): JournalEntry[] {
    return this.filter({ operation });
  }

  /**
   * @internal What a name selects (a route, a helper, a `...WithHTTPInfo` method); a TypeError
   * for a name this journal's emulator has no route or helper for.
   */
  selection(name: unknown): Selection {
    return selectionOf(name, this.unknownOperation);
  }

  /** Every search query received (single, multi-index and browse), each with its index and decoded parameters. */
  searches(filter: JournalFilter = {}): JournalSearch[] {
    const out: JournalSearch[] = [];
    for (const entry of this.filter(filter)) for (const query of entry.queries ?? []) out.push({ ...query, entry });
    return out.filter((query) => filter.indexName === undefined || query.indexName === filter.indexName);
  }

  /** Every insights event received, with whether its batch was accepted; `indexName` picks events by their own `index`. */
  events(filter: JournalFilter = {}): JournalEvent[] {
    const { indexName, ...rest } = filter;
    const out: JournalEvent[] = [];
    for (const entry of this.filter({ ...rest, operation: 'pushEvents' })) {
      const accepted = entry.status >= 200 && entry.status < 300;
      for (const event of entry.events ?? [])
        if (indexName === undefined || event.index === indexName) out.push({ event, entry, accepted });
    }
    return out;
  }

  /** Empties the journal (`seq` starts again at 1). */
  clear(): void {
    this.items = [];
    this.start = 0;
    this.seq = 0;
    this.#dropped = 0;
    for (const listener of this.#listeners) listener.cleared();
  }

  private matcherOf(filter: JournalFilter, entries: readonly JournalEntry[]): (entry: JournalEntry) => boolean {
    const selections =
      filter.operation === undefined
        ? undefined
        : namesOf(filter.operation, 'operation').map((name) => this.selection(name));
    const surfaces = filter.surface === undefined ? undefined : namesOf(filter.surface, 'surface');
    for (const surface of surfaces ?? [])
      if (!(SURFACES as readonly unknown[]).includes(surface))
        throw new TypeError(`surface must be one of ${SURFACES.join(', ')}; got ${JSON.stringify(surface)}`);
    return (entry) => {
      if (selections && !selections.some((selection) => selects(selection, entry, entries))) return false;
      if (surfaces && !surfaces.includes(entry.surface)) return false;
      return fieldsHold(filter, entry);
    };
  }
}

/** The filter's fields other than `operation` and `surface` hold for `entry`. */
function fieldsHold(filter: JournalFilter, entry: JournalEntry): boolean {
  if (filter.host !== undefined && entry.host !== filter.host) return false;
  if (filter.method !== undefined && entry.method !== filter.method) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.served !== undefined && entry.served !== filter.served) return false;
  if (
    filter.fault !== undefined &&
    !(typeof filter.fault === 'boolean'
      ? (entry.fault !== undefined) === filter.fault
      : entry.fault?.kind === filter.fault)
  )
    return false;
  if (filter.path !== undefined && !textMatches(entry.path, filter.path)) return false;
  if (filter.hostname !== undefined && !hostnameMatches(entry.hostname, filter.hostname)) return false;
  if (filter.apiKey !== undefined && entry.apiKey !== filter.apiKey) return false;
  if (filter.indexName !== undefined && !entry.indexNames.includes(filter.indexName)) return false;
  return true;
}

function textMatches(text: string, wanted: string | RegExp): boolean {
  if (typeof wanted === 'string') return text === wanted;
  wanted.lastIndex = 0;
  return wanted.test(text);
}
