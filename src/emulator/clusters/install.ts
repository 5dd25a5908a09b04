import type { Core } from '../core';
import { recordOwnership } from './usage';

/** Records which user owns the records each answered write sends (multi-cluster usage). */
export function installClusters(core: Core): void {
  core.observe((event) => recordOwnership(core, event));
}
