import { arrayOf, boolean, count, integer, nullable, object, string, type OperationSchemas } from './parts';

const stringsOrNull = nullable(arrayOf(string));

/** A configuration as the service answers it: the application, its options, every source index. */
const configuration = object(
  {
    appID: string,
    indexName: string,
    sourceIndices: arrayOf(
      object(
        {
          indexName: string,
          replicas: boolean,
          analyticsTags: stringsOrNull,
          facets: nullable(arrayOf(object({ attribute: string, amount: integer }))),
          minHits: count,
          minLetters: count,
          generate: nullable(arrayOf(arrayOf(string))),
          external: stringsOrNull,
        },
        ['indexName'],
      ),
      { minItems: 1 },
    ),
    languages: { anyOf: [arrayOf(string), boolean] },
    exclude: stringsOrNull,
    enablePersonalization: boolean,
    allowSpecialCharacters: boolean,
  },
  ['appID', 'indexName', 'sourceIndices', 'languages', 'exclude', 'enablePersonalization', 'allowSpecialCharacters'],
);

const acknowledgement = object({ status: integer, message: string }, ['status', 'message']);

export const suggestionsSchemas: Readonly<Record<string, OperationSchemas>> = {
  createConfig: { 200: acknowledgement },
  updateConfig: { 200: acknowledgement },
  deleteConfig: { 200: acknowledgement },
  getConfig: { 200: configuration },
  getAllConfigs: { 200: arrayOf(configuration) },
  getConfigStatus: {
    200: object(
      {
        indexName: string,
        isRunning: boolean,
        lastBuiltAt: string,
        lastSuccessfulBuiltAt: string,
        lastSuccessfulBuildDuration: string,
      },
      ['indexName', 'isRunning'],
    ),
  },
};
