import { enableMapSet, freeze, type Draft } from 'immer';
import { initialAbtestingState, type AbtestingState } from './abtesting/state';
import { initialAnalyticsState, type AnalyticsState } from './analytics/state';
import { initialClustersState, type ClustersState } from './clusters/state';
import { initialCompositionState, type CompositionState } from './composition/state';
import { initialCrawlerState, type CrawlerState } from './crawler/state';
import { initialSecurityState, type SecurityState } from './security/state';
import { initialDictionariesState, type DictionariesState } from './search/dictionaries/state';
import { initialIngestionState, type IngestionState } from './ingestion/state';
import { initialJobsState, type JobsState } from './jobs';
import { initialLogsState, type LogsState } from './logs/state';
import { initialQuerySuggestionsState, type QuerySuggestionsState } from './query-suggestions/state';
import { initialRecommendState, type RecommendState } from './recommend/state';
import type { RecordStore } from './search/record-store';

enableMapSet();

/** A stored record. `objectID` is always present. */
export interface SearchRecord {
  objectID: string;
  [attribute: string]: unknown;
}

export interface IndexState {
  readonly name: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /**
   * A persistent map (writes share all but the changed paths with the version before), read in
   * insertion order; equally ranked records come back by objectID, descending (see
   * search/tie-order.ts).
   */
  readonly records: RecordStore;
  /** Only the settings set explicitly, under their current names; defaults are applied on read. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly synonyms: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly rules: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Name of the primary index when this index is a replica. */
  readonly primary?: string;
  /** A virtual replica (`virtual(name)` in the primary's `replicas`). */
  readonly virtual?: boolean;
}

/** A write accepted but not yet applied; applied in order when the clock reaches `publishAt`. */
export interface PendingTask {
  readonly taskID: number;
  /** `null` for application-level tasks (dictionaries, keys). */
  readonly indexName: string | null;
  readonly publishAt: number;
  readonly apply: (draft: Draft<State>) => void;
}

export interface TaskState {
  /** The last task ID handed out; IDs grow monotonically from a seeded start. */
  readonly lastID: number;
  readonly pending: readonly PendingTask[];
}

/** Identifiers handed out besides task IDs. */
export interface GeneratedIDs {
  /** The last objectID generated for a record sent without one (0: none yet); they grow, so ties keep their creation order. */
  readonly lastObjectID: number;
}

/**
 * The one state tree. Every slice is immutable; writes go through `core.commit` (immer).
 * Services add their own slices here.
 */
export interface State {
  readonly indices: ReadonlyMap<string, IndexState>;
  readonly tasks: TaskState;
  /** Work scheduled on the clock (crawls, trainings, builds); see jobs.ts. */
  readonly jobs: JobsState;
  readonly generatedIDs: GeneratedIDs;
  readonly security: SecurityState;
  /** The API log. */
  readonly logs: LogsState;
  readonly clusters: ClustersState;
  readonly dictionaries: DictionariesState;
  readonly analytics: AnalyticsState;
  readonly crawler: CrawlerState;
  readonly querySuggestions: QuerySuggestionsState;
  /** Recommend rules, model configurations and trainings. */
  readonly recommend: RecommendState;
  /** The Ingestion API's resources, runs and events. */
  readonly ingestion: IngestionState;
  /** A/B tests and the searches they split. */
  readonly abtesting: AbtestingState;
  /** Compositions and their rules. */
  readonly composition: CompositionState;
}

export function initialState(firstTaskID: number): State {
  return freeze(
    {
      indices: new Map(),
      tasks: { lastID: firstTaskID, pending: [] },
      jobs: initialJobsState(),
      generatedIDs: { lastObjectID: 0 },
      security: initialSecurityState(),
      logs: initialLogsState(),
      clusters: initialClustersState(),
      dictionaries: initialDictionariesState(),
      analytics: initialAnalyticsState(),
      crawler: initialCrawlerState(),
      querySuggestions: initialQuerySuggestionsState(),
      recommend: initialRecommendState(),
      ingestion: initialIngestionState(),
      abtesting: initialAbtestingState(),
      composition: initialCompositionState(),
    },
    true,
  );
}
