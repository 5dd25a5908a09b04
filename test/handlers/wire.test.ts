import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer({ appId: 'WIREAPP', adminApiKey: 'wire-admin' });

/** Raw fetches, the way browser code or a hand-written client reaches the service. */
async function send(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const admin = { 'x-algolia-application-id': 'WIREAPP', 'x-algolia-api-key': 'wire-admin' };

describe('wire format over msw', () => {
  it.each([
    'https://wireapp.algolia.net',
    'https://WIREAPP-dsn.algolia.net',
    'https://wireapp-1.algolianet.com',
    'https://wireapp-3.algolianet.com',
  ])('answers on %s', async (host) => {
    env.fresh();
    const put = await send(`${host}/1/indexes/books/b1`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ title: 'Dune' }),
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(put.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('accepts the spec spelling X-Service-* in any case', async () => {
    env.fresh();
    const res = await send('https://wireapp.algolia.net/1/indexes/books/b1', {
      method: 'PUT',
      headers: { 'X-SERVICE-Application-Id': 'WIREAPP', 'x-service-api-key': 'wire-admin' },
      body: JSON.stringify({ title: 'Dune' }),
    });
    expect(res.status).toBe(200);
  });

  it('accepts credentials in the query string, as browser builds send them', async () => {
    env.fresh();
    const res = await send(
      'https://wireapp-dsn.algolia.net/1/indexes/books/b1?X-Algolia-Application-Id=WIREAPP&x-algolia-api-key=wire-admin',
      {
        method: 'PUT',
        body: JSON.stringify({ title: 'Dune' }),
      },
    );
    expect(res.status).toBe(200);
  });

  it('parses JSON bodies sent as text/plain (what the v5 client sends)', async () => {
    env.fresh();
    await send('https://wireapp.algolia.net/1/indexes/books/b1', {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'text/plain' },
      body: JSON.stringify({ title: 'Dune' }),
    });
    const got = await send('https://wireapp.algolia.net/1/indexes/books/b1', { headers: admin });
    expect(got.body).toEqual({ title: 'Dune', objectID: 'b1' });
  });

  it('decodes a UTF-8 body whose chunks split a character, a leading BOM dropped', async () => {
    env.fresh();
    const bytes = new TextEncoder().encode(`\ufeff${JSON.stringify({ title: 'Dune 😀 épice' })}`);
    const split = bytes.indexOf(0xf0) + 2; // inside the emoji's four bytes
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const put = await fetch('https://wireapp.algolia.net/1/indexes/books/b1', {
      method: 'PUT',
      headers: admin,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(put.status).toBe(200);
    const got = await send('https://wireapp.algolia.net/1/indexes/books/b1', { headers: admin });
    expect(got.body).toEqual({ title: 'Dune 😀 épice', objectID: 'b1' });
  });

  it('rejects invalid JSON with 400 and a message', async () => {
    env.fresh();
    const res = await send('https://wireapp.algolia.net/1/indexes/books/b1', {
      method: 'PUT',
      headers: admin,
      body: '{"title": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid JSON/);
    expect(res.body.status).toBe(400);
  });

  it.each([
    ['a wrong application ID', { 'x-algolia-application-id': 'OTHER', 'x-algolia-api-key': 'wire-admin' }],
    ['a wrong key', { 'x-algolia-application-id': 'WIREAPP', 'x-algolia-api-key': 'nope' }],
    ['no credentials', {}],
  ])('answers 403 for %s', async (_, headers) => {
    env.fresh();
    const res = await send('https://wireapp.algolia.net/1/indexes/books/b1', { headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Invalid Application-ID or API key', status: 403 });
  });

  it('answers CORS preflights for any origin', async () => {
    env.fresh();
    const res = await fetch('https://wireapp-dsn.algolia.net/1/indexes/books/query', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('*');
  });

  it('answers 404 with a message for an unknown path', async () => {
    env.fresh();
    const res = await send('https://wireapp.algolia.net/9/nothing/here', { headers: admin });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Path not found: GET /9/nothing/here');
  });
});
