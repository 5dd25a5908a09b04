/** The Query Suggestions API's operations: a chunk of its own, loaded by the first call (routes.ts). */
export { createConfig, deleteConfig, getAllConfigs, getConfig, updateConfig } from './configs';
export { getConfigStatus, getLogFile } from './status';
