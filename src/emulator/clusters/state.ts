/** Multi-cluster user mapping. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClustersState {}

export const initialClustersState = (): ClustersState => ({});
