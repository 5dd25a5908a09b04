import { registerReRank } from '../../search/engine/hooks';
import { personalizationScorer } from './scoring';

/**
 * The engine's re-rank step for personalization: with `enablePersonalization` and a user
 * token (parameter or secured key), each match gets its profile score as `rerank`.
 * The query's own `personalizationImpact` is read raw, so an absent one falls back to the strategy's.
 */
export function registerPersonalization(): void {
  registerReRank((ctx, matches) => {
    const { options, auth, core } = ctx;
    const userToken = options.userToken ?? auth.userToken;
    const impact = options.params.personalizationImpact;
    const scorer = personalizationScorer(core.state, {
      enablePersonalization: options.enablePersonalization,
      ...(userToken !== undefined ? { userToken } : {}),
      ...(impact !== undefined && impact !== '' ? { personalizationImpact: Number(impact) } : {}),
    });
    if (!scorer) return;
    for (const match of matches) match.rerank = scorer(match.info.doc.record).score;
  });
}
