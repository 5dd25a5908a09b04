import { arrayOf, integer, isoDate, mapOf, object, oneOfValues, string, type OperationSchemas } from './parts';

const strategy = object(
  {
    eventsScoring: arrayOf(
      object({ score: integer, eventName: string, eventType: oneOfValues('click', 'conversion', 'view') }, [
        'score',
        'eventName',
        'eventType',
      ]),
    ),
    facetsScoring: arrayOf(object({ score: integer, facetName: string }, ['score', 'facetName'])),
    personalizationImpact: { type: 'integer', minimum: 0, maximum: 100 },
  },
  ['eventsScoring', 'facetsScoring', 'personalizationImpact'],
);

export const personalizationSchemas: Readonly<Record<string, OperationSchemas>> = {
  getPersonalizationStrategy: { 200: strategy },
  // `status` beside `message`: spec 002's acknowledgement (the OpenAPI draws `message` alone).
  setPersonalizationStrategy: { 200: object({ status: integer, message: string }, ['message']) },
  getUserTokenProfile: {
    200: object({ userToken: string, lastEventAt: isoDate, scores: mapOf(mapOf(integer)) }, [
      'userToken',
      'lastEventAt',
      'scores',
    ]),
  },
  deleteUserProfile: { 200: object({ userToken: string, deletedUntil: isoDate }, ['userToken', 'deletedUntil']) },
};
