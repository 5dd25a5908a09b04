import { arrayOf, integer, isoDate, object, string, type OperationSchemas } from './parts';

const version = { type: 'integer', minimum: 1 };

export const crawlerSchemas: Readonly<Record<string, OperationSchemas>> = {
  listConfigVersions: {
    200: object(
      {
        items: arrayOf(object({ version, createdAt: isoDate, authorId: string }, ['version', 'createdAt', 'authorId'])),
        itemsPerPage: { type: 'integer', minimum: 1, maximum: 100 },
        page: { type: 'integer', minimum: 1 },
        total: integer,
      },
      ['items'],
      false,
    ),
  },
  getConfigVersion: {
    200: object(
      {
        version,
        config: object(
          { appId: string, actions: arrayOf({ type: 'object' }, { minItems: 1 }) },
          ['appId', 'actions'],
          false,
        ),
        createdAt: isoDate,
        authorId: string,
      },
      ['version', 'config', 'createdAt', 'authorId'],
    ),
  },
};
