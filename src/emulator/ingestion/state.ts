/**
 * The Ingestion API's resources, as the API returns them (secrets included: responses leave
 * them out, see authentications.ts). Every map is keyed by the resource's UUID and read in
 * creation order.
 */
export type Json = Readonly<Record<string, unknown>>;

export interface AuthenticationRecord {
  readonly authenticationID: string;
  readonly type: string;
  readonly name: string;
  readonly platform?: string | null;
  readonly input: Json;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface DestinationRecord {
  readonly destinationID: string;
  readonly type: string;
  readonly name: string;
  readonly input: Json;
  readonly authenticationID?: string;
  readonly transformationIDs?: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SourceRecord {
  readonly sourceID: string;
  readonly type: string;
  readonly name: string;
  readonly input?: Json;
  readonly authenticationID?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** When a task runs: v1 tasks carry it as `trigger`, v2 tasks as `cron` (a schedule) or nothing. */
export type TriggerType = 'onDemand' | 'schedule' | 'subscription' | 'streaming';

export interface TaskRecord {
  readonly taskID: string;
  readonly sourceID: string;
  readonly destinationID: string;
  readonly triggerType: TriggerType;
  readonly cron?: string;
  readonly lastRun?: string;
  readonly nextRun?: string;
  readonly input?: Json;
  readonly enabled: boolean;
  readonly failureThreshold?: number;
  readonly action?: string;
  readonly subscriptionAction?: string;
  readonly cursor?: string;
  readonly notifications?: Json;
  readonly policies?: Json;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface TransformationRecord {
  readonly transformationID: string;
  readonly name: string;
  readonly type: 'code' | 'noCode';
  /** The code (`input.code`, or the deprecated top-level `code`); `''` for a no-code transformation. */
  readonly code: string;
  readonly input: Json;
  readonly description?: string;
  readonly authenticationIDs?: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type RunType = 'reindex' | 'update' | 'discover' | 'validate' | 'push';

export interface RunRecord {
  readonly runID: string;
  readonly appID: string;
  readonly taskID: string;
  readonly status: 'created' | 'started' | 'finished' | 'skipped';
  readonly progress?: { readonly expectedNbOfEvents: number; readonly receivedNbOfEvents: number };
  readonly outcome?: 'success' | 'failure';
  readonly failureThreshold?: number;
  readonly reason?: string;
  readonly reasonCode?: string;
  readonly type: RunType;
  readonly createdAt: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

export interface EventRecord {
  readonly eventID: string;
  readonly runID: string;
  readonly status: 'created' | 'started' | 'retried' | 'failed' | 'succeeded' | 'critical' | null;
  readonly type: 'fetch' | 'record' | 'log' | 'transform';
  readonly batchSize: number;
  readonly data: Json | null;
  readonly publishedAt: string;
}

export interface IngestionState {
  readonly authentications: ReadonlyMap<string, AuthenticationRecord>;
  readonly destinations: ReadonlyMap<string, DestinationRecord>;
  readonly sources: ReadonlyMap<string, SourceRecord>;
  readonly tasks: ReadonlyMap<string, TaskRecord>;
  readonly transformations: ReadonlyMap<string, TransformationRecord>;
  readonly runs: ReadonlyMap<string, RunRecord>;
  /** The events of each run, in publication order. */
  readonly events: ReadonlyMap<string, readonly EventRecord[]>;
}

export const initialIngestionState = (): IngestionState => ({
  authentications: new Map(),
  destinations: new Map(),
  sources: new Map(),
  tasks: new Map(),
  transformations: new Map(),
  runs: new Map(),
  events: new Map(),
});
