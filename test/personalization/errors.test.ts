import { personalizationClient } from '@algolia/client-personalization';
import { describe, expect, it } from 'vitest';
import { violations } from '../support/schemas/validate';
import { refusal, setupSurfaces, SURFACES, type Api } from '../support/surfaces';

const open = setupSurfaces();

/**
 * The personalization API's refusals keep spec 002's statuses (401 for credentials, 422 for an
 * invalid strategy) where the OpenAPI lists the search API's 400/402/403/404 on every route:
 * docs/parity-decisions.md says why. The bodies are error bodies either way.
 */
describe.each(SURFACES)('personalization refusals (%s)', (surface) => {
  const personalization = (emulator: ReturnType<typeof open>['emulator'], apiKey: string) =>
    (surface === 'direct'
      ? emulator.as({ apiKey })
      : personalizationClient(emulator.appId, apiKey, 'us')) as unknown as Api;

  it('a wrong key: 401', async () => {
    const { emulator } = open(surface);
    const answer = await refusal(personalization(emulator, 'wrong-key').getPersonalizationStrategy());
    expect(answer).toEqual({ status: 401, message: 'Invalid Application-ID or API key' });
    expect(violations('getPersonalizationStrategy', 401, { ...answer })).toEqual([]);
  });

  it('an invalid strategy: 422 naming the field, nothing stored', async () => {
    const { emulator } = open(surface);
    const answer = await refusal(
      personalization(emulator, emulator.adminApiKey).setPersonalizationStrategy({
        eventsScoring: [],
        facetsScoring: [],
        personalizationImpact: 500,
      }),
    );
    expect(answer).toEqual({ status: 422, message: 'personalizationImpact: must be an integer between 0 and 100' });
    await expect(emulator.getPersonalizationStrategy()).rejects.toMatchObject({ status: 404 });
  });
});
