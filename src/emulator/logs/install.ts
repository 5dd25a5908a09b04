import type { Core } from '../core';
import { recordLog } from './logs';

/** Files every answered request in the API log. */
export function installLogs(core: Core): void {
  core.observe((event) => recordLog(core, event));
}
