import { invertedIndexFor } from '../../search/engine/cache';
import { registerReRank } from '../../search/engine/hooks';
import { userScoreOf } from '../../search/engine/ranking-info';
import { personalizationScorer } from './scoring';

/**
 * The engine's re-rank step for personalization: with `enablePersonalization` and a user
 * token (parameter or secured key), each match gets its personalization score as `rerank`,
 * which the engine compares where the custom criterion stands: the score blends the user's
 * affinities with the record's custom-ranking place by `personalizationImpact`.
 * The query's own `personalizationImpact` is read raw, so an absent one falls back to the strategy's.
 */
export function registerPersonalization(): void {
  registerReRank(
    (ctx, matches) => {
      const { options, auth, core, index } = ctx;
      const userToken = options.userToken ?? auth.userToken;
      const impact = options.params.personalizationImpact;
      const scorer = personalizationScorer(core.state, {
        enablePersonalization: options.enablePersonalization,
        ...(userToken !== undefined ? { userToken } : {}),
        ...(impact !== undefined && impact !== '' ? { personalizationImpact: Number(impact) } : {}),
      });
      if (!scorer) return;
      const inverted = invertedIndexFor(core, index);
      const last = Math.max(1, inverted.size - 1);
      // Without customRanking there is no business relevance to weigh against.
      const rankingScore = (objectID: string) =>
        options.customRanking.length === 0
          ? 0
          : Math.round((100 * userScoreOf(inverted, options.customRanking, objectID)) / last);
      for (const match of matches) {
        const record = match.info.doc.record;
        const score = scorer(record, rankingScore(record.objectID));
        match.rerank = score.score;
        match.rerankInfo = score;
      }
      // Without enablePersonalization there is no scorer: the engine need not build candidates for it.
    },
    (ctx) => ctx.options.enablePersonalization,
  );
}
