import { ingestionClient } from '@algolia/ingestion';
import { algoliasearch } from 'algoliasearch';
import type { Emulator, EmulatorOptions } from '../../src';
import { setupEmulatorServer } from '../support/server';
import type { Api, Surface } from '../support/surfaces';

/**
 * Ingestion tests reach the emulator through its direct calls or the official
 * `@algolia/ingestion` client over msw (`data.us.algolia.com`); `search` is the v5 client with
 * `transformationOptions`, whose `*WithTransformation` helpers push through the Ingestion API.
 */
export function setupIngestion(options: EmulatorOptions = {}) {
  const env = setupEmulatorServer(options);
  return (surface: Surface, overrides: EmulatorOptions = {}) => {
    const { emulator, client } = env.fresh(overrides);
    const ingestion = ingestionClient(emulator.appId, emulator.adminApiKey, 'us');
    const api = (surface === 'direct' ? directIngestion(emulator) : ingestion) as unknown as Api;
    const search = algoliasearch(emulator.appId, emulator.adminApiKey, { transformationOptions: { region: 'us' } });
    return { emulator, client, api, search, server: env.server };
  };
}

/** A push connector writing to `indexName`, through a transformation when `code` is given. */
export async function pushConnector(api: Api, indexName: string, code?: string) {
  const transformationIDs = code
    ? [(await api.createTransformation({ name: `t-${indexName}`, type: 'code', input: { code } })).transformationID]
    : undefined;
  const { sourceID } = await api.createSource({ type: 'push', name: `push-${indexName}` });
  const { destinationID } = await api.createDestination({
    type: 'search',
    name: `dest-${indexName}`,
    input: { indexName },
    ...(transformationIDs ? { transformationIDs } : {}),
  });
  const { taskID } = await api.createTask({ sourceID, destinationID, action: 'save' });
  return { sourceID, destinationID, taskID, transformationIDs };
}

/** Every record of an index, sorted by objectID. */
export async function recordsIn(emulator: Emulator, indexName: string) {
  const { hits } = await emulator.browse({ indexName });
  return [...hits].sort((a, b) => String(a.objectID).localeCompare(String(b.objectID)));
}

/**
 * Two ingestion operations share their name with an older API's direct call (`getTask` is the
 * search API's, `deleteSource` the firewall's): the direct surface is the ingestion API's own
 * calls, `emulator.initIngestion()`.
 */
function directIngestion(emulator: Emulator): Api {
  return emulator.initIngestion() as unknown as Api;
}
