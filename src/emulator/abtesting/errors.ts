import { ApiError, badRequest, notFound } from '../errors';

/**
 * The A/B testing API's messages. `ABTestID not found` is the service's (the v4 client's
 * integration test against it); the validation messages are the emulator's wording for what
 * the OpenAPI and the service's documentation require.
 */
export const abtestingMessages = {
  notFound: 'ABTestID not found',
  bodyNotObject: 'The request body must be a JSON object',
  trafficSum: (sum: number) => `The variants' trafficPercentage must add up to 100, got ${sum}`,
  endInPast: 'endAt must be a date in the future',
  indexInTest: (index: string, abTestID: number) => `Index ${index} is already part of the active A/B test ${abTestID}`,
  noSettings: 'No settings were captured for this A/B test',
  settingsTaken: 'Settings were already captured for this A/B test',
  tooEarly: 'Settings can be captured once the A/B test has reached 80% of its planned duration',
  noVariant: (variantId: number, count: number) => `variantId must be between 1 and ${count}, got ${variantId}`,
  controlInUse: (index: string) => `The control index ${index} is used by an active A/B test`,
  noHistory: (index: string) =>
    `Not enough data to estimate: the index ${index} has no tracked searches in the last 14 days`,
} as const;

export const testNotFound = () => notFound(abtestingMessages.notFound);

/** A body field that is not what the OpenAPI says it is. */
export const invalidField = (path: string, expected: string) => badRequest(`Invalid \`${path}\`: expected ${expected}`);

export const conflict = (message: string) => new ApiError(409, message);
