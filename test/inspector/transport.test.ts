import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src';
import { answerOnChannel } from '../../src/inspector/channel/answer';
import { channelTransport } from '../../src/inspector/channel/client';
import { httpTransport } from '../../src/inspector/http';
import { inPageTransport } from '../../src/inspector/in-page';
import type { InspectorTransport, JournalItem } from '../../src/inspector/transport';
import { startServer, type RunningServer } from '../../src/server';
import { withSearchEmulator } from '../../src/storybook';
import { currentTransport } from '../../src/storybook/registry';
import { channelPair } from './channel-pair';

/** One conformance suite, run on every transport (hono's `common.case.test.ts` way). */
interface Opened {
  readonly emulator: Emulator;
  readonly transport: InspectorTransport;
}

const OPTIONS = { appId: 'INSPECTED', adminApiKey: 'inspected-admin', indexingDelay: 0 } as const;
const servers: RunningServer[] = [];
const transports: InspectorTransport[] = [];
const answering: (() => void)[] = [];
let stories = 0;

async function open(kind: Kind, options: { indexingDelay?: number } = {}): Promise<Opened> {
  if (kind === 'in-page') {
    const emulator = createEmulator({ ...OPTIONS, ...options });
    const transport = inPageTransport(emulator);
    transports.push(transport);
    return { emulator, transport };
  }
  if (kind === 'storybook channel') {
    // The preview's side answers with the story's emulator, as the addon's preview annotation does.
    const emulator = createEmulator({ ...OPTIONS, ...options });
    withSearchEmulator(emulator)(() => 'rendered', { id: `products--story-${++stories}` });
    const { preview, manager } = channelPair();
    answering.push(answerOnChannel(preview, currentTransport));
    const transport = await channelTransport(manager);
    transports.push(transport);
    return { emulator, transport };
  }
  const server = await startServer({ ...OPTIONS, ...options });
  servers.push(server);
  const transport = httpTransport({ url: server.url, appId: 'INSPECTED' });
  transports.push(transport);
  await transport.unlock('inspected-admin');
  return { emulator: server.emulator, transport };
}

afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  for (const stop of answering.splice(0)) stop();
  for (const server of servers.splice(0)) await server.close();
});

const PRODUCTS = [
  { objectID: '1', name: 'Phone 15', brand: 'Apple', price: 900 },
  { objectID: '2', name: 'Pixel 9 phone', brand: 'Google', price: 700 },
  { objectID: '3', name: 'Kettle', brand: 'Bosch', price: 40 },
];

async function seed(emulator: Emulator) {
  await emulator.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['brand'] } });
  await emulator.saveObjects({ indexName: 'products', objects: PRODUCTS });
}

/** Resolves with the first `count` entries `subscribe` delivers. */
function nextEntries(transport: InspectorTransport, after: number, count: number): Promise<JournalItem[]> {
  return new Promise((resolve) => {
    const seen: JournalItem[] = [];
    const stop = transport.subscribe(
      after,
      (entry) => {
        seen.push(entry);
        if (seen.length === count) {
          stop();
          resolve(seen);
        }
      },
      () => {},
    );
  });
}

const KINDS = ['in-page', 'http', 'storybook channel'] as const;
type Kind = (typeof KINDS)[number];

describe.each(KINDS)('the %s transport', (kind) => {
  it('lists the application and its overview', async () => {
    const { emulator, transport } = await open(kind);
    await seed(emulator);
    expect((await transport.apps()).appId).toBe('INSPECTED');
    expect(await transport.view('overview')).toMatchObject({ appId: 'INSPECTED', indices: 1, records: 3 });
  });

  it('searches as the API does, without a journal entry or analytics', async () => {
    const { emulator, transport } = await open(kind);
    await seed(emulator);
    const before = emulator.journal.length;
    const params = { indexName: 'products', searchParams: { query: 'phone', facets: ['brand'], getRankingInfo: true } };
    const seen = await transport.read('searchSingleIndex', params);
    expect(emulator.journal.length).toBe(before);
    expect(seen).toEqual(await emulator.searchSingleIndex(params));
    expect((seen as { nbHits: number }).nbHits).toBe(2);
  });

  it('refuses an operation that is not a read', async () => {
    const { transport } = await open(kind);
    await expect(transport.read('deleteIndex', { indexName: 'products' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/one of the inspector's reads/),
    });
  });

  it('streams each new request to a subscriber', async () => {
    const { emulator, transport } = await open(kind);
    await seed(emulator);
    const { entries } = await transport.journal();
    const next = nextEntries(transport, entries.at(-1)!.seq, 2);
    await emulator.getObject({ indexName: 'products', objectID: '3' });
    await emulator.getObject({ indexName: 'products', objectID: 'none' }).catch(() => undefined);
    expect((await next).map(({ operation, status, path }) => ({ operation, status, path }))).toEqual([
      { operation: 'getObject', status: 200, path: '/1/indexes/products/3' },
      { operation: 'getObject', status: 404, path: '/1/indexes/products/none' },
    ]);
  });

  it('publishes a pending task when the clock moves', async () => {
    const { emulator, transport } = await open(kind, { indexingDelay: 5000 });
    const { taskID } = await emulator.saveObject({ indexName: 'later', body: { objectID: 'a' } });
    expect((await transport.view('tasks')).pending).toEqual([
      { taskID, indexName: 'later', publishAt: '2024-01-01T00:00:05.000Z' },
    ]);
    expect(await transport.advance('5s')).toBe('2024-01-01T00:00:05.000Z');
    expect((await transport.view('tasks')).pending).toEqual([]);
    expect(await emulator.getTask({ indexName: 'later', taskID })).toMatchObject({ status: 'published' });
  });

  it('adds, lists and removes a fault by ID', async () => {
    const { transport } = await open(kind);
    const id = await transport.addFault({ kind: 'status', status: 503, operation: 'searchSingleIndex' });
    expect((await transport.view('clock')).faults).toEqual([
      { id, spec: { kind: 'status', status: 503, operation: 'searchSingleIndex' }, hits: 0 },
    ]);
    await transport.removeFault(id);
    expect((await transport.view('clock')).faults).toEqual([]);
    await expect(transport.removeFault(id)).rejects.toMatchObject({ status: 404 });
    await expect(transport.addFault({ kind: 'status', status: 42 })).rejects.toMatchObject({ status: 400 });
  });

  it('takes a snapshot, restores it and resets', async () => {
    const { emulator, transport } = await open(kind);
    await seed(emulator);
    const snapshotId = await transport.snapshot();
    expect(await transport.snapshots()).toEqual([{ snapshotId, takenAt: '2024-01-01T00:00:00.000Z' }]);
    await emulator.deleteObject({ indexName: 'products', objectID: '1' });
    await transport.restore(snapshotId);
    expect((await transport.view('overview')).records).toBe(3);
    await transport.reset();
    expect((await transport.view('overview')).records).toBe(0);
  });

  it('explains a hit', async () => {
    const { emulator, transport } = await open(kind);
    await seed(emulator);
    const explanation = (await transport.explain({ indexName: 'products', objectID: '2', query: 'phone' })) as {
      found: boolean;
      text: string;
    };
    expect(explanation.found).toBe(true);
    expect(explanation.text).toMatch(/2/);
  });
});

describe('the http transport without the admin key', () => {
  it('reads but refuses every write, and unlocks only with the right key', async () => {
    const server = await startServer(OPTIONS);
    servers.push(server);
    const transport = httpTransport({ url: server.url });
    transports.push(transport);
    expect((await transport.view('overview')).appId).toBe('INSPECTED');
    expect(transport.writable).toBe(false);
    await expect(transport.reset()).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/admin API key/),
    });
    await expect(transport.unlock('wrong')).rejects.toMatchObject({ status: 403 });
    expect(transport.writable).toBe(false);
    await transport.unlock('inspected-admin');
    expect(transport.writable).toBe(true);
    await transport.reset();
  });
});

describe('the in-page transport mounted read-only', () => {
  it('refuses writes', async () => {
    const transport = inPageTransport(createEmulator(), { readOnly: true });
    expect(transport.writable).toBe(false);
    await expect(transport.advance('1s')).rejects.toMatchObject({ status: 403 });
  });
});
