import type { Draft } from 'immer';
import type { State } from '../state';

/**
 * Index-specific keys on copy and move (spec 000, operationIndex): if the destination
 * exists its keys are kept and the source's keys are added; a scoped copy leaves keys alone.
 * Called by the index operations inside their task.
 */
export function transferIndexKeys(_draft: Draft<State>, _source: string, _destination: string, _mode: 'copy' | 'move'): void {
  // Index-specific keys are not stored yet (keys issue): nothing to transfer.
}
