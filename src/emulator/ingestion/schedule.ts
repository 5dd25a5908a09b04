import type { Draft } from 'immer';
import { cancelJobs, scheduleJob } from '../jobs';
import type { State } from '../state';
import { invalidPayload } from './errors';

/** The job that runs a scheduled task at its cron's next instant. */
export const CRON_JOB = 'ingestion.cron';

/** Each field's range, and the names it accepts (months, days of the week). */
const FIELDS: readonly { name: string; min: number; max: number; names?: readonly string[] }[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

/**
 * 400 unless `cron` is a five-field cron expression (minute hour day-of-month month
 * day-of-week; `*`, ranges, lists, steps, month and day names), times in UTC. Checked here
 * because the cron reader accepts anything.
 */
export function assertCron(cron: string, path = 'cron'): void {
  const parts = cron.trim().split(/\s+/);
  const bad = (why: string) => invalidPayload(`\`${path}\` "${cron}" is not a cron expression: ${why}`);
  if (parts.length !== 5) throw bad(`it has ${parts.length} fields, five are expected`);
  parts.forEach((part, i) => {
    const field = FIELDS[i];
    const value = (raw: string) => {
      const named = field.names?.indexOf(raw.toUpperCase()) ?? -1;
      const n = named >= 0 ? named + (field.min === 1 ? 1 : 0) : /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!(n >= field.min && n <= field.max)) throw bad(`"${raw}" is out of the ${field.name} range`);
      return n;
    };
    for (const item of part.split(',')) {
      const [range, step, extra] = item.split('/');
      if (extra !== undefined || (step !== undefined && !/^[1-9]\d*$/.test(step)))
        throw bad(`"${item}" has a bad step`);
      if (range === '*') continue;
      const [from, to, more] = range.split('-');
      if (more !== undefined || from === '') throw bad(`"${item}" is not a value, range or step`);
      if (to !== undefined && value(from) > value(to)) throw bad(`"${range}" goes backwards`);
      value(from);
    }
  });
}

/** The cron's next instant strictly after `after` (the cron reader is loaded on first use). */
export async function nextCronRun(cron: string, after: number): Promise<number | undefined> {
  const { default: later } = await import('@breejs/later');
  later.date.UTC();
  const next = later.schedule(later.parse.cron(cron)).next(2, new Date(after));
  const list = next === 0 ? [] : Array.isArray(next) ? next : [next];
  return list.map((date) => date.getTime()).find((at) => at > after);
}

/** Plans a task's next scheduled run (inside a commit): any earlier plan is dropped. */
export function planTask(draft: Draft<State>, taskID: string, at: number | undefined): void {
  cancelJobs(draft, (job) => job.kind === CRON_JOB && job.data.taskID === taskID);
  if (at !== undefined) scheduleJob(draft, at, CRON_JOB, { taskID });
}
