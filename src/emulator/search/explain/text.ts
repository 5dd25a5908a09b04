import type { Explanation, NeighbourComparison, WordMatch } from './types';

/** The explanation in sentences, one fact a line. */
export function render(e: Omit<Explanation, 'text'>): string {
  const lines: string[] = [];
  const subject = `Record ${e.objectID} in ${e.indexName} for "${e.query}"`;
  if (e.found) lines.push(`${subject}: hit #${e.position! + 1} of ${e.nbHits} (page ${e.page}).`);
  else lines.push(`${subject}: not returned (${e.nbHits} hit${e.nbHits === 1 ? '' : 's'}).`);
  for (const reason of e.reasons) lines.push(`- ${reason.message}.`);
  if (e.criteria.length > 0)
    lines.push(`Ranking: ${e.criteria.map((c) => `${c.criterion} ${show(c.value)}`).join(', ')}.`);
  if (e.above) lines.push(`After ${e.above.objectID} (#${e.above.position + 1}): ${decision(e.above)}.`);
  if (e.below) lines.push(`Before ${e.below.objectID} (#${e.below.position + 1}): ${decision(e.below)}.`);
  const words = e.words.filter((w) => !w.excluded);
  if (words.length > 0) lines.push(`Words: ${words.map(wordLine).join('; ')}.`);
  const { applied } = e;
  for (const rule of applied.rules)
    lines.push(`Rule ${rule.objectID} applied${rule.effects.length > 0 ? `: ${rule.effects.join(', ')}` : ''}.`);
  if (applied.queryAfterRules !== undefined) lines.push(`The query after rules: "${applied.queryAfterRules}".`);
  if (applied.stopWords.length > 0)
    lines.push(`Stop words removed: ${applied.stopWords.map((w) => `"${w}"`).join(', ')}.`);
  if (applied.queryAfterRemoval !== undefined)
    lines.push(`No results with every word: searched as "${applied.queryAfterRemoval}" (removeWordsIfNoResults).`);
  for (const s of applied.synonyms)
    lines.push(
      `Synonym ${s.objectID}: "${s.words.join(' ')}" also reads "${s.alternative.join(' ')}"${s.usedByRecord ? ' (this record holds it)' : ''}.`,
    );
  for (const p of applied.plurals)
    lines.push(`Plural: "${p.word}" also reads "${p.form}"${p.usedByRecord ? ' (this record holds it)' : ''}.`);
  for (const d of applied.decompounded)
    lines.push(
      `Compound: "${d.word}" searched as "${d.parts.join(' ')}"${d.usedByRecord ? ' (this record holds it whole)' : ''}.`,
    );
  if (applied.personalization) {
    const p = applied.personalization;
    lines.push(
      `Personalization${p.userToken ? ` for ${p.userToken}` : ''}: score ${p.score} (filters ${p.filtersScore}, ranking ${p.rankingScore}).`,
    );
  }
  return lines.join('\n');
}

function decision(c: NeighbourComparison): string {
  const tied = c.tiedOn.length > 0 ? `; tied on ${c.tiedOn.join(', ')}` : '';
  switch (c.decidedBy) {
    case 'promoted':
      return 'a rule pins one of them (promote)';
    case 'objectID':
      return `every criterion ties, and the greater objectID ranks first${tied}`;
    case 'none':
      return 'they cannot be told apart';
    default:
      return `${c.decidedBy} decides (${show(c.value)} here, ${show(c.other)} there)${tied}`;
  }
}

function wordLine(w: WordMatch): string {
  if (!w.matched) return `"${w.word}" not matched${w.optional ? ' (optional)' : ''}`;
  const how =
    w.via === 'exact'
      ? ''
      : ` (${w.via}${w.typos ? `, ${w.typos} typo${w.typos === 1 ? '' : 's'}` : ''}${w.synonym ? ` ${w.synonym}` : ''})`;
  const hidden = w.unretrievable ? ' (unretrievableAttributes: this key’s hits do not show it)' : '';
  return `"${w.word}" -> "${w.recordWord}" in ${w.attribute}${how}${hidden}`;
}

const show = (value: unknown) =>
  value === undefined ? 'none' : typeof value === 'string' ? `"${value}"` : String(value);
