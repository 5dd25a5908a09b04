import type { JournalEntry } from '../emulator/journal/entry';
import type { Journal } from '../emulator/journal/journal';
import { compare, contains, type Equals, type Mismatch } from './subset';

/** What Vitest and Jest both hand a matcher as `this`. */
export interface MatcherState {
  readonly isNot: boolean;
  equals(actual: unknown, expected: unknown): boolean;
  readonly utils: {
    matcherHint(name: string, received?: string, expected?: string, options?: { isNot?: boolean }): string;
    EXPECTED_COLOR?: (text: string) => string;
    RECEIVED_COLOR?: (text: string) => string;
  };
}

export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/** An insights event's fields as the official clients send them, for `toHaveReceivedEvent`. */
export interface ExpectedEvent {
  eventType?: unknown;
  eventSubtype?: unknown;
  eventName?: unknown;
  index?: unknown;
  userToken?: unknown;
  authenticatedUserToken?: unknown;
  objectIDs?: unknown;
  positions?: unknown;
  queryID?: unknown;
  filters?: unknown;
  timestamp?: unknown;
  [field: string]: unknown;
}

/**
 * The emulator's matchers. `expect.extend(emulatorMatchers)` installs them in any runner with
 * Jest's matcher API; `search-emulator/vitest` and `search-emulator/jest` do it in one import.
 * Each accepts an emulator or its journal.
 */
export interface EmulatorMatchers<R = unknown> {
  /**
   * The emulator served at least one request of `operation` (the route table's name: the
   * official client's method) whose parameters hold `expected` (`toMatchObject` reading: extra
   * fields allowed, asymmetric matchers and RegExps welcome). Searches also match on each of
   * their queries: `toHaveReceived('search', { indexName: 'products', query: 'phone' })`.
   */
  toHaveReceived(operation: string, expected?: Record<string, unknown>): R;
  /** Exactly `times` served requests of `operation` hold `expected`. */
  toHaveReceivedTimes(operation: string, times: number, expected?: Record<string, unknown>): R;
  /** The insights API accepted (2xx) an event holding `expected`. */
  toHaveReceivedEvent(expected: ExpectedEvent): R;
  /** A search query (single, multi-index or browse) holding `expected` was served: `{ indexName, query, filters, ... }`. */
  toHaveSearched(expected: Record<string, unknown>): R;
}

/** How many of the closest entries a failure message shows. */
const SHOWN = 3;
/** Mismatched fields shown per entry. */
const MISMATCHES = 4;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the runners' `expect.extend` takes matchers of any arguments
type Matcher = (this: MatcherState, received: unknown, ...args: any[]) => MatcherResult;

export const emulatorMatchers: { [K in keyof EmulatorMatchers]: Matcher } = {
  toHaveReceived(
    this: MatcherState,
    received: unknown,
    operation: string,
    expected?: Record<string, unknown>,
  ): MatcherResult {
    const journal = journalOf(received);
    assertOperation(received, operation, 'toHaveReceived');
    const matching = servedMatching(journal, operation, expected, this.equals);
    const pass = matching.length > 0;
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint(
          'toHaveReceived',
          'emulator',
          expected === undefined ? 'operation' : 'operation, expected',
          { isNot: this.isNot },
        );
        const wanted = `${operation} request${expected === undefined ? '' : ` holding ${expectedText(this, expected)}`}`;
        if (pass)
          return `${hint}\n\nExpected no ${wanted}\nReceived ${matching.length}:\n${matching
            .slice(0, SHOWN)
            .map((e) => `  ${e}`)
            .join('\n')}`;
        return `${hint}\n\nExpected a ${wanted}\n${closestEntries(this, journal, operation, expected)}`;
      },
    };
  },

  toHaveReceivedTimes(
    this: MatcherState,
    received: unknown,
    operation: string,
    times: number,
    expected?: Record<string, unknown>,
  ): MatcherResult {
    const journal = journalOf(received);
    assertOperation(received, operation, 'toHaveReceivedTimes');
    const matching = servedMatching(journal, operation, expected, this.equals);
    const pass = matching.length === times;
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint(
          'toHaveReceivedTimes',
          'emulator',
          expected === undefined ? 'operation, times' : 'operation, times, expected',
          { isNot: this.isNot },
        );
        const wanted = `${operation} request${expected === undefined ? '' : `s holding ${expectedText(this, expected)}`}`;
        const head = `${hint}\n\nExpected ${this.isNot ? 'not ' : ''}${expectedText(this, times)} ${wanted}\nReceived ${receivedText(this, matching.length)}`;
        const listed = matching.slice(0, SHOWN + 2).map((e) => `  ${e}`);
        return `${head}${listed.length > 0 ? `:\n${listed.join('\n')}` : ''}${pass || matching.length > 0 ? '' : `\n${closestEntries(this, journal, operation, expected)}`}`;
      },
    };
  },

  toHaveReceivedEvent(this: MatcherState, received: unknown, expected: ExpectedEvent): MatcherResult {
    const journal = journalOf(received);
    const events = journal.events();
    const pass = events.some((e) => e.accepted && e.entry.served && contains(e.event, expected, this.equals));
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint('toHaveReceivedEvent', 'emulator', 'expected', { isNot: this.isNot });
        const wanted = `an accepted insights event holding ${expectedText(this, expected)}`;
        if (pass) return `${hint}\n\nExpected no ${wanted.slice(3)}`;
        if (events.length === 0)
          return `${hint}\n\nExpected ${wanted}\nReceived no insights events (${summary(journal)})`;
        const ranked = events
          .map((e) => ({ e, fit: compare(e.event, expected, this.equals) }))
          .sort((a, b) => b.fit.held / b.fit.total - a.fit.held / a.fit.total || b.e.entry.seq - a.e.entry.seq)
          .slice(0, SHOWN);
        const lines = ranked.map(({ e, fit }) => {
          const verdict = e.accepted ? '' : ` (rejected: ${e.entry.status} ${messageOf(e.entry.response)})`;
          return `  event in ${e.entry}${verdict}: ${receivedText(this, e.event)}${mismatchLines(this, fit.mismatches)}`;
        });
        return `${hint}\n\nExpected ${wanted}\nReceived ${events.length} event${events.length === 1 ? '' : 's'}; the closest:\n${lines.join('\n')}`;
      },
    };
  },

  toHaveSearched(this: MatcherState, received: unknown, expected: Record<string, unknown>): MatcherResult {
    const journal = journalOf(received);
    const searches = journal.searches({ served: true });
    const pass = searches.some((query) => contains(query, expected, this.equals));
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint('toHaveSearched', 'emulator', 'expected', { isNot: this.isNot });
        const wanted = `a search holding ${expectedText(this, expected)}`;
        if (pass) return `${hint}\n\nExpected no ${wanted.slice(2)}`;
        if (searches.length === 0) return `${hint}\n\nExpected ${wanted}\nReceived no searches (${summary(journal)})`;
        const ranked = searches
          .map((query) => ({ query, fit: compare(query, expected, this.equals) }))
          .sort((a, b) => b.fit.held / b.fit.total - a.fit.held / a.fit.total || b.query.entry.seq - a.query.entry.seq)
          .slice(0, SHOWN);
        const lines = ranked.map(({ query, fit }) => {
          const { entry, ...params } = query;
          return `  ${entry}: ${receivedText(this, params)}${mismatchLines(this, fit.mismatches)}`;
        });
        return `${hint}\n\nExpected ${wanted}\nReceived ${searches.length} search${searches.length === 1 ? '' : 'es'}; the closest:\n${lines.join('\n')}`;
      },
    };
  },
};

/** An entry's parameters, or one of its search queries, hold `expected`. */
function holds(entry: JournalEntry, expected: Record<string, unknown> | undefined, equals: Equals): boolean {
  if (expected === undefined) return true;
  if (contains(entry.params, expected, equals)) return true;
  return entry.queries?.some((query) => contains(query, expected, equals)) ?? false;
}

/** How close an entry comes to `expected`: its best fit among its parameters and its queries (more fields held, then fewer missing). */
function fitOf(entry: JournalEntry, expected: Record<string, unknown>, equals: Equals) {
  const closeness = (fit: ReturnType<typeof compare>) =>
    fit.held / fit.total - fit.mismatches.filter((m) => m.actual === undefined).length / (fit.total + 1);
  let best = compare(entry.params, expected, equals);
  for (const query of entry.queries ?? []) {
    const fit = compare(query, expected, equals);
    if (closeness(fit) > closeness(best)) best = fit;
  }
  return best;
}

/** The journal entries nearest to what was asked: same operation first, then the most expected fields held, newest first. */
function closestEntries(
  state: MatcherState,
  journal: Journal,
  operation: string,
  expected: Record<string, unknown> | undefined,
): string {
  const entries = journal.entries;
  if (entries.length === 0)
    return 'Received no requests at all (is the emulator the one your code talks to? are its msw handlers installed?)';
  const scored = entries.map((entry) => {
    const fit =
      expected === undefined
        ? { held: 0, total: 1, mismatches: [] as Mismatch[] }
        : fitOf(entry, expected, state.equals);
    const score = (entry.operation === operation ? 2 : 0) + (entry.served ? 0.5 : 0) + fit.held / fit.total;
    return { entry, fit, score };
  });
  scored.sort((a, b) => b.score - a.score || b.entry.seq - a.entry.seq);
  const lines = scored.slice(0, SHOWN).map(({ entry, fit }) => {
    const why = entry.served ? '' : ' (not served)';
    const params =
      entry.operation === operation && expected !== undefined
        ? mismatchLines(state, fit.mismatches)
        : `\n      ${receivedText(state, entry.params)}`;
    return `  ${entry}${why}${params}`;
  });
  return `Received ${entries.length} request${entries.length === 1 ? '' : 's'} (${summary(journal)}); the closest:\n${lines.join('\n')}`;
}

function mismatchLines(state: MatcherState, mismatches: readonly Mismatch[]): string {
  const shown = mismatches
    .slice(0, MISMATCHES)
    .map(
      (m) =>
        `\n      ${m.path || '(value)'}: expected ${expectedText(state, m.expected)}, received ${receivedText(state, m.actual)}`,
    );
  const more = mismatches.length > MISMATCHES ? `\n      ... and ${mismatches.length - MISMATCHES} more` : '';
  return shown.join('') + more;
}

/** `saveObject ×2, search ×1`: what the journal holds, by operation. */
function summary(journal: Journal): string {
  const counts = new Map<string, number>();
  for (const entry of journal.entries)
    counts.set(entry.operation ?? '(no route)', (counts.get(entry.operation ?? '(no route)') ?? 0) + 1);
  return [...counts].map(([name, count]) => `${name} ×${count}`).join(', ');
}

/** Longest value shown in a message, in characters. */
const SHOWN_LENGTH = 200;

/** A value on one line, as JSON with matchers and patterns readable, cut at {@link SHOWN_LENGTH}. */
function compact(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text =
    JSON.stringify(value, (_, item: unknown) => {
      if (item instanceof RegExp) return `__raw__${String(item)}`;
      if (
        item !== null &&
        typeof item === 'object' &&
        typeof (item as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
      )
        return `__raw__${String(item)}`;
      return item;
    }) ?? String(value);
  const readable = text.replace(/"__raw__((?:[^"\\]|\\.)*)"/g, (_, raw: string) => JSON.parse(`"${raw}"`));
  return readable.length > SHOWN_LENGTH ? `${readable.slice(0, SHOWN_LENGTH - 1)}…` : readable;
}

const expectedText = (state: MatcherState, value: unknown) => (state.utils.EXPECTED_COLOR ?? String)(compact(value));
const receivedText = (state: MatcherState, value: unknown) => (state.utils.RECEIVED_COLOR ?? String)(compact(value));

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** The journal of an emulator (or a journal itself); duck-typed, so an ESM and a CJS copy of the package agree. */
/** The served requests of `operation` holding `expected`. */
function servedMatching(
  journal: Journal,
  operation: string,
  expected: Record<string, unknown> | undefined,
  equals: Equals,
): JournalEntry[] {
  return journal.entries.filter(
    (entry) => entry.served && entry.operation === operation && holds(entry, expected, equals),
  );
}

/**
 * A name no route has never matches, so `.not` would pass on a typo: refused when the matcher
 * is given an emulator (a journal alone has no route table to check against).
 */
function assertOperation(received: unknown, operation: unknown, matcher: string): void {
  type WithRouter = { core?: { router?: { unknownOperation?(operation: unknown): string | undefined } } };
  const unknown = (received as WithRouter | null | undefined)?.core?.router?.unknownOperation?.(operation);
  if (unknown !== undefined) throw new TypeError(`${matcher}: ${unknown}`);
}

function journalOf(received: unknown): Journal {
  const candidate = (received as { journal?: unknown } | null | undefined)?.journal ?? received;
  if (
    candidate !== null &&
    typeof candidate === 'object' &&
    Array.isArray((candidate as Journal).entries) &&
    typeof (candidate as Journal).searches === 'function'
  ) {
    return candidate as Journal;
  }
  throw new TypeError(
    'The emulator matchers take an emulator (createEmulator()) or its journal: expect(emulator).toHaveReceived(...)',
  );
}
