import type { Draft } from 'immer';
import type { Core } from '../core';
import type { State } from '../state';
import { missing } from './errors';
import type {
  AuthenticationRecord,
  DestinationRecord,
  IngestionState,
  RunRecord,
  SourceRecord,
  TaskRecord,
  TransformationRecord,
} from './state';

export { uuid } from '../crawler/ids';

/** Each resource kind's record, and the slice's map that holds it. */
interface Kinds {
  authentication: AuthenticationRecord;
  destination: DestinationRecord;
  source: SourceRecord;
  task: TaskRecord;
  transformation: TransformationRecord;
  run: RunRecord;
}

const MAPS: { [K in keyof Kinds]: keyof IngestionState } = {
  authentication: 'authentications',
  destination: 'destinations',
  source: 'sources',
  task: 'tasks',
  transformation: 'transformations',
  run: 'runs',
};

/** A resource by ID, or the API's 404 naming it. */
export function requireResource<K extends keyof Kinds>(core: Core, kind: K, id: string): Kinds[K] {
  const found = (core.state.ingestion[MAPS[kind]] as ReadonlyMap<string, unknown>).get(id);
  if (found === undefined) throw missing(kind, id);
  return found as Kinds[K];
}

/** The ingestion slice of a draft. */
export const ingestionOf = (draft: Draft<State>) => draft.ingestion;
