/** search-emulator/server: the standalone HTTP server and fixture files (Node only). */
export { startServer, type ServerOptions, type RunningServer } from './start';
export { readFixtures, writeFixtures } from './fixture-files';
export { main } from './cli';
export { CONTROL_PREFIX } from './control';
export type { Apps } from './apps';
export type { RequestLine } from './http';
