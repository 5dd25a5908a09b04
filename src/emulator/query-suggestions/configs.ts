import type { OperationContext } from '../route';
import { saveAndBuild, unscheduleBuilds } from './builds';
import { alreadyExists, configNotFound, internalError, suggestionsMessages, tooManyConfigs } from './errors';
import type { SourceIndexConfig, SuggestionsConfig } from './state';
import { parseConfiguration } from './validate';
import { requireAllTables } from '../search/dictionaries/languages';

/** Configurations an application may have. */
const MAX_CONFIGS = 100;

/**
 * POST /1/configs — stores a configuration and starts building its suggestions index at
 * once (then every 24 hours). 422 when the index already has one; 403 past 100.
 */
export function createConfig(ctx: OperationContext) {
  const { core } = ctx;
  const config = parseConfiguration(ctx.req.body, undefined);
  const configs = core.state.querySuggestions.configs;
  if (configs.has(config.indexName)) throw alreadyExists(config.indexName);
  if (configs.size >= MAX_CONFIGS) throw tooManyConfigs();
  // Builds search the source indices with any settings: every language table loads first (lazy.ts).
  requireAllTables();
  saveAndBuild(core, config);
  return { status: 200, message: suggestionsMessages.created };
}

/** PUT /1/configs/{indexName} — replaces a configuration and rebuilds now; an unknown one is the service's 500. */
export function updateConfig(ctx: OperationContext) {
  const { core, params } = ctx;
  const config = parseConfiguration(ctx.req.body, params.indexName);
  if (!core.state.querySuggestions.configs.has(params.indexName)) throw internalError();
  requireAllTables();
  saveAndBuild(core, config);
  return { status: 200, message: suggestionsMessages.updated };
}

/** DELETE /1/configs/{indexName} — stops the builds; the suggestions index itself is kept. */
export function deleteConfig(ctx: OperationContext) {
  const { core, params } = ctx;
  if (!core.state.querySuggestions.configs.has(params.indexName)) throw internalError();
  core.commit((draft) => {
    draft.querySuggestions.configs.delete(params.indexName);
    unscheduleBuilds(draft, params.indexName);
  });
  return { status: 200, message: suggestionsMessages.deleted };
}

/** GET /1/configs/{indexName} */
export function getConfig(ctx: OperationContext) {
  const config = ctx.core.state.querySuggestions.configs.get(ctx.params.indexName);
  if (!config) throw configNotFound();
  return renderConfig(ctx.core.options.appId, config);
}

/** GET /1/configs — every configuration of the application, in creation order. */
export function getAllConfigs(ctx: OperationContext) {
  return [...ctx.core.state.querySuggestions.configs.values()].map((config) =>
    renderConfig(ctx.core.options.appId, config),
  );
}

/**
 * A configuration as the service returns it (its recorded answer's fields and order): every
 * default filled in, and a source index's empty `analyticsTags`, `facets`, `generate` and
 * `external` left out.
 */
function renderConfig(appID: string, config: SuggestionsConfig): Record<string, unknown> {
  return {
    appID,
    allowSpecialCharacters: config.allowSpecialCharacters,
    enablePersonalization: config.enablePersonalization,
    exclude: [...config.exclude],
    indexName: config.indexName,
    languages: Array.isArray(config.languages) ? [...config.languages] : config.languages,
    sourceIndices: config.sourceIndices.map(renderSource),
  };
}

function renderSource(source: SourceIndexConfig): Record<string, unknown> {
  return {
    ...(source.analyticsTags.length > 0 ? { analyticsTags: [...source.analyticsTags] } : {}),
    ...(source.external.length > 0 ? { external: [...source.external] } : {}),
    ...(source.facets.length > 0
      ? {
          facets: source.facets.map((facet) => ({
            ...(facet.amount !== undefined ? { amount: facet.amount } : {}),
            attribute: facet.attribute,
          })),
        }
      : {}),
    ...(source.generate.length > 0 ? { generate: source.generate.map((group) => [...group]) } : {}),
    indexName: source.indexName,
    minHits: source.minHits,
    minLetters: source.minLetters,
    replicas: source.replicas,
  };
}
