/** The whole message of a failing assertion, without its colours; throws when the assertion passes. */
export function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    // eslint-disable-next-line no-control-regex
    return (error as Error).message.replace(/\u001b\[[0-9;]*m/g, '');
  }
  throw new Error('the assertion passed');
}
