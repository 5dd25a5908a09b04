import { produce, type Draft } from 'immer';
import type { Clock } from '../clock';
import { nextJobBetween, type Job, type JobRunner } from './jobs';
import { Faults } from './faults/faults';
import type { AppliedFault } from './faults/spec';
import type { Random, RandomState } from './random';
import type { Router } from './router';
import type { State } from './state';
import type { EmulatorRequest, EmulatorResponse } from './request';
import type { Auth, Route } from './route';

/** What the dispatcher reports after every request, for logs and analytics. */
export interface DispatchEvent {
  readonly req: EmulatorRequest;
  readonly res: EmulatorResponse;
  readonly route?: Route;
  /** The route's decoded path parameters, when a route matched. */
  readonly params?: Readonly<Record<string, string>>;
  readonly auth?: Auth;
  readonly at: number;
  /** Whether the operation ran: false when the request never reached it (a fault, the firewall). */
  readonly served: boolean;
  /** The fault injected into this request, if any. */
  readonly fault?: AppliedFault;
  /** What the operation warned about (OperationContext.warnings), if anything. */
  readonly warnings?: readonly string[];
}

export interface CoreOptions {
  readonly appId: string;
  readonly adminApiKey: string;
  /** Milliseconds between accepting a write and publishing it; 0 publishes at once. */
  readonly indexingDelay: number;
  /** The client IP requests are attributed to unless a request says otherwise. */
  readonly clientIp: string;
  /** Cluster names of a multi-cluster application; absent or empty: the feature is off. */
  readonly clusters?: readonly string[];
  /** Milliseconds between analytics refreshes; 0 shows searches and events at once. Default 5 minutes. */
  readonly analyticsRefresh?: number;
  /** Milliseconds analytics keep a day (and events personalization reads). Default 90 days. */
  readonly analyticsRetention?: number;
  /** Country code analytics attributes searches to unless a request sets `x-emulator-country`. */
  readonly country?: string;
  /** Custom dictionary entries allowed across all dictionaries before batches answer 403. */
  readonly dictionaryEntriesQuota?: number;
  /** Whether asking for a pending task moves the clock to its publication time first. */
  readonly advanceOnTaskPoll?: boolean;
  /** The crawler API's credentials and the web its crawls see (defaults: crawler/options.ts). */
  readonly crawler?: CrawlerOptions;
}

export interface CrawlerOptions {
  /** The basic-auth pair the crawler API accepts. */
  readonly userId: string;
  readonly apiKey: string;
  /** How crawls fetch pages; undefined: the global `fetch` at crawl time (so msw serves the site). */
  readonly fetch?: typeof fetch;
  /** External data sources: source ID -> page URL -> the values an extractor receives. */
  readonly externalData: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>>;
}

/**
 * The emulator's insides, shared by the dispatcher and every operation: options, clock,
 * seeded generator and the one state tree.
 */
export class Core {
  private current: State;
  private readonly observers = new Set<(event: DispatchEvent) => void>();
  private readonly publishers = new Set<(before: State, after: State) => void>();
  private readonly runners = new Map<string, JobRunner>();
  /** Set while due jobs run, so a runner's own requests do not start the queue again. */
  private runningJobs = false;
  /** The promises of asynchronous job runners still under way (see {@link idle}). */
  private readonly working = new Set<Promise<void>>();
  /** The first error an asynchronous runner threw, reported by the next {@link idle}. */
  private failure: unknown;
  /** Warnings already printed: each once per emulator, whatever `reset()` does. */
  private readonly warned = new Set<string>();

  constructor(
    readonly options: CoreOptions,
    readonly clock: Clock,
    readonly random: Random,
    readonly router: Router,
    private readonly initial: () => State,
    /** Injected faults and latency (`emulator.faults`); draws from `random` unless given their own generator. */
    readonly faults: Faults = new Faults(clock, random, router),
  ) {
    this.current = initial();
    clock.setStops((from, to) => this.nextStop(from, to));
    clock.onChange(() => this.settle());
  }

  get state(): State {
    return this.current;
  }

  /** Applies a change to the state tree. Nothing else replaces `state`. */
  commit(recipe: (draft: Draft<State>) => void): State {
    const before = this.current;
    this.current = produce(before, recipe);
    if (this.current !== before) for (const listener of this.publishers) listener(before, this.current);
    return this.current;
  }

  /**
   * Sets fields of one slice, giving the tree a `commit` assigning them would give (the root and
   * that slice copied, then frozen), without a draft. For values immer would store as they are:
   * frozen class instances such as the append-only lists every request grows (API log,
   * analytics), so answering a request costs no produce. `fields` holds only the fields to set.
   */
  assign<K extends keyof State>(slice: K, fields: Partial<State[K]>): void {
    const before = this.current;
    this.current = Object.freeze({ ...before, [slice]: Object.freeze({ ...before[slice], ...fields }) });
    for (const listener of this.publishers) listener(before, this.current);
  }

  /** Publishes every pending task the clock has reached, in task order, then runs due jobs. */
  settle(): void {
    const pending = this.current.tasks.pending;
    if (pending.length > 0) {
      const now = this.clock.now();
      const due = pending.filter((task) => task.publishAt <= now);
      if (due.length > 0) {
        this.commit((draft) => {
          for (const task of due) task.apply(draft);
          draft.tasks.pending = draft.tasks.pending.filter((task) => task.publishAt > now);
        });
      }
    }
    this.runDueJobs();
  }

  /** Registers the runner of one kind of scheduled job (see jobs.ts). */
  onJob(kind: string, runner: JobRunner): void {
    this.runners.set(kind, runner);
  }

  private runDueJobs(): void {
    if (this.runningJobs) return;
    this.runningJobs = true;
    try {
      for (
        let job = this.current.jobs.queue[0];
        job !== undefined && job.at <= this.clock.now();
        job = this.current.jobs.queue[0]
      ) {
        const due: Job = job;
        this.commit((draft) => {
          draft.jobs.queue = draft.jobs.queue.filter((queued) => queued.id !== due.id);
        });
        const work = this.runners.get(due.kind)?.(this, due);
        if (work instanceof Promise) this.track(work);
      }
    } finally {
      this.runningJobs = false;
    }
  }

  /** Follows an asynchronous runner: when it ends, jobs that came due meanwhile run. */
  private track(work: Promise<unknown>): void {
    const tracked: Promise<void> = work
      .then(() => undefined)
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.working.delete(tracked);
        try {
          this.settle();
        } catch (error) {
          this.failure ??= error;
        }
      });
    this.working.add(tracked);
  }

  /**
   * Resolves once no asynchronous job work is under way (work that ends may start more: it is
   * awaited too). Rejects with the error a runner threw, which is a bug of the emulator.
   */
  async idle(): Promise<void> {
    while (this.working.size > 0) await Promise.all(this.working);
    const failure = this.failure;
    this.failure = undefined;
    if (failure !== undefined) throw failure;
  }

  /** The first job or pending task strictly between `from` and `to`: where the clock stops. */
  nextStop(from: number, to: number): number | undefined {
    return earliest(nextJobBetween(this.current, from, to), this.nextTaskBetween(from, to));
  }

  /** The first pending task's publication strictly between `from` and `to` (a stop of the clock). */
  private nextTaskBetween(from: number, to: number): number | undefined {
    let next: number | undefined;
    for (const { publishAt } of this.current.tasks.pending)
      if (publishAt > from && publishAt < to) next = earliest(next, publishAt);
    return next;
  }

  /** Registers a listener for every state change (derived caches use it). */
  onCommit(listener: (before: State, after: State) => void): () => void {
    this.publishers.add(listener);
    return () => this.publishers.delete(listener);
  }

  /** Registers a listener for every answered request (logs, analytics). */
  observe(listener: (event: DispatchEvent) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  report(event: DispatchEvent): void {
    for (const listener of this.observers) listener(event);
  }

  now(): number {
    return this.clock.now();
  }

  /** Prints `message` with `console.warn` the first time `key` comes up for this emulator. */
  warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    console.warn(message);
  }

  isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }

  snapshot(): Snapshot {
    return { state: this.current, random: this.random.save(), now: this.clock.now() };
  }

  restore(snapshot: Snapshot): void {
    this.random.restore(snapshot.random);
    if (this.clock.kind === 'fake') this.clock.set(snapshot.now);
    this.replace(snapshot.state);
  }

  reset(): void {
    this.replace(this.initial());
  }

  private replace(next: State): void {
    const before = this.current;
    this.current = next;
    for (const listener of this.publishers) listener(before, next);
  }
}

const earliest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

/** An O(1) copy of the whole emulator: the immutable state tree, generator state and clock. */
export interface Snapshot {
  readonly state: State;
  readonly random: RandomState;
  readonly now: number;
}
