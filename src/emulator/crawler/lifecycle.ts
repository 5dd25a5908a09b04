import type { Core } from '../core';
import { removeIndex } from '../search/indices';
import { enqueue } from '../tasks';
import type { Crawl } from './state';

/** The job that takes one step of a crawl: `rateLimit` URLs, then the next step a second later. */
export const STEP_JOB = 'crawler.step';
/** Emulator time between two steps: `rateLimit` URLs per second. */
export const STEP_INTERVAL = 1000;

/** The temporary index a reindex fills before it replaces the live one. */
export const temporaryIndex = (live: string) => `${live}.tmp`;

/** Removes the temporary indices of a crawl that will not end (cancelled, deleted, restarted). */
export function dropTemporaries(core: Core, crawl: Crawl): void {
  for (const [live, temp] of crawl.targets) enqueue(core, live, (draft) => removeIndex(draft, temp));
}
