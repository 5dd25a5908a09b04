/**
 * The timers of a page being rendered, on a clock of its own: it starts at the emulator's
 * instant and moves only when the renderer runs the next timer, so a page's `setTimeout`,
 * `setInterval` and `requestAnimationFrame` fire in order without real time passing and a
 * render replays exactly. No real timer is ever set.
 */
export class PageTimers {
  /** Milliseconds of page time since the render started. */
  elapsed = 0;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; run: () => void; every?: number }>();

  constructor(readonly start: number) {}

  now = () => this.start + this.elapsed;

  setTimeout = (callback: unknown, delay?: unknown, ...args: unknown[]) =>
    this.add(callback, delay, args, undefined, this.evaluate);

  setInterval = (callback: unknown, delay?: unknown, ...args: unknown[]) =>
    this.add(callback, delay, args, Math.max(1, Number(delay) || 0), this.evaluate);

  clear = (id: unknown) => void this.pending.delete(Number(id));

  requestAnimationFrame = (callback: unknown) =>
    this.add(() => (callback as (time: number) => void)(this.elapsed), 16, [], undefined, this.evaluate);

  /** How a string callback (`setTimeout('code')`) runs: the renderer evaluates it in the page. */
  evaluate: (code: string) => void = () => undefined;

  /** When the next timer is due (page time), or undefined when none is pending. */
  nextAt(): number | undefined {
    let next: number | undefined;
    for (const { at } of this.pending.values()) if (next === undefined || at < next) next = at;
    return next;
  }

  /** Moves page time to the next timer and runs it (intervals are planned again); false when none is pending. */
  runNext(): boolean {
    let chosen: number | undefined;
    for (const [id, timer] of this.pending)
      if (chosen === undefined || timer.at < this.pending.get(chosen)!.at) chosen = id;
    if (chosen === undefined) return false;
    const timer = this.pending.get(chosen)!;
    this.elapsed = Math.max(this.elapsed, timer.at);
    if (timer.every === undefined) this.pending.delete(chosen);
    else timer.at = this.elapsed + timer.every;
    timer.run();
    return true;
  }

  private add(
    callback: unknown,
    delay: unknown,
    args: unknown[],
    every: number | undefined,
    evaluate: (code: string) => void,
  ): number {
    const id = ++this.seq;
    const run =
      typeof callback === 'function'
        ? () => (callback as (...items: unknown[]) => void)(...args)
        : () => evaluate(String(callback));
    this.pending.set(id, { at: this.elapsed + Math.max(0, Number(delay) || 0), run, every });
    return id;
  }
}
