import { describe, expect, it } from 'vitest';
import { expectConforms } from '../support/schemas/validate';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { v4Client } from '../support/v4';

const open = setupSurfaces();

/**
 * Unset settings are absent from getSettings, never `null`: the recorded CTS getSettings answer
 * prints no null, and the documentation says "the response only includes values for settings
 * that aren't null". The v4 client's test "copy_and_move_index" expected `null` for an index
 * copied without its settings: older behaviour (docs/parity-decisions.md).
 */
describe.each(SURFACES)('getSettings of an index copied with a scope (%s)', (surface) => {
  it('leaves out what the copy did not bring', async () => {
    const { api } = open(surface);
    await api.setSettings({ indexName: 'source', indexSettings: { attributesForFaceting: ['company'] } });
    await api.saveRule({
      indexName: 'source',
      objectID: 'auto',
      rule: {
        objectID: 'auto',
        conditions: [{ anchoring: 'contains', pattern: '{facet:company}' }],
        consequence: { params: { automaticFacetFilters: ['company'] } },
      },
    });
    await api.operationIndex({
      indexName: 'source',
      operationIndexParams: { operation: 'copy', destination: 'rules_only', scope: ['rules'] },
    });
    await api.operationIndex({
      indexName: 'source',
      operationIndexParams: { operation: 'copy', destination: 'settings_only', scope: ['settings'] },
    });
    const rulesOnly = await api.getSettings({ indexName: 'rules_only' });
    expectConforms('getSettings', 200, rulesOnly);
    expect(rulesOnly).not.toHaveProperty('attributesForFaceting');
    expect(Object.values(rulesOnly)).not.toContain(null);
    expect((await api.getSettings({ indexName: 'settings_only' })).attributesForFaceting).toEqual(['company']);
  });
});

describe('the v4 client reading it', () => {
  it('copySettings/copyRules as its integration test does: settings copied whole, none on a rules copy', async () => {
    const { emulator } = open('client');
    const client = v4Client(emulator);
    const index = client.initIndex('copy_and_move_index');
    await index.setSettings({ attributesForFaceting: ['company'] }).wait();
    await client.copySettings(index.indexName, `${index.indexName}_settings`).wait();
    await client.copyRules(index.indexName, `${index.indexName}_rules`).wait();
    const settings = await index.getSettings();
    expect(await client.initIndex(`${index.indexName}_settings`).getSettings()).toEqual(settings);
    expect((await client.initIndex(`${index.indexName}_rules`).getSettings()).attributesForFaceting).toBeUndefined();
  });
});
