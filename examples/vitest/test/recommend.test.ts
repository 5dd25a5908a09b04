import { expect, it } from 'vitest';
import { emulator } from './setup';

it('recommends from the emulator’s own events', async () => {
  await emulator.saveObjects({
    indexName: 'shop',
    objects: [{ objectID: 'tent' }, { objectID: 'pegs' }, { objectID: 'stove' }],
  });
  await emulator.pushEvents({
    events: [
      { eventType: 'conversion', eventName: 'Bought', index: 'shop', userToken: 'ann', objectIDs: ['tent', 'pegs'] },
    ],
  });
  emulator.trainRecommendModels(); // or emulator.clock.advance('1d')
  const { results } = await emulator.getRecommendations({
    requests: [{ indexName: 'shop', model: 'bought-together', objectID: 'tent', threshold: 0 }],
  });
  expect(results[0].hits.map((hit) => (hit as { objectID: string }).objectID)).toEqual(['pegs']);
});
