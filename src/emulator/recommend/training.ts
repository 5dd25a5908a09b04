import type { Draft } from 'immer';
import type { Core } from '../core';
import { notFound, messages } from '../errors';
import { scheduleJob } from '../jobs';
import { effectiveSettings } from '../search/settings/effective';
import { recordsOf } from '../search/store';
import type { State } from '../state';
import { interactionsByIndex } from './events';
import { DAY, EXTENDED_WINDOW } from './models/common';
import { Training } from './state';

/** The job kind of the daily training (jobs.ts). */
export const TRAINING_JOB = 'recommend.training';
/** The models retrain every day at this hour, UTC. */
export const TRAINING_HOUR_UTC = 3;

/** The first training instant strictly after `now`. */
function nextTrainingAt(now: number): number {
  const today = Math.floor(now / DAY) * DAY + TRAINING_HOUR_UTC * 3_600_000;
  return today > now ? today : today + DAY;
}

/** Puts the daily training on the clock unless it already is. */
export function ensureDailyTraining(core: Core): void {
  if (core.state.jobs.queue.some((job) => job.kind === TRAINING_JOB)) return;
  core.commit((draft) => void scheduleJob(draft, nextTrainingAt(core.now()), TRAINING_JOB));
}

/**
 * Trains the models of every index (or one) now: each reads the index's records and settings
 * as they are and the insights events of the 90 days before (see models/ for what each model
 * computes from them). Answers the names of the indices trained.
 */
export function trainModels(core: Core, indexName?: string): string[] {
  const state = core.state;
  if (indexName !== undefined && !state.indices.has(indexName)) throw notFound(messages.indexNotFound);
  const now = core.now();
  const names = indexName === undefined ? [...state.indices.keys()] : [indexName];
  const interactions = interactionsByIndex(state, now - EXTENDED_WINDOW, now);
  core.commit((draft) => {
    for (const name of names) setTraining(draft, state, name, now, interactions.get(name) ?? []);
  });
  return names;
}

function setTraining(
  draft: Draft<State>,
  state: State,
  name: string,
  now: number,
  interactions: Training['interactions'],
): void {
  const index = state.indices.get(name)!;
  const training = new Training(
    now,
    recordsOf(state, index),
    effectiveSettings(index),
    Object.freeze(interactions),
    state.recommend.configs.get(name) ?? {},
  );
  (draft.recommend.trainings as Map<string, Training>).set(name, training);
}
