import type { Clock } from '../../clock';

interface Waiter {
  readonly until: number;
  readonly resolve: (answered: boolean) => void;
}

/**
 * Answers waiting for the emulator clock. No real timer: an answer is let go when the clock
 * is moved past its time (`clock.advance`, `clock.set`), when its client gives up (the
 * request's abort signal), or when the faults are cleared or the emulator reset.
 */
export class HeldAnswers {
  private readonly waiters = new Set<Waiter>();
  private readonly watchers = new Set<{ readonly count: number; readonly resolve: () => void }>();

  constructor(private readonly clock: Clock) {
    clock.onChange((now) => {
      for (const waiter of this.waiters) if (now >= waiter.until) this.settle(waiter, true);
    });
  }

  /** Answers held now. */
  get size(): number {
    return this.waiters.size;
  }

  /**
   * Resolves `true` once the clock reaches `until` (at once when it has), `false` when the
   * request is aborted or the answers are released first. `until` may be Infinity: an answer
   * that never comes.
   */
  hold(until: number, signal?: AbortSignal): Promise<boolean> {
    if (this.clock.now() >= until) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = { until, resolve };
      this.waiters.add(waiter);
      signal?.addEventListener('abort', () => this.settle(waiter, false), { once: true });
      for (const watcher of this.watchers) {
        if (this.waiters.size < watcher.count) continue;
        this.watchers.delete(watcher);
        watcher.resolve();
      }
    });
  }

  /** Resolves once at least `count` answers are held (at once if they are). */
  whenHeld(count: number): Promise<void> {
    if (this.waiters.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.add({ count, resolve }));
  }

  /** Lets every held answer go as unanswered (the faults were cleared, the emulator reset). */
  release(): void {
    for (const waiter of this.waiters) this.settle(waiter, false);
  }

  private settle(waiter: Waiter, answered: boolean): void {
    if (!this.waiters.delete(waiter)) return;
    waiter.resolve(answered);
  }
}
