import type { Core, CrawlerOptions } from '../core';

/** What a core built without crawler options (tests of other services) uses. */
const DEFAULTS: CrawlerOptions = { userId: 'crawler-user-id', apiKey: 'crawler-api-key', externalData: {} };

export const crawlerOptions = (core: Core): CrawlerOptions => core.options.crawler ?? DEFAULTS;
