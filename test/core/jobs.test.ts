import { describe, expect, it } from 'vitest';
import { createEmulator, createFakeClock } from '../../src';
import { cancelJobs, scheduleJob } from '../../src/emulator/jobs';

const HOUR = 3_600_000;

describe('clock stops', () => {
  it('notifies at every stop on the way forward, in order, then at the target', () => {
    const clock = createFakeClock(0);
    const stops = [300, 100, 200];
    clock.setStops((from, to) => {
      const next = stops.filter((at) => at > from && at < to).sort((a, b) => a - b)[0];
      return next;
    });
    const seen: number[] = [];
    clock.onChange((now) => seen.push(now));
    clock.advance(250);
    clock.set(1000);
    clock.set(50); // backwards: no stops
    expect(seen).toEqual([100, 200, 250, 300, 1000, 50]);
  });

  it('ignores a stop that is not ahead of the clock', () => {
    const clock = createFakeClock(100);
    clock.setStops(() => 100);
    const seen: number[] = [];
    clock.onChange((now) => seen.push(now));
    clock.advance(10);
    expect(seen).toEqual([110]);
  });
});

describe('scheduled jobs', () => {
  function withRecorder() {
    const emulator = createEmulator({ now: 0 });
    const ran: { id: number; at: number; now: number; data: unknown }[] = [];
    emulator.core.onJob('record', (core, job) => ran.push({ id: job.id, at: job.at, now: core.now(), data: job.data }));
    return { emulator, ran };
  }

  it('run in time order at their own instant, ties in scheduling order', () => {
    const { emulator, ran } = withRecorder();
    emulator.core.commit((draft) => {
      scheduleJob(draft, 2 * HOUR, 'record', { n: 'b' });
      scheduleJob(draft, HOUR, 'record', { n: 'a' });
      scheduleJob(draft, 2 * HOUR, 'record', { n: 'c' });
    });
    emulator.clock.advance('90m');
    expect(ran.map((r) => r.data)).toEqual([{ n: 'a' }]);
    emulator.clock.advance('1d');
    expect(ran).toEqual([
      { id: 2, at: HOUR, now: HOUR, data: { n: 'a' } },
      { id: 1, at: 2 * HOUR, now: 2 * HOUR, data: { n: 'b' } },
      { id: 3, at: 2 * HOUR, now: 2 * HOUR, data: { n: 'c' } },
    ]);
    expect(emulator.core.state.jobs.queue).toEqual([]);
  });

  it('can reschedule themselves: a daily job runs once a day however far the clock jumps', () => {
    const emulator = createEmulator({ now: 0 });
    const runs: number[] = [];
    emulator.core.onJob('daily', (core) => {
      runs.push(core.now());
      core.commit((draft) => void scheduleJob(draft, core.now() + 24 * HOUR, 'daily'));
    });
    emulator.core.commit((draft) => void scheduleJob(draft, 3 * HOUR, 'daily'));
    emulator.clock.advance('3d');
    expect(runs).toEqual([3 * HOUR, 27 * HOUR, 51 * HOUR]);
  });

  it('are part of snapshots: restore brings back the jobs that had not run, reset drops them', () => {
    const { emulator, ran } = withRecorder();
    emulator.core.commit((draft) => void scheduleJob(draft, HOUR, 'record'));
    const snap = emulator.snapshot();
    emulator.clock.advance('2h');
    expect(ran).toHaveLength(1);
    emulator.restore(snap);
    emulator.clock.advance('2h');
    expect(ran).toHaveLength(2);
    emulator.core.commit((draft) => void scheduleJob(draft, emulator.clock.now() + HOUR, 'record'));
    emulator.reset();
    emulator.clock.advance('2h');
    expect(ran).toHaveLength(2);
  });

  it('can be cancelled', () => {
    const { emulator, ran } = withRecorder();
    emulator.core.commit((draft) => {
      scheduleJob(draft, HOUR, 'record', { keep: true });
      scheduleJob(draft, HOUR, 'record', { keep: false });
    });
    emulator.core.commit((draft) => cancelJobs(draft, (job) => job.data.keep === false));
    emulator.clock.advance('2h');
    expect(ran.map((r) => r.data)).toEqual([{ keep: true }]);
  });

  it('are due when a request arrives on a system clock that passed them', async () => {
    const emulator = createEmulator({ now: 'system' });
    const ran: number[] = [];
    emulator.core.onJob('record', (core) => ran.push(core.now()));
    emulator.core.commit((draft) => void scheduleJob(draft, emulator.clock.now() - 1, 'record'));
    await emulator.listIndices();
    expect(ran).toHaveLength(1);
  });
});

describe('asynchronous jobs and emulator.advance', () => {
  it('advance stops at each job, awaits the work it started, then goes on: each step at its own instant', async () => {
    const emulator = createEmulator({ now: 0 });
    const steps: { at: number; now: number; done: number }[] = [];
    emulator.core.onJob('fetching', async (core, job) => {
      await new Promise((resolve) => setImmediate(resolve)); // outside work, as a page fetch is
      steps.push({ at: job.at, now: core.now(), done: core.now() });
      if (steps.length < 3) core.commit((draft) => void scheduleJob(draft, job.at + 1000, 'fetching'));
    });
    emulator.core.commit((draft) => void scheduleJob(draft, 1000, 'fetching'));
    await emulator.advance('10s');
    expect(steps).toEqual([
      { at: 1000, now: 1000, done: 1000 },
      { at: 2000, now: 2000, done: 2000 },
      { at: 3000, now: 3000, done: 3000 },
    ]);
    expect(emulator.clock.now()).toBe(10_000);
  });

  it('a synchronous advance starts the work; jobs that fell due meanwhile run when it ends', async () => {
    const emulator = createEmulator({ now: 0 });
    const ran: number[] = [];
    emulator.core.onJob('fetching', async (core, job) => {
      await new Promise((resolve) => setImmediate(resolve));
      ran.push(job.at);
      if (ran.length < 3) core.commit((draft) => void scheduleJob(draft, job.at + 1000, 'fetching'));
    });
    emulator.core.commit((draft) => void scheduleJob(draft, 1000, 'fetching'));
    emulator.clock.advance('10s');
    await emulator.core.idle();
    expect(ran).toEqual([1000, 2000, 3000]);
  });

  it("a runner's error is reported by the next advance", async () => {
    const emulator = createEmulator({ now: 0 });
    emulator.core.onJob('broken', async () => {
      throw new Error('runner bug');
    });
    emulator.core.commit((draft) => void scheduleJob(draft, 1000, 'broken'));
    await expect(emulator.advance('2s')).rejects.toThrow('runner bug');
    await emulator.advance('2s');
  });

  it('refuses to go back, as clock.advance does, and leaves the clock where it was', async () => {
    const emulator = createEmulator({ now: 10_000_000 });
    expect(() => emulator.clock.advance('-1h')).toThrow(RangeError);
    await expect(emulator.advance('-1h')).rejects.toThrow(
      new RangeError('emulator.advance() takes a positive duration; use clock.set() to go back'),
    );
    expect(emulator.clock.now()).toBe(10_000_000);
    await expect(emulator.advance(0)).resolves.toBe(10_000_000);
  });
});

describe('task publication on the clock', () => {
  it('publishes a delayed write at its own instant, even when the clock jumps past it', async () => {
    const emulator = createEmulator({ now: 0, indexingDelay: '10s' });
    await emulator.saveObject({ indexName: 'products', body: { objectID: '1' } });
    emulator.clock.advance('1h');
    const { items } = await emulator.listIndices();
    expect(items[0].updatedAt).toBe(new Date(10_000).toISOString());
  });
});
