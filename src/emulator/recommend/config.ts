import type { Core } from '../core';
import { badRequest, messages, notFound } from '../errors';
import type { ModelConfig } from './state';

/** What `configureRecommendModel` takes: the attributes a content-based model compares. */
export interface ModelConfigInput {
  readonly indexName: string;
  readonly model: 'looking-similar' | 'related-products';
  /** Attribute names (`a.b` for nested ones); an empty list goes back to the default. */
  readonly attributes: readonly string[];
}

const KEYS: Record<ModelConfigInput['model'], keyof ModelConfig> = {
  'looking-similar': 'lookingSimilar',
  'related-products': 'relatedProducts',
};

/**
 * Sets the attributes looking-similar compares, or those related-products' content fallback
 * compares, for one index, as the dashboard's model configuration does. They take effect at
 * the next training. Throws an `ApiError` (400, or 404 for a missing index) on bad input.
 */
export function configureModel(core: Core, input: ModelConfigInput): ModelConfig {
  const { indexName, model, attributes } = (input ?? {}) as Partial<ModelConfigInput>;
  if (typeof indexName !== 'string' || !core.state.indices.has(indexName)) throw notFound(messages.indexNotFound);
  if (model !== 'looking-similar' && model !== 'related-products')
    throw badRequest('model must be looking-similar or related-products (the models that compare attributes)');
  if (!Array.isArray(attributes) || !attributes.every((name) => typeof name === 'string' && name !== '')) {
    throw badRequest('attributes must be an array of attribute names');
  }
  const key = KEYS[model];
  core.commit((draft) => {
    const configs = draft.recommend.configs as Map<string, ModelConfig>;
    const next: Record<string, unknown> = { ...configs.get(indexName) };
    if (attributes.length === 0) delete next[key];
    else next[key] = [...attributes];
    configs.set(indexName, next as ModelConfig);
  });
  return core.state.recommend.configs.get(indexName)!;
}
