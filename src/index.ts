// `search-emulator`: the emulator, its direct calls and the in-process requester. Nothing here
// loads msw: its handlers come from `search-emulator/msw`.

/* The emulator */
export {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type DirectCalls,
  type ResetOptions,
} from './emulator/create';
export { ApiError } from './emulator/errors';
export type { Helpers } from './emulator/helpers';
export type { RequestOptions, Caller, DirectCall } from './emulator/facade';

/* The official clients, in-process */
export { createRequester, type Requester, type RequesterRequest, type RequesterResponse } from './handlers/requester';

/* Keys, time and state */
export { generateSecuredApiKey, type SecuredApiKeyRestrictions } from './emulator/security/secured';
export {
  createFakeClock,
  createSystemClock,
  toMilliseconds,
  type Clock,
  type Duration,
  type DurationString,
  type DurationUnit,
  type Instant,
  type RestartableClock,
} from './clock';
export type { Snapshot } from './emulator/core';

/* Routes and requests, for tooling */
export type { EmulatorRequest, EmulatorResponse, HostFamily, Surface } from './emulator/request';
export type { OperationName } from './emulator/direct-calls';
export type { HelperName, MatchableName } from './emulator/journal/helpers';
export type { Route, Acl } from './emulator/route';
export type { BatchResponse } from './emulator/helpers';
export type { Fixture, IndexFixture, KeyFixture, LoadSummary } from './emulator/fixtures/types';
export { fixtureFromFiles, filesFromFixture, type FixtureFile } from './emulator/fixtures/files';
export { Journal, type JournalFilter, type JournalSearch, type JournalEvent } from './emulator/journal/journal';
export type { JournalEntry } from './emulator/journal/entry';
export type { JournalQuery } from './emulator/journal/params';
export type { FaultHandle } from './emulator/faults/faults';
export type { FaultSpec, FaultScope, AppliedFault, FaultKind } from './emulator/faults/spec';
export { emulatorMatchers, type EmulatorMatchers, type ExpectedEvent, type MatcherOptions } from './matchers/matchers';
export type {
  Explanation,
  ExplainRequest,
  NeighbourComparison,
  WordMatch,
  Reason,
  ReasonKind,
  Applied,
  CriterionValue,
} from './emulator/search/explain/types';
