/**
 * Buffers a query's columns borrow and give back once its response is built, for the next
 * query's: a backing store of a few hundred kilobytes costs as much to allocate as to fill, and
 * every query needs several. Contents are left as the last borrower wrote them.
 */
const spares: ArrayBuffer[] = [];
/** Buffers kept for reuse (a query borrows at most a few at once). */
const MAX_SPARES = 6;

/** A buffer of at least `bytes` bytes, its content unspecified: the smallest spare that fits, else a new one (sized to a power of two, so the next query's fits it). */
export function takeBuffer(bytes: number): ArrayBuffer {
  let best = -1;
  for (let i = 0; i < spares.length; i++) {
    if (spares[i].byteLength >= bytes && (best < 0 || spares[i].byteLength < spares[best].byteLength)) best = i;
  }
  if (best < 0) return new ArrayBuffer(bytes <= 1024 ? 1024 : 2 ** Math.ceil(Math.log2(bytes)));
  const buffer = spares[best];
  spares[best] = spares[spares.length - 1];
  spares.pop();
  return buffer;
}

/** Gives back a buffer from {@link takeBuffer}, which nothing may read or write after. */
export function giveBack(buffer: ArrayBuffer): void {
  if (spares.includes(buffer)) return;
  if (spares.length < MAX_SPARES) {
    spares.push(buffer);
    return;
  }
  let smallest = 0;
  for (let i = 1; i < spares.length; i++) if (spares[i].byteLength < spares[smallest].byteLength) smallest = i;
  if (buffer.byteLength > spares[smallest].byteLength) spares[smallest] = buffer;
}
