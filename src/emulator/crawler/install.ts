import type { Core } from '../core';
import { crawlerIn } from './store';
import { nextRunOf, planSchedule, SCHEDULE_JOB } from './check';
import { STEP_JOB } from './lifecycle';
import { addTask } from './store';

/**
 * Registers the crawler's jobs: crawl steps (the engine is loaded on the first one) and
 * scheduled reindexes (a crawler that is running and idle starts one, then plans the next).
 */
export function installCrawler(core: Core): void {
  core.onJob(STEP_JOB, async (_, job) => {
    const { runStep } = await import('./crawl');
    await runStep(core, job);
  });
  core.onJob(SCHEDULE_JOB, async (_, job) => {
    const crawlerId = String(job.data.crawlerId);
    const crawler = core.state.crawler.crawlers.get(crawlerId);
    if (!crawler) return;
    const nextAt = await nextRunOf(crawler.config, job.at);
    let taskId: string | undefined;
    core.commit((draft) => {
      planSchedule(draft, crawlerId, nextAt);
      const target = crawlerIn(draft, crawlerId);
      if (target.running && !target.crawl && !target.blocked) taskId = addTask(core, draft, crawlerId);
    });
    if (taskId === undefined) return;
    const { startCrawl } = await import('./crawl');
    await startCrawl(core, crawlerId, taskId);
  });
}
