import { createEmulator } from '../../src';

/** An emulator with one index holding `records` and `settings`, published at once. */
export async function indexWith(
  records: Record<string, unknown>[],
  settings: Record<string, unknown> = {},
  indexName = 'items',
) {
  const emulator = createEmulator();
  const core = emulator.core;
  const { enqueue } = await import('../../src/emulator/tasks');
  const { writeRecords, ensureIndex } = await import('../../src/emulator/search/store');
  enqueue(core, indexName, (draft) => {
    const index = ensureIndex(draft, indexName, core.now());
    index.settings = { ...settings };
    writeRecords(draft, indexName, core.now(), (map) => {
      records.forEach((record, i) => {
        const objectID = String(record.objectID ?? i + 1);
        map.set(objectID, { ...record, objectID });
      });
    });
  });
  const search = async (searchParams: Record<string, unknown>) =>
    (await emulator.searchSingleIndex({ indexName, searchParams })) as SearchBody;
  return { emulator, search, indexName };
}

export interface SearchBody {
  hits: (Record<string, unknown> & {
    objectID: string;
    _rankingInfo?: Record<string, number>;
    _highlightResult?: any;
    _snippetResult?: any;
  })[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  [field: string]: unknown;
}

export const ids = (body: SearchBody) => body.hits.map((hit) => hit.objectID);
