import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giveBack, takeBuffer } from '../../src/emulator/search/engine/buffers';

describe('reused column buffers', () => {
  it('never lend a buffer someone still holds, and always lend one large enough', () => {
    const command = fc.oneof(fc.record({ take: fc.integer({ min: 0, max: 1 << 16 }) }), fc.record({ give: fc.nat() }));
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const held: ArrayBuffer[] = [];
        for (const c of commands) {
          if ('take' in c) {
            const buffer = takeBuffer(c.take);
            expect(buffer.byteLength).toBeGreaterThanOrEqual(c.take);
            expect(held).not.toContain(buffer);
            held.push(buffer);
          } else if (held.length > 0) {
            const [buffer] = held.splice(c.give % held.length, 1);
            giveBack(buffer);
          }
        }
        for (const buffer of held) giveBack(buffer);
      }),
    );
  });

  it('lend a given-back buffer again rather than allocate', () => {
    const first = takeBuffer(100_000);
    giveBack(first);
    const again = takeBuffer(90_000);
    expect(again).toBe(first);
    giveBack(again);
  });

  it('lend a buffer given back twice only once', () => {
    const buffer = takeBuffer(200_000);
    giveBack(buffer);
    giveBack(buffer);
    const first = takeBuffer(200_000);
    const second = takeBuffer(200_000);
    expect(first).not.toBe(second);
    giveBack(first);
    giveBack(second);
  });
});
