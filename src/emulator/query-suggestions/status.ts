import type { Core } from '../core';
import { Reply, type OperationContext } from '../route';
import { jsonLines } from './build/log';
import { configNotFound } from './errors';
import type { BuildHistory } from './state';

/** RFC 3339 to the second, as the service writes its dates. */
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function historyOf(core: Core, indexName: string): BuildHistory {
  if (!core.state.querySuggestions.configs.has(indexName)) throw configNotFound();
  return core.state.querySuggestions.builds.get(indexName) ?? { log: [] };
}

/** A configuration's build status; the dates appear once a build has ended. */
export function statusOf(core: Core, indexName: string): Record<string, unknown> {
  const history = historyOf(core, indexName);
  return {
    indexName,
    isRunning: history.running !== undefined,
    ...(history.lastBuiltAt !== undefined ? { lastBuiltAt: rfc3339(history.lastBuiltAt) } : {}),
    ...(history.lastSuccessfulBuiltAt !== undefined
      ? { lastSuccessfulBuiltAt: rfc3339(history.lastSuccessfulBuiltAt) }
      : {}),
    ...(history.lastSuccessfulBuildDuration !== undefined
      ? { lastSuccessfulBuildDuration: String(Math.round(history.lastSuccessfulBuildDuration / 1000)) }
      : {}),
  };
}

/** GET /1/configs/{indexName}/status */
export function getConfigStatus(ctx: OperationContext) {
  return statusOf(ctx.core, ctx.params.indexName);
}

/**
 * GET /1/logs/{indexName} — the latest build's log as written so far, in JSON Lines (one
 * JSON object per line, not one JSON document: the official client parses a log of one line
 * and reports a `DeserializationError` carrying the text for longer ones). Direct calls
 * return the same text.
 */
export function getLogFile(ctx: OperationContext) {
  const now = ctx.core.now();
  const lines = historyOf(ctx.core, ctx.params.indexName).log.filter((line) => line.at <= now);
  return new Reply(200, jsonLines(lines), { 'content-type': JSON_LINES });
}

const JSON_LINES = 'application/x-ndjson; charset=UTF-8';
