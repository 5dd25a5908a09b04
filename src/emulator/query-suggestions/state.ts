import type { SearchRecord } from '../state';

/** A facet whose top values become a suggestion's categories. */
export interface FacetSpec {
  readonly attribute: string;
  /** Absent when the configuration left it out (then no value is listed). */
  readonly amount?: number;
}

/** One source index of a configuration, with every default filled in. */
export interface SourceIndexConfig {
  readonly indexName: string;
  readonly replicas: boolean;
  readonly analyticsTags: readonly string[];
  readonly facets: readonly FacetSpec[];
  readonly minHits: number;
  readonly minLetters: number;
  readonly generate: readonly (readonly string[])[];
  readonly external: readonly string[];
}

/** A stored configuration, as validated (the suggestions index name is the key). */
export interface SuggestionsConfig {
  readonly indexName: string;
  readonly sourceIndices: readonly SourceIndexConfig[];
  /** Language codes, or `true` for every language. */
  readonly languages: readonly string[] | boolean;
  readonly exclude: readonly string[];
  readonly enablePersonalization: boolean;
  readonly allowSpecialCharacters: boolean;
}

/** One line of a build log (the log endpoint serves them as JSON Lines). */
export interface LogLine {
  /** Epoch ms; a line is visible once the clock reaches it. */
  readonly at: number;
  readonly level: 'INFO' | 'SKIP' | 'ERROR';
  readonly message: string;
  /** A line of level n+1 belongs to the preceding line of level n. */
  readonly contextLevel: number;
}

/** A build under way: its outcome is computed when it starts and written when it ends. */
export interface RunningBuild {
  readonly id: number;
  readonly startedAt: number;
  readonly finishAt: number;
  /** The suggestions index's records, in popularity order; absent when the build failed. */
  readonly records?: readonly SearchRecord[];
}

/** What the status endpoint reports, plus the latest build's log. */
export interface BuildHistory {
  readonly running?: RunningBuild;
  /** Lines of the latest build (running or done). */
  readonly log: readonly LogLine[];
  readonly lastBuiltAt?: number;
  readonly lastSuccessfulBuiltAt?: number;
  /** Milliseconds. */
  readonly lastSuccessfulBuildDuration?: number;
}

/** Query Suggestions configurations and their builds. */
export interface QuerySuggestionsState {
  /** Suggestions index name -> configuration, in creation order. */
  readonly configs: ReadonlyMap<string, SuggestionsConfig>;
  readonly builds: ReadonlyMap<string, BuildHistory>;
  /** The last build ID handed out. */
  readonly lastBuildID: number;
}

export const initialQuerySuggestionsState = (): QuerySuggestionsState => ({
  configs: new Map(),
  builds: new Map(),
  lastBuildID: 0,
});
