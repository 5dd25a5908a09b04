import type { Core } from '../core';
import { registerPersonalization } from './personalization/rerank';
import { recordFromDispatch } from './recording/record';

let registered = false;

/** Wires analytics into a core: every answered search request is recorded; search is personalized. */
export function installAnalytics(core: Core): void {
  // The engine's stages are module-level: personalization registers its re-rank once.
  if (!registered) {
    registerPersonalization();
    registered = true;
  }
  core.observe((event) => recordFromDispatch(core, event));
}
