import type { Core } from '../core';
import { recordFromDispatch } from './recording/record';

/** Wires analytics into a core: every answered search request is recorded. */
export function installAnalytics(core: Core): void {
  core.observe((event) => recordFromDispatch(core, event));
}
