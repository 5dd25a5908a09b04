import { recordOwnership } from '../clusters/usage';
import type { Core } from '../core';
import { recordLog } from './logs';

/** Wires the observers the security and cluster services need: the API log and record ownership. */
export function installSecurityObservers(core: Core): void {
  core.observe((event) => recordOwnership(core, event));
  core.observe((event) => recordLog(core, event));
}
