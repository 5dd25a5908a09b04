import { registerAlternatives, type WordAlternative, type WordsContext } from '../engine/hooks';
import { expandSynonyms } from './expand';

/**
 * Synonyms as alternatives of the engine's query words: multi-way and one-way synonyms,
 * alternative corrections (1 or 2 typos) and placeholders, exact per `alternativesAsExact`.
 * Words inside `"exact phrases"` and excluded words are not expanded (the engine skips them).
 */
export function registerSynonyms(): void {
  registerAlternatives((ctx, words) => {
    if (ctx.index.synonyms.size === 0 || words.length === 0) return [];
    const synonyms = ctx.options.params.synonyms;
    const expansion = expandSynonyms(
      ctx.index,
      words.map((w) => w.term),
      {
        synonyms: synonyms !== false && synonyms !== 'false',
        alternativesAsExact: listParam(ctx, 'alternativesAsExact'),
        replaceSynonymsInHighlight: boolParam(ctx, 'replaceSynonymsInHighlight'),
      },
    );
    const out: WordAlternative[] = [];
    for (const alt of expansion.alternatives) {
      const normalized = alt.words.flatMap((word) => (alt.kind === 'placeholder' ? [word] : ctx.tokenizer.terms(word)));
      if (normalized.length === 0) continue;
      out.push({
        start: alt.start,
        end: alt.end,
        words: normalized,
        typos: alt.typos,
        exact: alt.exact,
        replaceInHighlight: expansion.replaceSynonymsInHighlight,
        source: { kind: 'synonym', objectID: alt.synonymID },
      });
    }
    return out;
  });
}

/** A query parameter, else the index setting (as the engine's options do). */
function paramOrSetting(ctx: WordsContext, name: string): unknown {
  const value = ctx.options.params[name];
  return value !== undefined && value !== null ? value : ctx.settings[name];
}

function listParam(ctx: WordsContext, name: string): string[] | undefined {
  const value = paramOrSetting(ctx, name);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? value.split(',').filter((v) => v !== '') : undefined;
}

function boolParam(ctx: WordsContext, name: string): boolean {
  const value = paramOrSetting(ctx, name);
  return value === true || value === 'true';
}
