export { createEmulator, type Emulator, type EmulatorOptions, type DirectCalls } from './emulator/create';
export { ApiError } from './emulator/errors';
export { generateSecuredApiKey, type SecuredApiKeyRestrictions } from './emulator/keys/secured';
export { createFakeClock, createSystemClock, toMilliseconds, type Clock, type Duration, type Instant } from './clock';
export type { Snapshot } from './emulator/core';
export type { EmulatorRequest, EmulatorResponse, HostFamily } from './emulator/request';
export type { Route, Acl } from './emulator/route';
export type { RequestOptions, Caller } from './emulator/facade';
export type { BatchResponse } from './emulator/helpers';
