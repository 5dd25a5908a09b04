import type { Acl } from '../route';

/** An API key as stored: the fields the caller set, verbatim, plus bookkeeping. */
export interface StoredKey {
  readonly value: string;
  readonly acl: readonly Acl[];
  readonly description?: string;
  readonly indexes?: readonly string[];
  readonly maxHitsPerQuery?: number;
  readonly maxQueriesPerIPPerHour?: number;
  readonly queryParameters?: string;
  readonly referers?: readonly string[];
  readonly validity?: number;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms after which the key is gone (`validity` seconds after creation or update). */
  readonly expiresAt?: number;
}

/** A deleted application key, restorable until restored or replaced. */
export interface DeletedKey {
  readonly key: StoredKey;
  readonly deletedAt: number;
}

export interface AllowedSource {
  readonly source: string;
  readonly description?: string;
}

/** API keys, firewall allow-list and rate-limit counters. */
export interface SecurityState {
  /** Application-level keys by value. */
  readonly keys: ReadonlyMap<string, StoredKey>;
  readonly deleted: ReadonlyMap<string, DeletedKey>;
  /** Index-specific keys: index name -> key value -> key. Copy and move carry them along. */
  readonly indexKeys: ReadonlyMap<string, ReadonlyMap<string, StoredKey>>;
  /** Off until the first call that sets up the allow-list. */
  readonly firewall: { readonly enabled: boolean; readonly sources: readonly AllowedSource[] };
  /** Rate-limit bucket (key + IP or user token) -> times of the calls in the last hour. */
  readonly calls: ReadonlyMap<string, readonly number[]>;
}

export const initialSecurityState = (): SecurityState => ({
  keys: new Map(),
  deleted: new Map(),
  indexKeys: new Map(),
  firewall: { enabled: false, sources: [] },
  calls: new Map(),
});
