import {
  InspectorError,
  type AppSummary,
  type InspectorTransport,
  type JournalItem,
  type SnapshotSummary,
} from './transport';

export interface HttpTarget {
  /** The standalone server's base URL (`http://127.0.0.1:9400`); the page's own origin when served by it. */
  readonly url: string;
  /** The application to open; default the server's default application. */
  readonly appId?: string;
  /** The application's admin key: `mountInspector` unlocks writes with it (docs/inspector.md, "Read-only by default"). */
  readonly adminApiKey?: string;
}

/**
 * The transport to a standalone server: its control endpoints under `/__emulator`, the live
 * journal read from the server-sent event stream with `fetch` (no EventSource, so it runs in
 * Node too). Read-only until {@link InspectorTransport.unlock} succeeds.
 */
export function httpTransport(target: HttpTarget): InspectorTransport {
  const base = `${target.url.replace(/\/+$/, '')}/__emulator`;
  let appId = target.appId;
  let unlocked: string | undefined;
  const streams = new Set<AbortController>();

  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${base}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const text = await res.text();
    const parsed = text === '' ? undefined : JSON.parse(text);
    if (!res.ok) throw new InspectorError(res.status, parsed?.message ?? `HTTP ${res.status}`);
    return parsed;
  };
  const current = async (): Promise<string> => (appId ??= (await call('GET', '')).defaultAppId as string);
  const app = async (path: string) => `/apps/${encodeURIComponent(await current())}${path}`;
  const write = async (method: string, path: string, body?: unknown): Promise<any> => {
    if (unlocked === undefined || unlocked !== (await current()))
      throw new InspectorError(403, "Read-only: type the application's admin API key to change anything");
    return call(method, await app(path), body);
  };

  const transport: InspectorTransport = {
    label: target.url,
    get writable() {
      return unlocked !== undefined && unlocked === appId;
    },
    async unlock(adminApiKey) {
      await call('POST', await app('/inspector/unlock'), { adminApiKey });
      unlocked = await current();
    },
    async apps() {
      const { apps } = (await call('GET', '/apps')) as { apps: AppSummary[] };
      return { apps: apps.map(({ appId: id, now, indices }) => ({ appId: id, now, indices })), appId: await current() };
    },
    selectApp(id) {
      appId = id;
    },
    view: async (name) => call('GET', await app(`/inspector/${name}`)),
    read: async (operation, params = {}) => call('POST', await app('/inspector/read'), { operation, params }),
    explain: async (request) => call('POST', await app('/explain'), request),
    journal: async () => call('GET', await app('/journal')),
    subscribe(after, onEntry, onCleared) {
      const controller = new AbortController();
      streams.add(controller);
      void follow(app('/journal/stream'), base, after, controller.signal, onEntry, onCleared);
      return () => {
        controller.abort();
        streams.delete(controller);
      };
    },
    clearJournal: async () => void (await write('DELETE', '/journal')),
    advance: async (by) => (await write('POST', '/clock/advance', { by })).now,
    setClock: async (to) => (await write('POST', '/clock/set', { to })).now,
    addFault: async (spec) => (await write('POST', '/faults', spec)).id,
    removeFault: async (id) => void (await write('DELETE', `/faults/${id}`)),
    clearFaults: async () => void (await write('DELETE', '/faults')),
    snapshot: async () => (await write('POST', '/snapshots')).snapshotId,
    snapshots: async (): Promise<SnapshotSummary[]> => (await call('GET', await app('/snapshots'))).snapshots,
    restore: async (snapshotId) => void (await write('POST', `/snapshots/${encodeURIComponent(snapshotId)}/restore`)),
    reset: async () => void (await write('POST', '/reset')),
    close() {
      for (const controller of streams) controller.abort();
      streams.clear();
    },
  };
  return transport;
}

/**
 * Reads the journal's event stream until `signal` aborts, reconnecting after a second when it
 * breaks (the server restarted) from the last entry seen.
 */
async function follow(
  pathOf: Promise<string>,
  base: string,
  after: number,
  signal: AbortSignal,
  onEntry: (entry: JournalItem) => void,
  onCleared: () => void,
): Promise<void> {
  const path = await pathOf;
  let last = after;
  while (!signal.aborted) {
    try {
      const res = await fetch(`${base}${path}?after=${last}`, { signal, headers: { accept: 'text/event-stream' } });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event.name === 'entry') {
            const entry = JSON.parse(event.data) as JournalItem;
            last = entry.seq;
            onEntry(entry);
          } else if (event.name === 'cleared') {
            last = 0;
            onCleared();
          }
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function parseEvent(block: string): { name: string; data: string } {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  return { name, data: data.join('\n') };
}
