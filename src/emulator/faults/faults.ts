import type { Clock, Duration } from '../../clock';
import { messages } from '../errors';
import type { Random, RandomState } from '../random';
import { JSON_TYPE, type EmulatorRequest, type EmulatorResponse } from '../request';
import type { Route } from '../route';
import { HeldAnswers } from './hold';
import {
  STATUS_MESSAGES,
  toRule,
  type AppliedFault,
  type FaultRule,
  type FaultScope,
  type FaultSpec,
  type FaultTargets,
} from './spec';

/** What a test holds after adding a fault: how often it acted, and a way to take it back. */
export interface FaultHandle {
  readonly id: number;
  readonly spec: FaultSpec;
  /** Requests the fault acted on so far. */
  readonly hits: number;
  /** Whether it may still act (not removed, `times` not used up). */
  readonly active: boolean;
  remove(): void;
}

/** A fault as `GET /__emulator/apps/{appId}/faults` lists it: its spec, plus what it did. */
export type FaultDescription = FaultSpec & { readonly id: number; readonly hits: number; readonly active: boolean };

/** When a fault could act, on the emulator clock: from its addition until removed, cleared or spent. */
export interface FaultEpisode {
  readonly id: number;
  readonly spec: FaultSpec;
  readonly from: number;
  /** Absent while the fault may still act. */
  readonly to?: number;
}

/** The application's clusters, for faults scoped to some (see `FaultScope.cluster`). */
export interface ClusterTargets {
  readonly names: () => readonly string[];
  /** The cluster that serves a request (search family only; undefined for other families). */
  readonly of: (req: EmulatorRequest) => string | undefined;
}

/** A fault chosen for one request, and what the pipeline does with it. */
export interface FaultDecision {
  readonly applied: AppliedFault;
  /**
   * The answer in place of the operation's, when the operation does not run (a host down, an
   * error status, a connect timeout); undefined when it runs (latency, response timeout).
   */
  readonly response?: EmulatorResponse;
}

/**
 * Deterministic faults and latency, decided at one point of the dispatch pipeline that every
 * surface goes through (see docs/testing.md). Faults are test configuration, not state:
 * snapshots do not hold them, `reset()` clears them.
 */
export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;
  /** Every fault added since creation or reset, with when it could act (monitoring reads it). */
  private history: { id: number; spec: FaultSpec; from: number; to?: number }[] = [];
  private readonly held: HeldAnswers;
  private readonly seedState: RandomState;

  constructor(
    private readonly clock: Clock,
    /** A generator of the faults' own, seeded from the emulator's seed: draws never shift the IDs the emulator hands out. */
    private readonly random: Random,
    /** The route table, which a fault's hosts and operations must name. */
    private readonly targets: FaultTargets,
    /** The application's clusters, which a fault's `cluster` must name. */
    private readonly clusters?: ClusterTargets,
  ) {
    this.held = new HeldAnswers(clock);
    this.seedState = random.save();
  }

  /** Adds a fault; the first active fault whose scope matches a request (and whose draw passes) acts on it. */
  add(spec: FaultSpec): FaultHandle {
    const rule = toRule(this.nextId, spec, this.targets, this.clusters?.names());
    this.nextId += 1;
    this.rules.push(rule);
    this.history.push({ id: rule.id, spec, from: this.clock.now() });
    const faults = this;
    return {
      id: rule.id,
      spec,
      get hits() {
        return rule.hits;
      },
      get active() {
        return rule.remaining > 0 && faults.rules.includes(rule);
      },
      remove() {
        if (faults.rules.includes(rule)) faults.end(rule.id);
        faults.rules = faults.rules.filter((r) => r !== rule);
      },
    };
  }

  /** Records that fault `id` can no longer act, at the clock's time. */
  private end(id: number): void {
    const episode = this.history.find((entry) => entry.id === id);
    if (episode && episode.to === undefined) episode.to = this.clock.now();
  }

  /** Every fault added since the emulator was created or reset, with when it could act. */
  get episodes(): readonly FaultEpisode[] {
    return this.history.map((episode) => ({ ...episode }));
  }

  /** The host does not answer: a network error (the official client tries its next host). */
  down(scope: FaultScope = {}): FaultHandle {
    return this.add({ ...scope, kind: 'down' });
  }

  /** No answer (`connect`, the default) or headers without a body (`response`): the client's own timeout fires. */
  timeout(scope: FaultScope & { phase?: 'connect' | 'response' } = {}): FaultHandle {
    return this.add({ ...scope, kind: 'timeout' });
  }

  /** An error status (500, 502, 503, ...) in place of the answer. */
  error(
    status: number,
    scope: FaultScope & { message?: string; retryAfter?: number; latency?: Duration } = {},
  ): FaultHandle {
    return this.add({ ...scope, kind: 'status', status });
  }

  /** 429 Too many requests with `Retry-After` (seconds, default 1). */
  rateLimit(scope: FaultScope & { message?: string; retryAfter?: number } = {}): FaultHandle {
    return this.add({ ...scope, kind: 'status', status: 429 });
  }

  /** The answer waits until the emulator clock has moved `latency` past the request's arrival. */
  latency(latency: Duration, scope: FaultScope = {}): FaultHandle {
    return this.add({ ...scope, kind: 'latency', latency });
  }

  /** Removes every fault and lets every held answer go (unanswered). */
  clear(): void {
    for (const rule of this.rules) if (rule.remaining > 0) this.end(rule.id);
    this.rules = [];
    this.held.release();
  }

  /** Faults that may still act, in the order they are tried. */
  get list(): readonly FaultSpec[] {
    return this.rules.filter((rule) => rule.remaining > 0).map((rule) => rule.spec);
  }

  /** The faults that may still act, with their IDs and hits (the inspector removes one by ID). */
  get active(): readonly { readonly id: number; readonly spec: FaultSpec; readonly hits: number }[] {
    return this.rules.filter((rule) => rule.remaining > 0).map(({ id, spec, hits }) => ({ id, spec, hits }));
  }

  /** Removes the fault with this ID; false when no fault that may still act has it. */
  remove(id: number): boolean {
    const found = this.rules.some((rule) => rule.id === id && rule.remaining > 0);
    if (found) this.end(id);
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return found;
  }

  /** Every fault added since the last `clear()` and not removed, in the order they are tried: its spec, ID, hits and whether it may still act. */
  get described(): readonly FaultDescription[] {
    return this.rules.map((rule) => ({ ...rule.spec, id: rule.id, hits: rule.hits, active: rule.remaining > 0 }));
  }

  /** Answers held for the clock (latency) or never coming (timeouts) right now. */
  get waiting(): number {
    return this.held.size;
  }

  /**
   * Resolves once `count` answers are held: a test starts a slow request, awaits this, then
   * moves the clock (the request reaches the emulator asynchronously, after the call returns).
   */
  whenWaiting(count = 1): Promise<void> {
    return this.held.whenHeld(count);
  }

  /** @internal The fault a request meets, if any; counts it against `times`. */
  decide(req: EmulatorRequest, route: Route | undefined): FaultDecision | undefined {
    if (this.rules.length === 0) return undefined;
    for (const rule of this.rules) {
      if (rule.remaining <= 0 || !inScope(rule, req, route, this.clusters)) continue;
      if (rule.spec.rate !== undefined && rule.spec.rate < 1 && this.random.next() >= rule.spec.rate) continue;
      rule.remaining -= 1;
      rule.hits += 1;
      if (rule.remaining === 0) this.end(rule.id);
      return decisionOf(rule);
    }
    return undefined;
  }

  /** @internal Waits for the emulator clock to reach `until`; false when the client gave up or the answer was released. */
  hold(until: number, signal?: AbortSignal): Promise<boolean> {
    return this.held.hold(until, signal);
  }

  /** @internal Back to no faults and a fresh generator (`emulator.reset()`). */
  reset(): void {
    this.clear();
    this.history = [];
    this.nextId = 1;
    this.random.restore(this.seedState);
  }
}

function inScope(rule: FaultRule, req: EmulatorRequest, route: Route | undefined, clusters?: ClusterTargets): boolean {
  if (rule.hosts && !rule.hosts.has(req.host)) return false;
  if (rule.operations && (route === undefined || !rule.operations.has(route.operation))) return false;
  if (rule.clusters) {
    const cluster = clusters?.of(req);
    if (cluster === undefined || !rule.clusters.has(cluster)) return false;
  }
  return rule.spec.hostname === undefined || hostnameMatches(hostnameOf(req), rule.spec.hostname);
}

/** Whether a request's host name is `wanted`: a name in any case, or a pattern; a request without one never is. */
export function hostnameMatches(hostname: string | undefined, wanted: string | RegExp): boolean {
  if (hostname === undefined) return false;
  if (typeof wanted === 'string') return hostname.toLowerCase() === wanted.toLowerCase();
  wanted.lastIndex = 0;
  return wanted.test(hostname);
}

/** The host a request was sent to, when it came with a URL (msw, a server). */
export function hostnameOf(req: Pick<EmulatorRequest, 'url'>): string | undefined {
  if (req.url === undefined) return undefined;
  try {
    return new URL(req.url).hostname;
  } catch {
    return undefined;
  }
}

function decisionOf(rule: FaultRule): FaultDecision {
  const { spec, id, latency } = rule;
  switch (spec.kind) {
    case 'down':
      return {
        applied: { kind: 'down', id },
        response: { status: 0, headers: {}, body: { message: messages.unreachable } },
      };
    case 'timeout': {
      const phase = spec.phase ?? 'connect';
      const applied: AppliedFault = { kind: 'timeout', id, phase };
      // A connect timeout never reaches the service; a response timeout was served, its body never ends.
      return phase === 'connect'
        ? {
            applied,
            response: { status: 0, headers: {}, body: { message: messages.unreachable }, transport: 'no-answer' },
          }
        : { applied };
    }
    case 'status': {
      const headers: Record<string, string> = { 'content-type': JSON_TYPE };
      const retryAfter = spec.retryAfter ?? (spec.status === 429 ? 1 : undefined);
      if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
      const message = spec.message ?? STATUS_MESSAGES[spec.status] ?? `HTTP ${spec.status}`;
      return {
        applied: { kind: 'status', id, status: spec.status, ...(latency > 0 ? { latency } : {}) },
        response: { status: spec.status, headers, body: { message, status: spec.status } },
      };
    }
    case 'latency':
      return { applied: { kind: 'latency', id, latency } };
  }
}
