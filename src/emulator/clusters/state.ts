/** Multi-cluster user mapping. The cluster names come from the emulator option `clusters`. */

export interface UserAssignment {
  readonly cluster: string;
  /** Epoch ms of the assignment (or last move). */
  readonly at: number;
}

/** A user creation or migration still running until the clock reaches `until`. */
export interface PendingMapping {
  readonly userID: string;
  readonly cluster: string;
  readonly state: 'creating' | 'migrating' | 'deleting';
  readonly until: number;
}

export interface ClustersState {
  readonly users: ReadonlyMap<string, UserAssignment>;
  readonly pending: readonly PendingMapping[];
  /** Which user wrote a record (`X-Algolia-User-ID` on the write): index -> objectID -> userID. */
  readonly owners: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export const initialClustersState = (): ClustersState => ({
  users: new Map(),
  pending: [],
  owners: new Map(),
});
