import type { Core } from '../core';
import { buildNow } from './builds';
import { configNotFound } from './errors';
import { statusOf } from './status';

/** The emulator's own direct calls for Query Suggestions (no API operation does this). */
export function querySuggestionsCalls(core: Core) {
  return {
    /**
     * Builds a configuration's suggestions index now, start to end at the current instant of
     * the clock (a build under way is dropped; the daily builds keep their schedule), and
     * resolves with the configuration's status. 404 when there is no such configuration.
     *
     * @example
     * await emulator.createConfig({ indexName: 'products_qs', sourceIndices: [{ indexName: 'products' }] });
     * // ... searches on `products` ...
     * await emulator.buildQuerySuggestions({ indexName: 'products_qs' });
     */
    async buildQuerySuggestions({ indexName }: { indexName: string }): Promise<Record<string, unknown>> {
      core.settle();
      if (!core.state.querySuggestions.configs.has(indexName)) throw configNotFound();
      buildNow(core, indexName);
      return statusOf(core, indexName);
    },
  };
}
