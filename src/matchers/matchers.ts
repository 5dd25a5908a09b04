import type { JournalEntry } from '../emulator/journal/entry';
import { selects, type MatchableName, type Selection } from '../emulator/journal/helpers';
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

/** Which requests a matcher counts. */
export interface MatcherOptions {
  /**
   * Count the test's own calls too: direct calls, the emulator's helpers and `emulator.request()`
   * (journal `surface: 'direct'`). By default a matcher counts only the application's traffic
   * (msw, a requester, the standalone server), so a test's seeding never meets `.not`.
   */
  readonly includeDirect?: boolean;
}

/**
 * The emulator's matchers. `expect.extend(emulatorMatchers)` installs them in any runner with
 * Jest's matcher API; `search-emulator/vitest` and `search-emulator/jest` do it in one import.
 * Each accepts an emulator or its journal, and counts the requests the service served from the
 * application (not the test's own direct calls, unless `{ includeDirect: true }`).
 */
export interface EmulatorMatchers<R = unknown> {
  /**
   * The emulator served at least one request of `operation` whose parameters hold `expected`
   * (`toMatchObject` reading: extra fields allowed, asymmetric matchers and RegExps welcome).
   * `operation` is the official client's method: a route's (`saveObject`), a helper's
   * (`saveObjects`: the batch requests it sends, matched against `{ indexName, objects }`) or a
   * `...WithHTTPInfo` one. Searches also match on each of their queries:
   * `toHaveReceived('search', { indexName: 'products', query: 'phone' })`.
   */
  toHaveReceived(operation: MatchableName, expected?: Record<string, unknown>, options?: MatcherOptions): R;
  /** Exactly `times` served requests of `operation` hold `expected` (`{}`: any). */
  toHaveReceivedTimes(
    operation: MatchableName,
    times: number,
    expected?: Record<string, unknown>,
    options?: MatcherOptions,
  ): R;
  /** The insights API accepted (2xx) an event holding `expected`. */
  toHaveReceivedEvent(expected: ExpectedEvent, options?: MatcherOptions): R;
  /** A search query (single, multi-index or browse) holding `expected` was served: `{ indexName, query, filters, ... }`. */
  toHaveSearched(expected: Record<string, unknown>, options?: MatcherOptions): R;
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
    options?: MatcherOptions,
  ): MatcherResult {
    const journal = journalOf(received);
    const selection = selectionFor(journal, operation, 'toHaveReceived');
    const found = matching(journal, selection, expected, this.equals, options);
    const pass = found.counted.length > 0;
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint(
          'toHaveReceived',
          'emulator',
          expected === undefined ? 'operation' : 'operation, expected',
          { isNot: this.isNot },
        );
        const wanted = `${operation} request${holding(this, expected)}`;
        if (pass)
          return `${hint}\n\nExpected no ${wanted}\nReceived ${found.counted.length}:\n${found.counted
            .slice(0, SHOWN)
            .map((e) => `  ${e}`)
            .join('\n')}`;
        return `${hint}\n\nExpected a ${wanted}\n${directNote(found.direct)}${closestEntries(this, journal, selection, expected, options)}`;
      },
    };
  },

  toHaveReceivedTimes(
    this: MatcherState,
    received: unknown,
    operation: string,
    times: number,
    expected?: Record<string, unknown>,
    options?: MatcherOptions,
  ): MatcherResult {
    const journal = journalOf(received);
    const selection = selectionFor(journal, operation, 'toHaveReceivedTimes');
    const found = matching(journal, selection, expected, this.equals, options);
    const pass = found.counted.length === times;
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint(
          'toHaveReceivedTimes',
          'emulator',
          expected === undefined ? 'operation, times' : 'operation, times, expected',
          { isNot: this.isNot },
        );
        const wanted = `${operation} request${times === 1 ? '' : 's'}${holding(this, expected)}`;
        const head = `${hint}\n\nExpected ${this.isNot ? 'not ' : ''}${expectedText(this, times)} ${wanted}\nReceived ${receivedText(this, found.counted.length)}`;
        const listed = found.counted.slice(0, SHOWN + 2).map((e) => `  ${e}`);
        const closest =
          pass || found.counted.length > 0 ? '' : `\n${closestEntries(this, journal, selection, expected, options)}`;
        const note = pass ? '' : `\n${directNote(found.direct)}`.trimEnd();
        return `${head}${listed.length > 0 ? `:\n${listed.join('\n')}` : ''}${note}${closest}`;
      },
    };
  },

  toHaveReceivedEvent(
    this: MatcherState,
    received: unknown,
    expected: ExpectedEvent,
    options?: MatcherOptions,
  ): MatcherResult {
    const journal = journalOf(received);
    const events = journal.events().filter((e) => e.entry.served);
    const held = events.filter((e) => e.accepted && contains(e.event, expected, this.equals));
    const pass = held.some((e) => counts(e.entry, options));
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint('toHaveReceivedEvent', 'emulator', 'expected', { isNot: this.isNot });
        const wanted = `an accepted insights event holding ${expectedText(this, expected)}`;
        if (pass) return `${hint}\n\nExpected no ${wanted.slice(3)}`;
        const note = directNote(held.map((e) => e.entry));
        if (events.length === 0)
          return `${hint}\n\nExpected ${wanted}\nReceived no insights events (${summary(journal)})`;
        const ranked = events
          .map((e) => ({ e, fit: compare(e.event, expected, this.equals) }))
          .sort((a, b) => b.fit.held / b.fit.total - a.fit.held / a.fit.total || b.e.entry.seq - a.e.entry.seq)
          .slice(0, SHOWN);
        const lines = ranked.map(({ e, fit }) => {
          const verdict = e.accepted ? '' : ` (rejected: ${e.entry.status} ${messageOf(e.entry.response)})`;
          return `  event in ${e.entry}${verdict}${origin(e.entry, options)}: ${receivedText(this, e.event)}${mismatchLines(this, fit.mismatches)}`;
        });
        return `${hint}\n\nExpected ${wanted}\n${note}Received ${events.length} event${events.length === 1 ? '' : 's'}; the closest:\n${lines.join('\n')}`;
      },
    };
  },

  toHaveSearched(
    this: MatcherState,
    received: unknown,
    expected: Record<string, unknown>,
    options?: MatcherOptions,
  ): MatcherResult {
    const journal = journalOf(received);
    const searches = journal.searches({ served: true });
    const held = searches.filter((query) => contains(query, expected, this.equals));
    const pass = held.some((query) => counts(query.entry, options));
    return {
      pass,
      message: () => {
        const hint = this.utils.matcherHint('toHaveSearched', 'emulator', 'expected', { isNot: this.isNot });
        const wanted = `a search holding ${expectedText(this, expected)}`;
        if (pass) return `${hint}\n\nExpected no ${wanted.slice(2)}`;
        const note = directNote(held.map((query) => query.entry));
        if (searches.length === 0) return `${hint}\n\nExpected ${wanted}\nReceived no searches (${summary(journal)})`;
        const ranked = searches
          .map((query) => ({ query, fit: compare(query, expected, this.equals) }))
          .sort((a, b) => b.fit.held / b.fit.total - a.fit.held / a.fit.total || b.query.entry.seq - a.query.entry.seq)
          .slice(0, SHOWN);
        const lines = ranked.map(({ query, fit }) => {
          const { entry, ...params } = query;
          return `  ${entry}${origin(entry, options)}: ${receivedText(this, params)}${mismatchLines(this, fit.mismatches)}`;
        });
        return `${hint}\n\nExpected ${wanted}\n${note}Received ${searches.length} search${searches.length === 1 ? '' : 'es'}; the closest:\n${lines.join('\n')}`;
      },
    };
  },
};

/** ` holding {...}` when the test asked for fields. */
const holding = (state: MatcherState, expected: Record<string, unknown> | undefined) =>
  expected === undefined || Object.keys(expected).length === 0 ? '' : ` holding ${expectedText(state, expected)}`;

/** Whether a matcher counts `entry`: served, and from the application unless direct calls are included. */
function counts(entry: JournalEntry, options: MatcherOptions | undefined): boolean {
  return entry.served && (options?.includeDirect === true || entry.surface !== 'direct');
}

/** The served requests `selection` picks holding `expected`: those the matcher counts, and the test's own left out. */
function matching(
  journal: Journal,
  selection: Selection,
  expected: Record<string, unknown> | undefined,
  equals: Equals,
  options: MatcherOptions | undefined,
): { counted: JournalEntry[]; direct: JournalEntry[] } {
  const entries = journal.entries;
  const counted: JournalEntry[] = [];
  const direct: JournalEntry[] = [];
  for (const entry of entries) {
    if (!entry.served || !selects(selection, entry, entries) || !holds(selection, entry, entries, expected, equals))
      continue;
    (counts(entry, options) ? counted : direct).push(entry);
  }
  return { counted, direct };
}

/** Says that requests the test made itself would have matched, and how to count them. */
function directNote(direct: readonly JournalEntry[]): string {
  const own = direct.filter((entry) => entry.served && entry.surface === 'direct');
  if (own.length === 0) return '';
  const n = own.length;
  return `${n} direct call${n === 1 ? '' : 's'} matched (${own.slice(0, SHOWN).join('; ')}${n > SHOWN ? '; ...' : ''}): the test's own calls are left out; pass { includeDirect: true } to count them\n`;
}

/** ` (direct call)` beside an entry a matcher leaves out for its surface. */
const origin = (entry: JournalEntry, options: MatcherOptions | undefined) =>
  entry.surface === 'direct' && options?.includeDirect !== true ? ' (direct call, not counted)' : '';

/** An entry's parameters as `selection` reads them (a helper's view), or one of its search queries, hold `expected`. */
function holds(
  selection: Selection,
  entry: JournalEntry,
  entries: readonly JournalEntry[],
  expected: Record<string, unknown> | undefined,
  equals: Equals,
): boolean {
  if (expected === undefined) return true;
  if (selection.view) return contains(selection.view(entry, entries), expected, equals);
  if (contains(entry.params, expected, equals)) return true;
  return entry.queries?.some((query) => contains(query, expected, equals)) ?? false;
}

/** The parameters shown for an entry: the helper's view when `selection` has one and picks it. */
function shownParams(selection: Selection, entry: JournalEntry, entries: readonly JournalEntry[]) {
  return selection.view && selects(selection, entry, entries) ? selection.view(entry, entries) : entry.params;
}

/** How close an entry comes to `expected`: its best fit among its parameters and its queries (more fields held, then fewer missing). */
function fitOf(
  selection: Selection,
  entry: JournalEntry,
  entries: readonly JournalEntry[],
  expected: Record<string, unknown>,
  equals: Equals,
) {
  const closeness = (fit: ReturnType<typeof compare>) =>
    fit.held / fit.total - fit.mismatches.filter((m) => m.actual === undefined).length / (fit.total + 1);
  let best = compare(shownParams(selection, entry, entries), expected, equals);
  if (selection.view && selects(selection, entry, entries)) return best;
  for (const query of entry.queries ?? []) {
    const fit = compare(query, expected, equals);
    if (closeness(fit) > closeness(best)) best = fit;
  }
  return best;
}

/** The journal entries nearest to what was asked: the selected requests first, then the operation's, then the most expected fields held, newest first. */
function closestEntries(
  state: MatcherState,
  journal: Journal,
  selection: Selection,
  expected: Record<string, unknown> | undefined,
  options: MatcherOptions | undefined,
): string {
  const entries = journal.entries;
  if (entries.length === 0)
    return 'Received no requests at all (is the emulator the one your code talks to? are its msw handlers installed?)';
  const scored = entries.map((entry) => {
    const fit =
      expected === undefined
        ? { held: 0, total: 1, mismatches: [] as Mismatch[] }
        : fitOf(selection, entry, entries, expected, state.equals);
    const score =
      (entry.operation === selection.operation ? 2 : 0) +
      (selects(selection, entry, entries) ? 1 : 0) +
      (counts(entry, options) ? 0.5 : 0) +
      fit.held / fit.total;
    return { entry, fit, score };
  });
  scored.sort((a, b) => b.score - a.score || b.entry.seq - a.entry.seq);
  const lines = scored.slice(0, SHOWN).map(({ entry, fit }) => {
    const why = `${entry.served ? '' : ' (not served)'}${origin(entry, options)}${
      entry.operation === selection.operation && !selects(selection, entry, entries)
        ? ` (not a ${selection.name} request)`
        : ''
    }`;
    const params =
      selects(selection, entry, entries) && expected !== undefined
        ? mismatchLines(state, fit.mismatches)
        : `\n      ${receivedText(state, shownParams(selection, entry, entries))}`;
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
      ) {
        // Vitest and Jest print a matcher as `Any<String>` through this; its String() is only `Any`.
        const shown = (item as { toAsymmetricMatcher?: () => string }).toAsymmetricMatcher?.();
        return `__raw__${shown ?? String(item)}`;
      }
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

/**
 * What `name` selects in `journal`. A name no route or helper has would never match, so `.not`
 * would pass on a typo: an emulator's journal refuses it (a journal made alone has no route
 * table to check against).
 */
function selectionFor(journal: Journal, name: unknown, matcher: string): Selection {
  if (typeof journal.selection !== 'function') return { name: String(name), operation: String(name) };
  try {
    return journal.selection(name);
  } catch (error) {
    throw new TypeError(`${matcher}: ${(error as Error).message}`);
  }
}

/** The journal of an emulator (or a journal itself); duck-typed, so an ESM and a CJS copy of the package agree. */
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
