import type { Core } from '../../core';
import type { SearchRecord } from '../../state';
import type { LogLine, SuggestionsConfig } from '../state';
import { candidatesOf } from './candidates';
import { BuildLog, quote } from './log';
import { dedupePlurals } from './plurals';
import { mergeSources, recordOfSuggestion } from './records';
import { vetCandidates, type Accepted } from './vet';

/** A build takes this long on the emulator clock, plus {@link MS_PER_CANDIDATE} per candidate checked. */
const BUILD_BASE_MS = 20_000;
const MS_PER_CANDIDATE = 100;

/** What a build decided when it started; its records are written when it ends. */
export interface BuildOutcome {
  /** In popularity order; absent when the build failed (an ERROR line says why). */
  readonly records?: readonly SearchRecord[];
  readonly log: readonly LogLine[];
  readonly duration: number;
}

/**
 * Computes a build at the current instant: for each source index, its candidates (analytics,
 * external indices, generated facets) checked one by one; then the sources merged and plural
 * forms de-duplicated. Any ERROR (a missing source or external index, a suggestions index
 * that is a replica) fails the build: the suggestions index is then left as it was.
 */
export function computeBuild(core: Core, config: SuggestionsConfig): BuildOutcome {
  const log = new BuildLog(core.now());
  log.info(0, `building the Query Suggestions index ${quote(config.indexName)}`);
  const target = core.state.indices.get(config.indexName);
  if (target?.primary !== undefined)
    log.error(
      0,
      `the Query Suggestions index ${quote(config.indexName)} is a replica of ${quote(target.primary)}: it cannot be written`,
    );
  let checked = 0;
  const perSource: [string, Accepted[]][] = [];
  for (const source of config.sourceIndices) {
    log.info(0, `source index ${quote(source.indexName)}`);
    if (!core.state.indices.has(source.indexName)) {
      log.error(1, `source index ${quote(source.indexName)} does not exist`);
      continue;
    }
    const candidates = candidatesOf(core, source, log);
    checked += candidates.length;
    perSource.push([source.indexName, vetCandidates(core, config, source, candidates, log)]);
  }
  const suggestions = dedupePlurals(core, config, mergeSources(perSource), log);
  const duration = BUILD_BASE_MS + MS_PER_CANDIDATE * checked;
  if (log.failed) return { log: log.lines, duration };
  return { records: suggestions.map(recordOfSuggestion), log: log.lines, duration };
}

/** The lines a build adds when it ends, `duration` ms after it started. */
export function closingLines(
  records: readonly SearchRecord[] | undefined,
  duration: number,
  indexName: string,
  at: number,
): LogLine[] {
  const seconds = Math.round(duration / 1000);
  if (!records)
    return [
      {
        at,
        level: 'ERROR',
        message: `build failed after ${seconds}s: the index ${quote(indexName)} was not updated`,
        contextLevel: 0,
      },
    ];
  return [
    { at, level: 'INFO', message: `${records.length} suggestions written to ${quote(indexName)}`, contextLevel: 0 },
    { at, level: 'INFO', message: `build finished in ${seconds}s`, contextLevel: 0 },
  ];
}
