import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { emulator, server } from './setup';

it('crawls a site declared in the test', async () => {
  server.use(http.get('https://site.test/', () => HttpResponse.html('<h1>Home</h1>')));
  const { id } = await emulator.createCrawler({
    name: 'site',
    config: {
      appId: emulator.appId,
      apiKey: emulator.adminApiKey,
      rateLimit: 2,
      startUrls: ['https://site.test/'],
      actions: [
        {
          indexName: 'pages',
          recordExtractor: ({ $ }: { $: (selector: string) => { text(): string } }) => [{ title: $('h1').text() }],
        },
      ],
    },
  });
  await emulator.startReindex({ id });
  await emulator.advance('1m'); // clock forward, stopping at each crawl step and awaiting its fetches

  const { hits } = await emulator.searchSingleIndex<{ title: string }>({
    indexName: 'pages',
    searchParams: { query: 'home' },
  });
  expect(hits.map((hit) => hit.title)).toEqual(['Home']);
});
