import type { Core } from '../core';
import { crawlEngine } from './engine';
import { crawlerIn } from './store';
import { scheduleJob } from '../jobs';
import { SCHEDULE_JOB, schedulePlans } from './check';
import { STEP_JOB } from './lifecycle';
import { addTask } from './store';

/**
 * Registers the crawler's jobs: crawl steps (the engine is loaded on the first one) and
 * scheduled crawls (a crawler that is not paused, idle and unblocked starts one, then plans
 * the next): the crawler's `schedule` starts a full reindex, an action's its own crawl.
 */
export function installCrawler(core: Core): void {
  core.onJob(STEP_JOB, async (_, job) => {
    const { runStep } = await crawlEngine();
    await runStep(core, job);
  });
  core.onJob(SCHEDULE_JOB, async (_, job) => {
    const crawlerId = String(job.data.crawlerId);
    const action = typeof job.data.action === 'string' ? job.data.action : undefined;
    const crawler = core.state.crawler.crawlers.get(crawlerId);
    if (!crawler) return;
    // A crawl that starts loads the engine before any change, as the API's own starts do.
    const engine = !crawler.paused && !crawler.crawl && !crawler.blocked ? await crawlEngine() : undefined;
    const [next] = await schedulePlans(crawler.config, job.at, { action });
    let taskId: string | undefined;
    core.commit((draft) => {
      if (next) scheduleJob(draft, next.at, SCHEDULE_JOB, { crawlerId, ...(action === undefined ? {} : { action }) });
      const target = crawlerIn(draft, crawlerId);
      if (!target.paused && !target.crawl && !target.blocked) taskId = addTask(core, draft, crawlerId);
    });
    if (taskId === undefined) return;
    await (engine ?? (await crawlEngine())).startCrawl(core, crawlerId, taskId, action);
  });
}
