import type { Core } from '../core';
import { scheduleJob } from '../jobs';
import { DAY } from './models/common';
import { recommendRoutes } from './routes';
import { ensureDailyTraining, trainModels, TRAINING_JOB } from './training';

/**
 * Calls after which the daily training is on the clock, if it is not yet: Recommend is in
 * use once the application sends events or makes a Recommend call (a refused one included:
 * asking an untrained model is how a user finds out it needs training).
 */
const STARTERS = new Set(['pushEvents', ...recommendRoutes.map((route) => route.operation)]);

/** Registers the training job and starts its schedule when Recommend comes into use. */
export function installRecommend(core: Core): void {
  core.onJob(TRAINING_JOB, (at, job) => {
    trainModels(at);
    at.commit((draft) => void scheduleJob(draft, job.at + DAY, TRAINING_JOB));
  });
  core.observe(({ route, res, auth }) => {
    if (!route || !auth || !STARTERS.has(route.operation)) return;
    if (route.operation === 'pushEvents' && res.status !== 200) return;
    ensureDailyTraining(core);
  });
}
