/**
 * Thrown by an operation that needs data loaded on first use (a language's plurals or stop
 * words) before it has changed anything. The dispatcher awaits `load()` and runs the operation
 * again from the same generator state (see dispatch.ts): the data stays out of the import, and
 * the engine reads it synchronously once it is there.
 */
export class NotLoaded extends Error {
  constructor(
    what: string,
    readonly load: () => Promise<unknown>,
  ) {
    super(`${what} is not loaded yet`);
    this.name = 'NotLoaded';
  }
}
