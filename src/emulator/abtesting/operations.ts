/** The A/B testing API's operations: a chunk of its own, loaded by the first call (routes.ts). */
export { addABTests, deleteABTest, getABTest, listABTests, stopABTest } from './abtests';
export { estimateABTest } from './estimate';
export { applyVariantSettings, getABTestSettings, saveVariantSettings } from './settings';
export { getTimeseries } from './timeseries';
