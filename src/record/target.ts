import type { HostFamily } from '../emulator/request';
import type { Forward } from '../handlers/exchange';
import { appOfSearchHost, hostPatterns } from '../handlers/hosts';
import type { WireRequest } from '../handlers/wire';
import type { Target } from './options';

/**
 * Record mode runs on real time: it waits for the service's tasks. The timer is the one there
 * was when this module loaded, so a test's `vi.useFakeTimers()` does not stop a recording.
 * Verify and replay use no timer.
 */
const realSetTimeout = globalThis.setTimeout;
const sleep = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

/** How long a write's task may take to publish before the recorder notes it and goes on. */
const TASK_PATIENCE_MS = 120_000;

/** The answer of the target, as text. */
export interface TargetAnswer {
  /** 0: the target could not be reached. */
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

/** What the emulator calls itself; the target's names replace these on the way out, and back. */
export interface Identity {
  readonly appId: string;
  readonly adminApiKey: string;
  readonly crawler: { readonly userId: string; readonly apiKey: string };
}

/** The hostnames of each family on the real service, for requests whose own host is not one (the server's). */
const HOSTNAMES: Record<HostFamily, (appId: string, region: string) => string> = {
  search: (appId) => `${appId}.algolia.net`,
  insights: (_, region) => `insights.${region}.algolia.io`,
  analytics: (_, region) => `analytics.${region}.algolia.com`,
  personalization: (_, region) => `personalization.${region}.algolia.com`,
  suggestions: (_, region) => `query-suggestions.${region}.algolia.com`,
  crawler: () => 'crawler.algolia.com',
  ingestion: (_, region) => `data.${region}.algolia.com`,
  monitoring: () => 'status.algolia.com',
  'advanced-personalization': (_, region) => `ai-personalization.${region}.algolia.com`,
};

const APP_ID_NAMES = ['x-algolia-application-id', 'x-service-application-id'];
const API_KEY_NAMES = ['x-algolia-api-key', 'x-service-api-key'];
/** Not sent on: the transport's own, and the encoding of a body the surface already decoded. */
const HOP_BY_HOP = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'content-encoding',
  'keep-alive',
]);
const PATTERNS = hostPatterns();

function basic(userId: string, apiKey: string): string {
  return `Basic ${btoa(`${userId}:${apiKey}`)}`;
}

/** The target of a recording: where requests go, with which credentials, and how its answers come back. */
export class TargetLink {
  constructor(
    readonly target: Target,
    private readonly emulator: Identity,
  ) {}

  /** `service`, or the base URL without its port: what a recording says it was made from. */
  get label(): string {
    return this.target.url ? this.target.url.replace(/:\d+(?=\/|$)/, '').replace(/\/$/, '') : 'service';
  }

  /** The target's URL for a request sent to `url` of `family`. */
  urlFor(url: string, family: HostFamily): string {
    const parsed = new URL(url);
    const rest = `${parsed.pathname}${parsed.search}`;
    if (this.target.url)
      return `${this.target.url.replace(/\/$/, '')}${family === 'search' ? '' : `/${family}`}${rest}`;
    if (!PATTERNS[family].test(url))
      return `https://${HOSTNAMES[family](this.target.appId, this.target.region ?? 'us')}${rest}`;
    if (family !== 'search') return `${parsed.protocol}//${parsed.host}${rest}`;
    const app = appOfSearchHost(url) ?? '';
    return `${parsed.protocol}//${this.target.appId}${parsed.host.slice(app.length)}${rest}`;
  }

  /** The request's headers with the emulator's credentials swapped for the target's. */
  headersFor(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    const crawler = basic(this.emulator.crawler.userId, this.emulator.crawler.apiKey);
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower)) continue;
      if (APP_ID_NAMES.includes(lower)) out[name] = this.target.appId;
      else if (API_KEY_NAMES.includes(lower)) out[name] = this.key(value);
      else if (lower === 'authorization' && value === crawler && this.target.crawlerUserId && this.target.crawlerApiKey)
        out[name] = basic(this.target.crawlerUserId, this.target.crawlerApiKey);
      else out[name] = value;
    }
    return out;
  }

  /** The query string's credentials swapped too (browser builds send them there). */
  private queryFor(url: string): string {
    const parsed = new URL(url);
    let changed = false;
    for (const [name, value] of [...parsed.searchParams]) {
      const lower = name.toLowerCase();
      if (APP_ID_NAMES.includes(lower)) parsed.searchParams.set(name, this.target.appId);
      else if (API_KEY_NAMES.includes(lower)) parsed.searchParams.set(name, this.key(value));
      else continue;
      changed = true;
    }
    return changed ? parsed.href : url;
  }

  private key(value: string): string {
    return value === this.emulator.adminApiKey ? this.target.apiKey : value;
  }

  /** Sends `wire` to the target; the answer's text names the emulator's application, not the target's. */
  async send(wire: WireRequest, family: HostFamily, forward: Forward): Promise<TargetAnswer> {
    const method = wire.method.toUpperCase();
    let res: Response;
    try {
      res = await forward(this.urlFor(this.queryFor(wire.url), family), {
        method,
        headers: this.headersFor(wire.headers),
        ...(method === 'GET' || method === 'HEAD' || wire.text === '' ? {} : { body: wire.text }),
      });
    } catch (error) {
      return { status: 0, contentType: undefined, text: `${(error as Error).message}` };
    }
    const text = await res.text();
    return { status: res.status, contentType: res.headers.get('content-type') ?? undefined, text: this.inbound(text) };
  }

  /** The target's application ID written as the emulator's (bodies and hostnames alike). */
  private inbound(text: string): string {
    const { appId } = this.target;
    if (appId === this.emulator.appId) return text;
    return text
      .split(appId)
      .join(this.emulator.appId)
      .split(appId.toLowerCase())
      .join(this.emulator.appId.toLowerCase());
  }

  /** A request of the target's own (a task poll, a cleanup), on the search hosts. */
  private own(method: string, path: string, forward: Forward): Promise<TargetAnswer> {
    return this.send(
      {
        method,
        url: `https://${this.emulator.appId}.algolia.net${path}`,
        headers: { 'x-algolia-application-id': this.emulator.appId, 'x-algolia-api-key': this.emulator.adminApiKey },
        text: '',
      },
      'search',
      forward,
    );
  }

  /**
   * Waits until the tasks a write answered are published (`taskID`, or `taskID` per index for a
   * multiple batch). Resolves with a note when one never publishes or cannot be read.
   */
  async published(indexName: string | undefined, answer: unknown, forward: Forward): Promise<string | undefined> {
    const taskID = (answer as { taskID?: unknown } | null)?.taskID;
    const tasks: [string | undefined, unknown][] =
      taskID !== null && typeof taskID === 'object' ? Object.entries(taskID) : [[indexName, taskID]];
    for (const [index, id] of tasks) {
      if (typeof id !== 'number') continue;
      const path = index && index !== '*' ? `/1/indexes/${encodeURIComponent(index)}/task/${id}` : `/1/task/${id}`;
      let waited = 0;
      for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
        const poll = await this.own('GET', path, forward);
        if (poll.status !== 200) return `task ${id}: the target answered ${poll.status} to GET ${path}`;
        if (/"status"\s*:\s*"published"/.test(poll.text)) break;
        if (waited >= TASK_PATIENCE_MS) return `task ${id} was not published after ${TASK_PATIENCE_MS / 1000} s`;
        await sleep(delay);
        waited += delay;
      }
    }
    return undefined;
  }

  /** Deletes what a test wrote: indices (replicas after the others), then keys. Returns what failed. */
  async cleanup(written: Written, forward: Forward): Promise<string[]> {
    const notes: string[] = [];
    const replicas = [...written.replicas];
    const primaries = [...written.indices].filter((name) => !written.replicas.has(name));
    for (const index of [...primaries, ...replicas]) {
      const path = `/1/indexes/${encodeURIComponent(index)}`;
      const res = await this.own('DELETE', path, forward);
      if (res.status === 404) continue;
      if (res.status !== 200) {
        notes.push(`cleanup: DELETE ${path} answered ${res.status}`);
        continue;
      }
      const note = await this.published(index, safeJson(res.text), forward);
      if (note) notes.push(`cleanup: ${note}`);
    }
    for (const key of written.keys) {
      const res = await this.own('DELETE', `/1/keys/${encodeURIComponent(key)}`, forward);
      if (res.status !== 200 && res.status !== 404)
        notes.push(`cleanup: deleting a key created by the test answered ${res.status}`);
    }
    written.indices.clear();
    written.replicas.clear();
    written.keys.clear();
    return notes;
  }
}

/** What a test wrote to the target: cleaned up when it ends. */
export interface Written {
  readonly indices: Set<string>;
  readonly replicas: Set<string>;
  readonly keys: Set<string>;
}

export const nothingWritten = (): Written => ({ indices: new Set(), replicas: new Set(), keys: new Set() });

/** Notes what a successful write names: its index, a multiple batch's indices, a copy's destination, replicas, a new key. */
export function noteWrites(
  written: Written,
  write: { operation?: string; method: string; params: Record<string, string>; body: unknown; answer: unknown },
): void {
  if (write.method === 'GET') return;
  const body = (write.body ?? {}) as {
    requests?: { indexName?: unknown }[];
    destination?: unknown;
    replicas?: unknown;
  };
  const index = write.params.indexName;
  if (index !== undefined && index !== '*') written.indices.add(index);
  if (write.operation === 'multipleBatch' && Array.isArray(body.requests))
    for (const request of body.requests)
      if (typeof request?.indexName === 'string') written.indices.add(request.indexName);
  if (write.operation === 'operationIndex' && typeof body.destination === 'string')
    written.indices.add(body.destination);
  if (write.operation === 'setSettings' && Array.isArray(body.replicas))
    for (const replica of body.replicas)
      if (typeof replica === 'string') written.replicas.add(replica.replace(/^virtual\((.*)\)$/, '$1'));
  const key = (write.answer as { key?: unknown } | null)?.key;
  if (write.operation === 'addApiKey' && typeof key === 'string') written.keys.add(key);
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
