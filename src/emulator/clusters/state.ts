/** Multi-cluster user mapping. The cluster names come from the emulator option `clusters`. */

export interface UserAssignment {
  readonly cluster: string;
  /** Epoch ms of the assignment (or last move). */
  readonly at: number;
}

/** One change of the mapping, kept so the userID search index can be rebuilt as of any time. */
export interface MappingEvent {
  readonly userID: string;
  /** `null` when the user was removed. */
  readonly cluster: string | null;
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
  readonly history: readonly MappingEvent[];
  readonly pending: readonly PendingMapping[];
  /** Which user wrote a record (`X-Algolia-User-ID` on the write): index -> objectID -> userID. */
  readonly owners: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export const initialClustersState = (): ClustersState => ({
  users: new Map(),
  history: [],
  pending: [],
  owners: new Map(),
});
