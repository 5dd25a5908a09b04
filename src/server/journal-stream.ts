import type { IncomingMessage, ServerResponse } from 'node:http';
import { journalItem } from '../inspector/model/views';
import { CORS_HEADERS } from '../handlers/fetch-request';
import type { Apps } from './apps';
import { CONTROL_PREFIX } from './control';

const STREAM_PATH = new RegExp(`^${CONTROL_PREFIX}/apps/([^/]+)/journal/stream/?$`);

/** The application whose journal stream `pathname` asks for, if it is a stream's path. */
export function streamedApp(method: string, pathname: string): string | undefined {
  if (method !== 'GET') return undefined;
  const match = STREAM_PATH.exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * `GET /__emulator/apps/{appId}/journal/stream`: the journal as server-sent events, for the
 * inspector's live view. The entries already kept (after `Last-Event-ID` or `?after=`) come
 * first, then each new one as it is filed; `cleared` when the journal empties. Ends when the
 * client goes away or `ends` is aborted (the server closing).
 */
export function streamJournal(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  apps: Apps,
  appId: string,
  ends: AbortSignal,
): void {
  const emulator = apps.find(appId);
  if (!emulator) {
    outgoing.writeHead(404, { ...CORS_HEADERS, 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ message: `Application ${appId} does not exist on this server`, status: 404 }));
    return;
  }
  const url = new URL(incoming.url ?? '/', 'http://localhost');
  const after = Number(incoming.headers['last-event-id'] ?? url.searchParams.get('after') ?? 0) || 0;
  outgoing.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  outgoing.write('retry: 1000\n\n');
  const send = (event: string, id: number, data: unknown) =>
    outgoing.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  for (const entry of emulator.journal.entries) if (entry.seq > after) send('entry', entry.seq, journalItem(entry));
  const stop = emulator.journal.subscribe(
    (entry) => send('entry', entry.seq, journalItem(entry)),
    () => send('cleared', 0, {}),
  );
  const end = () => {
    stop();
    outgoing.end();
  };
  outgoing.once('close', stop);
  if (ends.aborted) end();
  else ends.addEventListener('abort', end, { once: true });
}
