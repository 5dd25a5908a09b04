import type { CrawlerConfig } from './state';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What a configuration asks for that the emulator stores but does not do, one sentence per
 * field, naming it: the answers of createCrawler, patchCrawler and patchConfig carry them
 * (`warnings`), and every crawl's log starts with them. Nothing is ignored silently.
 */
export function configWarnings(config: CrawlerConfig): string[] {
  const out: string[] = [];
  if (config.saveBackup === true)
    out.push(
      '`config.saveBackup`: the emulator keeps no backup of a live index before a reindex replaces it (the name of the backup index is not documented)',
    );
  const request = record(config.requestOptions);
  if (request.proxy !== undefined)
    out.push(
      '`config.requestOptions.proxy`: requests go to the declared site (msw or crawlerFetch), never through a proxy',
    );
  if (request.timeout !== undefined)
    out.push('`config.requestOptions.timeout`: not enforced: the emulator waits for every answer of the declared site');
  const login = record(config.login);
  if (record(login.requestOptions).timeout !== undefined)
    out.push('`config.login.requestOptions.timeout`: not enforced: the emulator waits for the login answer');
  if (login.waitTime !== undefined)
    out.push(
      "`config.login.waitTime`: the browser login fills and submits the login page's form without running its scripts, so it does not wait",
    );
  if (record(config.renderJavaScript).adBlock === true)
    out.push(
      '`config.renderJavaScript.adBlock`: no ad blocker: every request a rendered page makes goes to the declared site',
    );
  return out;
}

/** `warnings` for an operation's answer: absent when there are none. */
export const warningsField = (config: CrawlerConfig | undefined) => {
  const warnings = config === undefined ? [] : configWarnings(config);
  return warnings.length === 0 ? {} : { warnings };
};
