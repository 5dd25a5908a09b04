/**
 * What the inspector's UI needs from an emulator, whatever the emulator is reached through: the
 * emulator object in the page, the standalone server's control endpoints, or Storybook's
 * channel (docs/inspector.md). Every value crossing it is plain JSON.
 */
export interface InspectorTransport {
  /** Where the emulator lives, for the page's title: `'in-page'`, the server's URL, `'storybook'`. */
  readonly label: string;
  /** Whether the buttons that write (reset, clock, faults, ...) may be used now. */
  readonly writable: boolean;
  /** Turns writes on with the application's admin key (a server); rejects when the key is not it. */
  unlock(adminApiKey: string): Promise<void>;
  /** The applications the transport reaches, the current one first selected. */
  apps(): Promise<{ readonly apps: readonly AppSummary[]; readonly appId: string }>;
  /** Switches the application every other call reads (a server holding several). */
  selectApp(appId: string): void;
  /** One slice of the read model (src/inspector/model/views.ts). */
  view<K extends ViewName>(name: K): Promise<ViewData[K]>;
  /** One read operation (READ_OPERATIONS), run internally: no journal entry, no analytics, no fault. */
  read(operation: string, params?: Record<string, unknown>): Promise<unknown>;
  /** The relevance explainer on one record (emulator.explain). */
  explain(request: Record<string, unknown>): Promise<unknown>;
  /** The journal as it is now, oldest first. */
  journal(): Promise<{ readonly entries: readonly JournalItem[]; readonly dropped: number }>;
  /**
   * Calls `onEntry` with each entry after sequence number `after` (those kept first, then each new
   * one as it is filed), `onCleared` when the journal empties; answers the unsubscribe.
   */
  subscribe(after: number, onEntry: (entry: JournalItem) => void, onCleared: () => void): () => void;
  clearJournal(): Promise<void>;
  /** Moves the clock forward (`'1h'`, milliseconds); answers the new time (ISO). */
  advance(by: string | number): Promise<string>;
  /** Sets the clock (ISO date or epoch ms); answers the new time (ISO). */
  setClock(to: string | number): Promise<string>;
  addFault(spec: Record<string, unknown>): Promise<number>;
  removeFault(id: number): Promise<void>;
  clearFaults(): Promise<void>;
  /** Takes a snapshot; answers its ID. */
  snapshot(): Promise<string>;
  snapshots(): Promise<readonly SnapshotSummary[]>;
  restore(snapshotId: string): Promise<void>;
  reset(): Promise<void>;
  /** Lets go of what the transport holds (a stream, listeners). */
  close(): void;
}

export interface AppSummary {
  readonly appId: string;
  readonly now: string;
  readonly indices: number;
}

export interface SnapshotSummary {
  readonly snapshotId: string;
  /** The emulator clock's time when it was taken (ISO). */
  readonly takenAt: string;
}

/** A journal entry as the inspector shows it (JournalEntry.toJSON plus the raw body). */
export interface JournalItem {
  readonly seq: number;
  readonly at: number;
  readonly operation?: string;
  readonly host: string;
  readonly hostname?: string;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly status: number;
  readonly response?: unknown;
  readonly served: boolean;
  readonly fault?: { readonly kind: string; readonly id: number; readonly status?: number; readonly latency?: number };
  readonly apiKey?: string;
}

/** An error a transport rejects with: the emulator's `{message, status}`. */
export class InspectorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'InspectorError';
  }
}

export interface Overview {
  readonly appId: string;
  readonly now: string;
  readonly indices: number;
  readonly records: number;
  readonly keys: number;
  readonly pendingTasks: number;
  readonly jobs: number;
  readonly journal: { readonly length: number; readonly dropped: number };
  readonly faults: number;
}

export interface TasksView {
  readonly now: string;
  readonly lastTaskID: number;
  readonly pending: readonly {
    readonly taskID: number;
    readonly indexName: string | null;
    readonly publishAt: string;
  }[];
}

export interface ClockView {
  readonly now: string;
  readonly epochMs: number;
  readonly pendingTasks: TasksView['pending'];
  readonly jobs: readonly { readonly id: number; readonly at: string; readonly kind: string; readonly about: string }[];
  readonly heldAnswers: number;
  readonly faults: readonly {
    readonly id: number;
    readonly spec: Readonly<Record<string, unknown>>;
    readonly hits: number;
  }[];
}

export interface KeysView {
  readonly now: string;
  readonly keys: readonly {
    readonly value: string;
    readonly acl: readonly string[];
    readonly description?: string;
    readonly indexes?: readonly string[];
    readonly referers?: readonly string[];
    readonly queryParameters?: string;
    readonly maxHitsPerQuery?: number;
    readonly maxQueriesPerIPPerHour?: number;
    readonly createdAt: string;
    readonly expiresAt?: string;
    /** `valid`, or `expired` once the clock passed `expiresAt`. */
    readonly validity: 'valid' | 'expired';
  }[];
}

export interface DictionariesView {
  readonly dictionaries: readonly {
    readonly name: string;
    readonly entries: readonly Readonly<Record<string, unknown>>[];
    readonly disabledStandard: Readonly<Record<string, boolean>>;
  }[];
}

export interface CrawlerView {
  readonly crawlers: readonly {
    readonly id: string;
    readonly name: string;
    readonly running: boolean;
    readonly reindexing: boolean;
    readonly blocked?: string;
    readonly crawl?: { readonly startedAt: string; readonly step: number; readonly queued: number };
    /** The current crawl's outcomes, or the last one's. */
    readonly urls: readonly UrlRow[];
  }[];
  readonly runs: readonly {
    readonly id: string;
    readonly crawlerId: string;
    readonly status: string;
    readonly startedAt: string;
    readonly completedAt: string;
    readonly urlsDone: number;
    readonly urlsSkipped: number;
    readonly urlsFailed: number;
  }[];
}

export interface UrlRow {
  readonly url: string;
  readonly status: string;
  readonly category: string;
  readonly reason: string;
  readonly records: number;
}

export interface RecommendView {
  readonly trainings: readonly {
    readonly indexName: string;
    readonly trainedAt: string;
    readonly records: number;
    readonly interactions: number;
    readonly config: Readonly<Record<string, unknown>>;
  }[];
  readonly rules: readonly { readonly indexName: string; readonly model: string; readonly count: number }[];
  readonly nextTraining?: string;
}

export interface SuggestionsView {
  readonly configs: readonly {
    readonly indexName: string;
    readonly sourceIndices: readonly string[];
    readonly languages: unknown;
    readonly running?: { readonly startedAt: string; readonly finishAt: string };
    readonly lastBuiltAt?: string;
    readonly lastSuccessfulBuiltAt?: string;
    readonly log: readonly { readonly at: string; readonly level: string; readonly message: string }[];
  }[];
}

/** The read model's slices, by name. */
export interface ViewData {
  overview: Overview;
  tasks: TasksView;
  clock: ClockView;
  keys: KeysView;
  dictionaries: DictionariesView;
  crawler: CrawlerView;
  recommend: RecommendView;
  suggestions: SuggestionsView;
}

export type ViewName = keyof ViewData;

export const VIEW_NAMES: readonly ViewName[] = [
  'overview',
  'tasks',
  'clock',
  'keys',
  'dictionaries',
  'crawler',
  'recommend',
  'suggestions',
];
