import type { SearchRecord } from '../../state';
import { attributeRules, type AttributeRule } from '../engine/attributes';
import { fieldValues } from '../engine/fields';
import type { AlternativeSource } from '../engine/hooks';
import { typoBudget, type WordPlan } from '../engine/match';
import type { QueryOptions } from '../engine/options';
import type { QueryReading } from '../engine/search';
import type { Tokenizer } from '../engine/tokenize';
import { damerauLevenshtein } from '../engine/typo';
import type { WordMatch } from './types';

/** One string of the record as the query reads it: its attribute's rule and its words, normalized as indexed. */
export interface RecordField {
  readonly path: string;
  /** The searchable attribute it belongs to; the top-level name when not searchable. */
  readonly attribute: string;
  readonly rule: AttributeRule;
  readonly searchable: boolean;
  readonly terms: readonly string[];
}

/** The record's strings and numbers, each with its words and whether this query searches it. */
export function recordFields(record: SearchRecord, options: QueryOptions, tokenizer: Tokenizer): RecordField[] {
  const values = fieldValues(record);
  const paths = [...new Set(values.map((value) => value.path))];
  const rules = new Map(attributeRules(paths, options).map((rule, i) => [paths[i], rule]));
  return values.map(({ path, text }) => {
    const rule = rules.get(path)!;
    const searchable = rule.index >= 0;
    return {
      path,
      attribute: searchable ? rule.name : path.split('.')[0],
      rule,
      searchable,
      terms: tokenizer.terms(text),
    };
  });
}

interface Found {
  readonly recordWord: string;
  readonly attribute: string;
  readonly typos: number;
  readonly via: string;
  readonly synonym?: string;
}

/**
 * How the record holds each query word, read from the query's word plans (the vocabulary terms
 * each word may match, with their typos) and the stages' alternatives: the best occurrence in a
 * searchable attribute, fewest typos first. The engine's figures for the record
 * (`_rankingInfo`) come from the same plans.
 */
export function wordMatches(
  plans: readonly WordPlan[],
  reading: QueryReading,
  fields: readonly RecordField[],
  options: QueryOptions,
): WordMatch[] {
  const searchable = fields.filter((field) => field.searchable);
  return plans.map((plan, i) => {
    const word = plan.word;
    const base = {
      word: word.term,
      optional: word.optional,
      excluded: word.excluded,
      allowedTypos: typoBudget(word, options),
    };
    const found = bestOccurrence(plans, i, reading, searchable);
    if (!found) return { ...base, matched: false };
    return { ...base, matched: true, ...found };
  });
}

function bestOccurrence(
  plans: readonly WordPlan[],
  i: number,
  reading: QueryReading,
  fields: readonly RecordField[],
): Found | undefined {
  const plan = plans[i];
  const word = plan.word;
  let best: Found | undefined;
  const offer = (found: Found) => {
    if (
      !best ||
      found.typos < best.typos ||
      (found.typos === best.typos && found.via === 'exact' && best.via !== 'exact')
    )
      best = found;
  };
  for (const field of fields) {
    const { terms, rule, attribute } = field;
    for (let k = 0; k < terms.length; k++) {
      const term = terms[k];
      const alt = plan.alts.get(term);
      if (alt && !(alt.typos > 0 && rule.noTypo) && !(alt.prefixOnly && rule.noPrefix)) {
        const source = sourceOf(reading, i, i + 1, [term]);
        const via = source
          ? source.kind
          : alt.exact
            ? 'exact'
            : alt.typos > 0
              ? 'typo'
              : term.startsWith(word.term)
                ? 'prefix'
                : 'exact';
        offer({
          recordWord: term,
          attribute,
          typos: alt.typos,
          via,
          ...(source?.kind === 'synonym' ? { synonym: source.objectID } : {}),
        });
      }
      if (word.excluded) continue;
      // A concatenation with the next query word, or with the previous one, holds this word too.
      if (plan.concat.includes(term) || plans[i - 1]?.concat.includes(term))
        offer({ recordWord: term, attribute, typos: 0, via: 'concatenation' });
      for (const [a, b] of plan.splits)
        if (term === a && terms[k + 1] === b) offer({ recordWord: `${a} ${b}`, attribute, typos: 0, via: 'split' });
      for (const other of plans) {
        for (const phrase of other.phrases) {
          if (phrase.start > i || i >= phrase.end || !holdsAt(terms, k, phrase.words)) continue;
          const source = sourceOf(reading, phrase.start, phrase.end, phrase.words);
          offer({
            recordWord: phrase.words.join(' '),
            attribute,
            typos: phrase.perWord[i - phrase.start].typos,
            via: source?.kind ?? 'synonym',
            ...(source?.kind === 'synonym' ? { synonym: source.objectID } : {}),
          });
        }
      }
    }
  }
  return best;
}

const holdsAt = (terms: readonly string[], at: number, words: readonly string[]) =>
  words.every((w, k) => terms[at + k] === w);

/** The stage that offered reading `[start, end)` as `words`, if a stage did. */
function sourceOf(
  reading: QueryReading,
  start: number,
  end: number,
  words: readonly string[],
): AlternativeSource | undefined {
  for (const alt of reading.alternatives) {
    if (
      alt.start === start &&
      alt.end === end &&
      alt.words.length === words.length &&
      alt.words.every((w, k) => w === words[k])
    )
      return alt.source;
  }
  return undefined;
}

/** Whether the record holds `words` one after the other in one searchable string. */
export function holdsPhrase(fields: readonly RecordField[], words: readonly string[]): boolean {
  return fields.some((field) => field.searchable && field.terms.some((_, k) => holdsAt(field.terms, k, words)));
}

/** The record's word nearest to `word` in searchable strings, by edits (a prefix word against the start of each word). */
export function closestWord(
  fields: readonly RecordField[],
  word: string,
  prefix: boolean,
): { word: string; attribute: string; typos: number } | undefined {
  let best: { word: string; attribute: string; typos: number } | undefined;
  for (const field of fields) {
    if (!field.searchable) continue;
    for (const term of field.terms) {
      let typos = damerauLevenshtein(word, term);
      if (prefix && term.length > word.length)
        typos = Math.min(typos, damerauLevenshtein(word, term.slice(0, word.length)));
      if (!best || typos < best.typos) best = { word: term, attribute: field.attribute, typos };
    }
  }
  return best;
}
