import algoliasearchV4 from 'algoliasearch-v4';

/**
 * The real v4 client (`algoliasearch@4.27.0`, installed as `algoliasearch-v4`) pointed at
 * an emulator wired into msw: for behaviour that comes from what v4 sends or reads.
 */
export function v4Client(emulator: { appId: string; adminApiKey: string }) {
  return algoliasearchV4(emulator.appId, emulator.adminApiKey);
}
