import later from '@breejs/later';
import { invalidRequest } from '../errors';

later.date.UTC();

const DAY = 86_400_000;

/**
 * Reads a `schedule` in Later.js text syntax (`every 1 day at 3:00 pm`, times in UTC). A day
 * without a time runs at 00:00 UTC (the real crawler picks some time that day), an hour
 * without minutes at its start. 400 for text Later.js cannot read.
 */
function parse(text: string) {
  const data = later.parse.text(text);
  if (data.error !== -1 || data.schedules.length === 0) {
    throw invalidRequest(
      `Invalid configuration: \`schedule\` "${text}" is not a Later.js schedule (error at character ${data.error})`,
    );
  }
  for (const schedule of data.schedules) {
    if (!schedule.t && !schedule.h && !schedule.m && !schedule.s) schedule.t = [0];
    else if (schedule.h && !schedule.t && !schedule.m) schedule.m = [0];
  }
  return data;
}

/** The next scheduled instants strictly after `after` (epoch ms). */
function upcoming(text: string, after: number, count: number): number[] {
  const next = later.schedule(parse(text)).next(count, new Date(after + 1000));
  const list = next === 0 ? [] : Array.isArray(next) ? next : [next];
  return list.map((date) => date.getTime()).filter((at) => at > after);
}

/** 400 unless the schedule reads and its crawls are at least 24 hours apart (as the real crawler requires). */
export function assertSchedule(text: string, path: string, now: number): void {
  const times = upcoming(text, now, 3);
  if (times.length === 0) throw invalidRequest(`Invalid configuration: \`${path}\` "${text}" never occurs`);
  for (let i = 1; i < times.length; i++) {
    if (times[i] - times[i - 1] < DAY)
      throw invalidRequest(
        `Invalid configuration: \`${path}\` "${text}": two scheduled crawls must be at least 24 hours apart`,
      );
  }
}

/** The next scheduled crawl after `after`, or undefined. */
export function nextScheduled(text: string, after: number): number | undefined {
  try {
    return upcoming(text, after, 1)[0];
  } catch {
    return undefined;
  }
}
