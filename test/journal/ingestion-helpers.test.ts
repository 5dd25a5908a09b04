import '../../src/vitest';
import { ingestionClient } from '@algolia/ingestion';
import { describe, expect, it } from 'vitest';
import { pushConnector, setupIngestion } from '../ingestion/support';

const open = setupIngestion();

describe('the ingestion helpers by name: the push requests they send (over msw)', () => {
  it('saveObjectsWithTransformation, partialUpdateObjectsWithTransformation, chunkedPush, replaceAll...', async () => {
    const { emulator, api, search } = open('client');
    await pushConnector(api, 'people');
    emulator.journal.clear(); // the connector's setup: the application's, but not what this test checks
    const people = [
      { objectID: '1', name: 'Ann' },
      { objectID: '2', name: 'Bob' },
      { objectID: '3', name: 'Cid' },
    ];
    await search.saveObjectsWithTransformation({ indexName: 'people', objects: people, batchSize: 2 });
    await search.partialUpdateObjectsWithTransformation({
      indexName: 'people',
      objects: [{ objectID: '1', age: 3 }],
      createIfNotExists: true,
    });
    const ingestion = ingestionClient(emulator.appId, emulator.adminApiKey, 'us');
    await ingestion.chunkedPush({ indexName: 'people', objects: [{ objectID: '2' }], action: 'deleteObject' });
    await search.replaceAllObjectsWithTransformation({ indexName: 'people', objects: people.slice(0, 1) });

    expect(emulator).toHaveReceivedTimes('push', 5);
    expect(emulator).toHaveReceivedTimes('saveObjectsWithTransformation', 2, { indexName: 'people' });
    expect(emulator).toHaveReceived('saveObjectsWithTransformation', { objects: [people[2]] });
    expect(emulator).toHaveReceived('partialUpdateObjectsWithTransformation', {
      objects: [{ objectID: '1', age: 3 }],
      createIfNotExists: true,
    });
    expect(emulator).toHaveReceivedTimes('chunkedPush', 5);
    expect(emulator).toHaveReceived('chunkedPush', { action: 'deleteObject', objects: [{ objectID: '2' }] });
    // The replace: its final move, with the records pushed into its temporary index.
    expect(emulator).toHaveReceivedTimes('replaceAllObjectsWithTransformation', 1, {
      indexName: 'people',
      objects: people.slice(0, 1),
    });
    expect(emulator).not.toHaveReceived('replaceAllObjects');
    // Push helpers send no batch.
    expect(emulator).not.toHaveReceived('saveObjects');
  });
});
