import { AppendList } from '../append-list';

/** One variant of a stored A/B test (variant IDs are their 1-based positions; 1 is the control). */
export interface StoredVariant {
  readonly index: string;
  readonly trafficPercentage: number;
  /** `""` when none was given, as the service answers. */
  readonly description: string;
  /** Search parameters applied under the query's own, as validated. */
  readonly customSearchParameters?: Readonly<Record<string, unknown>>;
}

/** A metric a v3 test reports (`revenue` and its kin carry a currency as `dimension`). */
export interface TestMetric {
  readonly name: string;
  readonly dimension?: string;
}

/** What `saveVariantSettings` captured: the control's settings and the chosen variant's. */
export interface CapturedSettings {
  readonly variantId: number;
  readonly capturedAt: number;
  /** Settings of the control index when captured: what a revert puts back. */
  readonly control: Readonly<Record<string, unknown>>;
  /**
   * Settings the variant ran with (its index's, or the control's with its search parameters);
   * absent for a variant on another index captured without `saveFeaturesSettings`.
   */
  readonly variant?: Readonly<Record<string, unknown>>;
  readonly appliedAt?: number;
  readonly revertedAt?: number;
}

/** An A/B test, created through either version of the API (both list every test). */
export interface StoredTest {
  readonly abTestID: number;
  readonly name: string;
  /** v3's expected outcome; `""` when none was given. */
  readonly hypothesis: string;
  readonly variants: readonly StoredVariant[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly endAt: number;
  /** `endAt` as sent (RFC 3339), echoed back. */
  readonly endAtText: string;
  readonly stoppedAt?: number;
  /** The API version the test was created with. */
  readonly createdWith: 2 | 3;
  /** The metrics a v3 test reports; a v2 test reports the fixed v2 figures. */
  readonly metrics: readonly TestMetric[];
  /** v3's `configuration` as validated, the analysis method and primary metric filled in. */
  readonly configuration?: Readonly<Record<string, unknown>>;
  /** Drawn from the seeded generator at creation: which variant each user falls in. */
  readonly salt: string;
  /** The winner `saveVariantSettings` declared. */
  readonly decision?: { readonly winnerVariantId: number; readonly declaredAt: number };
  readonly settings?: CapturedSettings;
}

/** One search an A/B test sent to a variant (recorded after the answer, as analytics records searches). */
export interface Exposure {
  readonly abTestID: number;
  /** 1-based variant ID. */
  readonly variant: number;
  readonly at: number;
  /** The user the split went by: `userToken`, the `X-Algolia-UserToken` header, else the IP. */
  readonly user: string;
  readonly query: string;
  readonly nbHits: number;
  /** Present for tracked searches (`clickAnalytics: true`): events reach the variant through it. */
  readonly queryID?: string;
}

/** A/B tests and the searches they split. */
export interface AbtestingState {
  readonly tests: ReadonlyMap<number, StoredTest>;
  /** The last A/B test ID handed out: IDs count up from 1. */
  readonly lastID: number;
  /** Oldest first; a deleted test's entries go with it. */
  readonly exposures: AppendList<Exposure>;
}

export const initialAbtestingState = (): AbtestingState => ({
  tests: new Map(),
  lastID: 0,
  exposures: AppendList.empty(),
});

/** `active`, `stopped` (by a call) or `expired` (the clock passed `endAt`). */
export function statusOf(test: StoredTest, now: number): 'active' | 'stopped' | 'expired' {
  if (test.stoppedAt !== undefined) return 'stopped';
  return now >= test.endAt ? 'expired' : 'active';
}

/** When the test stopped taking searches: stopped, or its end date. */
export const endedAt = (test: StoredTest): number => test.stoppedAt ?? test.endAt;
