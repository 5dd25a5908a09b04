import type { Core } from '../core';
import { recordFromDispatch } from './recording/record';
import { compactAnalytics } from './retention';

/**
 * Wires analytics into a core: every answered search request is recorded, and past days are
 * folded and expired as the clock moves (and before a search is recorded, for a system clock,
 * whose time moves on its own).
 */
export function installAnalytics(core: Core): void {
  core.observe((event) => {
    if (recordFromDispatch(core, event)) compactAnalytics(core);
  });
  core.clock.onChange(() => compactAnalytics(core));
}
