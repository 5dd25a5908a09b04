import { describe, expect, it } from 'vitest';
import { createRecorder, memoryStore } from '../../src/record';
import { startServer } from '../../src/server';
import { recordAndVerify } from './scenarios';

recordAndVerify('server');

describe('the recorder control endpoints', () => {
  it('refuse a test without file or name, and answer 404 on a server without a recorder', async () => {
    const post = async (url: string, path: string, body: unknown) => {
      const res = await fetch(`${url}/__emulator/recorder/${path}`, { method: 'POST', body: JSON.stringify(body) });
      return [res.status, ((await res.json()) as { message?: string } | null)?.message];
    };
    const plain = await startServer();
    expect(await post(plain.url, 'test', { file: 'a', name: 'b' })).toEqual([
      404,
      'This server has no recorder: startServer({ recorder }) (docs/record-verify.md)',
    ]);
    await plain.close();
    const recorded = await startServer({
      recorder: (emulator) => createRecorder(emulator, { store: memoryStore(), env: {} }),
    });
    expect(await post(recorded.url, 'test', { file: 'a' })).toEqual([
      400,
      '`file` and `name` are required: the test file and the test that starts',
    ]);
    expect(await post(recorded.url, 'end', {})).toEqual([200, undefined]); // no exchange, no recording: no report
    await recorded.close();
  });
});
