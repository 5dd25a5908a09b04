import { notFound } from '../errors';

/**
 * The Composition API's messages: the OpenAPI names its 404 "Composition not found" without an
 * example body; the rest is the emulator's wording for what the OpenAPI requires.
 */
export const compositionMessages = {
  notFound: 'Composition not found',
  ruleNotFound: 'Composition rule not found',
  idMismatch: (field: string) => `The body's objectID must be the path's ${field}`,
  bothBehaviors: 'behavior must hold either `injection` or `multifeed`, not both',
  tooManySorts: 'sortingStrategy holds up to 20 sorting strategies',
} as const;

export const compositionNotFound = () => notFound(compositionMessages.notFound);
export const ruleNotFound = () => notFound(compositionMessages.ruleNotFound);
