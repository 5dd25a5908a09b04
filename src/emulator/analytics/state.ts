/** Recorded searches, insights events, personalization strategy and profiles. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AnalyticsState {}

export const initialAnalyticsState = (): AnalyticsState => ({});
