import type { Draft } from 'immer';
import type { State } from '../../state';

/**
 * Keeps primary/replica links true when an index is deleted or moved onto: a deleted
 * primary's replicas become standalone indices, a deleted replica leaves its primary's list.
 * Called by the index operations inside their task.
 */
export function unlinkDeletedIndex(_draft: Draft<State>, _name: string): void {
  // Replicas are not linked yet (settings work): nothing to unlink.
}
