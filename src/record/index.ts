/**
 * `search-emulator/record`: record the emulator's requests from a real application, verify the
 * emulator against the recording, or replay it (docs/record-verify.md). An entry of its own:
 * `search-emulator` never loads it.
 */

/* The recorder */
export { createRecorder, type Recorder } from './recorder';
export type { Mode, RecorderOptions, RunnerHooks, Target } from './options';

/* Normalizers */
export {
  normalize,
  defaultNormalizers,
  type Normalizer,
  type NormalizerOptions,
  type NormalizeContext,
  type ExchangeView,
  type Side,
} from './normalize';

/* Recordings and reports */
export { memoryStore, type RecordingStore, type MemoryStore } from './store';
export {
  RECORDING_FORMAT,
  OUTSIDE_TESTS,
  type Recording,
  type TestRecording,
  type RecordedExchange,
  type RecordedRequest,
  type RecordedResponse,
} from './format';
export type { TestReport, ExchangeReport, ExchangeLabel, Counts, Outcome } from './compare';
export type { Difference } from './diff';
export type { FileReport } from './report';
