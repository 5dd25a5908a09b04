import type { Core } from '../core';

/** A UUID (version 4 layout) from the seeded generator: crawler, task and run IDs replay. */
export function uuid(core: Core): string {
  const hex = core.random.chars(32);
  const variant = '89ab'[core.random.int(0, 3)];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
