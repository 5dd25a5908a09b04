import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { answerOnChannel } from '../../src/inspector/channel/answer';
import { channelTransport } from '../../src/inspector/channel/client';
import { EVENTS } from '../../src/inspector/channel/protocol';
import type { InspectorTransport } from '../../src/inspector/transport';
import { withSearchEmulator } from '../../src/storybook';
import { currentTransport, registry } from '../../src/storybook/registry';
import { channelPair } from './channel-pair';

/** The Storybook side of the inspector: which emulator the panel reaches, story by story. */
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const stop of cleanup.splice(0)) stop();
});

function connect() {
  const pair = channelPair();
  const stopAnswering = answerOnChannel(pair.preview, currentTransport);
  cleanup.push(stopAnswering);
  const open = async (): Promise<InspectorTransport> => {
    const transport = await channelTransport(pair.manager);
    cleanup.push(() => transport.close());
    return transport;
  };
  return { ...pair, open, stopAnswering };
}

/** What the preview does for a story: the preview annotation notes it, its decorators run. */
function render(id: string, decorators: ((story: () => string, context: { id: string }) => string)[] = []) {
  registry().current = id;
  const story = decorators.reduce<() => string>(
    (inner, decorator) => () => decorator(inner, { id }),
    () => id,
  );
  return story();
}

describe('the Storybook channel', () => {
  it('reaches the emulator of the story rendered now, and none for a story without one', async () => {
    const catalogue = createEmulator({ appId: 'CATALOGUE' });
    const basket = createEmulator({ appId: 'BASKET' });
    await catalogue.saveObjects({ indexName: 'products', objects: [{ objectID: '1' }, { objectID: '2' }] });
    const { open } = connect();

    expect(render('catalogue--list', [withSearchEmulator(catalogue)])).toBe('catalogue--list');
    expect(await (await open()).view('overview')).toMatchObject({ appId: 'CATALOGUE', records: 2 });

    render('basket--empty', [withSearchEmulator(basket)]);
    expect(await (await open()).view('overview')).toMatchObject({ appId: 'BASKET', records: 0 });

    render('docs--intro');
    await expect(open()).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/docs--intro has no emulator: add withSearchEmulator\(emulator\)/),
    });
  });

  it('keeps a story read-only when it asks, and its snapshots across panel remounts', async () => {
    const emulator = createEmulator({ appId: 'SHOWCASE' });
    const { open } = connect();
    render('showcase--read-only', [withSearchEmulator(emulator, { readOnly: true })]);
    const readOnly = await open();
    expect(readOnly.writable).toBe(false);
    await expect(readOnly.advance('1h')).rejects.toMatchObject({ status: 403 });
    await expect(readOnly.unlock('anything')).rejects.toMatchObject({ status: 403 });

    const writable = createEmulator({ appId: 'WRITABLE' });
    render('showcase--writable', [withSearchEmulator(writable)]);
    const snapshotId = await (await open()).snapshot();
    expect(await (await open()).snapshots()).toEqual([{ snapshotId, takenAt: '2024-01-01T00:00:00.000Z' }]);
  });

  it('stops sending journal entries once unsubscribed, and on close', async () => {
    const emulator = createEmulator({ appId: 'JOURNAL', indexingDelay: 0 });
    const { open, sent } = connect();
    render('journal--live', [withSearchEmulator(emulator)]);
    const transport = await open();
    const seen: string[] = [];
    const first = new Promise<void>((resolve) => {
      const stop = transport.subscribe(
        0,
        (entry) => {
          seen.push(entry.path);
          stop();
          resolve();
        },
        () => {},
      );
    });
    await emulator.listIndices();
    await first;
    // Let the unsubscribe reach the preview, then file another request.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const before = sent.filter((event) => event === EVENTS.entry).length;
    await emulator.listIndices();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['/1/indexes']);
    expect(sent.filter((event) => event === EVENTS.entry).length).toBe(before);
  });

  it('answers an unknown call with a 400 and rejects what is pending when closed', async () => {
    const { manager, stopAnswering } = connect();
    render('misc--story', [withSearchEmulator(createEmulator())]);
    const answer = new Promise((resolve) => manager.on(EVENTS.result, (text: string) => resolve(JSON.parse(text))));
    manager.emit(EVENTS.call, JSON.stringify({ id: 'x1', method: 'deleteIndex', args: [] }));
    expect(await answer).toEqual({ id: 'x1', ok: false, status: 400, message: 'Unknown inspector call deleteIndex' });

    const transport = await channelTransport(manager);
    // The preview stops answering: a call in flight rejects when the panel closes.
    stopAnswering();
    const inFlight = transport.view('overview');
    transport.close();
    await expect(inFlight).rejects.toMatchObject({ status: 499 });
  });
});
