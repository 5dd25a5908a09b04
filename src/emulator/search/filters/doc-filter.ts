import { complementWithin, countBits, eachBit, emptyBits, intersect, setBit, unite } from '../engine/doc-bits';
import { AS_BOOLEAN, AS_NUMBER, AS_STRING, facetColumn, type FacetColumn } from '../engine/facet-column';
import type { KeptDocs } from '../engine/hooks';
import type { InvertedIndex } from '../engine/inverted-index';
import { numberColumn } from '../engine/number-column';
import type { FacetLeaf, FilterAst, Leaf, OrGroup, TagLeaf } from './ast';
import type { CompiledFilters } from './compile';
import { leafMatches, type FilterContext } from './evaluate';

/**
 * The docs of an index a query's filters keep, found from the columns. `score` is the filter
 * score every kept doc gets when it is the same for all (the `filters` criterion then decides
 * nothing); undefined when it varies from doc to doc (`optionalFilters`, scored OR groups).
 */
export type FilteredDocs = KeptDocs;

/**
 * The docs `filters` keeps, as set operations over the index's facet and number columns: each
 * filter is a set of docs (a facet value's list, a pass over a number column), an OR group their
 * union, the query their intersection. Equal to evaluating each record (`evaluate.ts`), which a
 * property checks; a value held both as a number and as a string (whose filters differ) is
 * decided record by record. Undefined for a filter shape the columns do not know.
 */
export function filteredDocs(filters: CompiledFilters, index: InvertedIndex): FilteredDocs | undefined {
  const bits = docsOf(filters.required, index, filters.context);
  if (bits === undefined) return undefined;
  const score = filters.optional.and.length > 0 ? undefined : constantScore(filters.required, filters.context);
  return { bits, count: countBits(bits), score };
}

/** The docs matching every group of `ast`, undefined when a leaf is of a kind the columns cannot answer. */
function docsOf(ast: FilterAst, index: InvertedIndex, ctx: FilterContext): Int32Array | undefined {
  const bits = emptyBits(index.docCount);
  unite(bits, index.live);
  for (const group of ast.and) {
    const matched = groupDocs(group, index, ctx);
    if (matched === undefined) return undefined;
    intersect(bits, matched);
  }
  return bits;
}

function groupDocs(group: OrGroup, index: InvertedIndex, ctx: FilterContext): Int32Array | undefined {
  const bits = emptyBits(index.docCount);
  for (const leaf of group) {
    const matched = leafDocs(leaf, index, ctx);
    if (matched === undefined) return undefined;
    unite(bits, matched);
  }
  return bits;
}

/** The live docs a filter keeps (negation applied). */
function leafDocs(leaf: Leaf, index: InvertedIndex, ctx: FilterContext): Int32Array | undefined {
  const bits = positiveDocs(leaf, index, ctx);
  if (bits === undefined) return undefined;
  if (leaf.negated) complementWithin(bits, index.live);
  else intersect(bits, index.live);
  return bits;
}

/** The docs a filter keeps before negation (removed docs may be set: the caller keeps live ones). */
function positiveDocs(leaf: Leaf, index: InvertedIndex, ctx: FilterContext): Int32Array | undefined {
  const bits = emptyBits(index.docCount);
  switch (leaf.kind) {
    case 'facet':
      if (leaf.attribute === 'objectID') {
        const doc = index.byID(leaf.value);
        if (doc) setBit(bits, doc.id);
      } else {
        facetDocs(leaf, index, ctx, bits);
      }
      return bits;
    case 'tag':
      tagDocs(leaf, index, ctx, bits);
      return bits;
    case 'numeric': {
      const access = ctx.numeric(leaf.attribute);
      if (access === 'none' || (access === 'equalOnly' && leaf.operator !== '=' && leaf.operator !== '!=')) return bits;
      const column = numberColumn(index, leaf.attribute);
      const { operator, value } = leaf;
      // `!=` is NOT `=`: a doc holding the value anywhere is left out, one holding no number kept.
      const test = operator === '!=' || operator === '=' ? (v: number) => v === value : COMPARE[operator](value);
      eachLive(index, (doc) => {
        if (column.some(doc, test) !== (operator === '!=')) setBit(bits, doc);
      });
      return bits;
    }
    case 'range': {
      if (ctx.numeric(leaf.attribute) !== 'all') return bits;
      const column = numberColumn(index, leaf.attribute);
      const { lower, upper } = leaf;
      const inRange = (v: number) => v >= lower && v <= upper;
      eachLive(index, (doc) => {
        if (column.some(doc, inRange)) setBit(bits, doc);
      });
      return bits;
    }
    default:
      return undefined;
  }
}

const COMPARE: Record<'<' | '<=' | '>=' | '>', (bound: number) => (v: number) => boolean> = {
  '<': (bound) => (v) => v < bound,
  '<=': (bound) => (v) => v <= bound,
  '>=': (bound) => (v) => v >= bound,
  '>': (bound) => (v) => v > bound,
};

/**
 * A facet filter's docs: the values it names, as numbers (any attribute) and, on attributes
 * declared for faceting, as strings without case and as booleans. A value whose docs hold it
 * in several ways, some matching and some not, is decided record by record.
 */
function facetDocs(leaf: FacetLeaf, index: InvertedIndex, ctx: FilterContext, bits: Int32Array): void {
  const column = facetColumn(index, leaf.attribute);
  const declared = ctx.facetable(leaf.attribute);
  const lower = leaf.value.toLowerCase();
  const asNumber = leaf.value.trim() === '' ? NaN : Number(leaf.value);
  const candidates = new Set<number>(declared ? column.idsLowered(lower) : []);
  if (asNumber === asNumber) {
    const id = column.idOf(String(asNumber));
    if (id >= 0) candidates.add(id);
  }
  for (const id of candidates) {
    let matching = 0;
    if (column.numbers[id] === asNumber) matching |= AS_NUMBER;
    if (declared && column.names[id].toLowerCase() === lower) matching |= AS_STRING;
    if (declared && column.names[id] === lower) matching |= AS_BOOLEAN;
    addValue(column, id, matching, leaf, index, ctx, bits);
  }
}

/** A tag filter's docs: `_tags` values equal to the tag, as strings. */
function tagDocs(leaf: TagLeaf, index: InvertedIndex, ctx: FilterContext, bits: Int32Array): void {
  const column = facetColumn(index, '_tags');
  const id = column.idOf(leaf.value);
  if (id >= 0) addValue(column, id, AS_STRING, leaf, index, ctx, bits);
}

/**
 * Sets the docs of value `id` that hold it in a way in `matching`: all of its list when every
 * way docs hold it matches, none when none does, else each doc's record decides.
 */
function addValue(
  column: FacetColumn,
  id: number,
  matching: number,
  leaf: Leaf,
  index: InvertedIndex,
  ctx: FilterContext,
  bits: Int32Array,
): void {
  const kinds = column.kinds[id] & (AS_STRING | AS_NUMBER | AS_BOOLEAN);
  const held = kinds & matching;
  if (held === 0) return;
  const { ids, length } = column.lists[id];
  if (held === kinds) {
    for (let k = 0; k < length; k++) setBit(bits, ids[k]);
    return;
  }
  const positive = { ...leaf, negated: false } as Leaf;
  for (let k = 0; k < length; k++) {
    const record = index.recordAt(ids[k]);
    if (record !== undefined && leafMatches(positive, record, ctx)) setBit(bits, ids[k]);
  }
}

function eachLive(index: InvertedIndex, visit: (doc: number) => void): void {
  eachBit(index.live, visit);
}

/**
 * The score every doc `ast` keeps gets, when it is the same for all: each group scores its one
 * matching filter, or the best (the sum with `sumOrFiltersScores`) of those that match, so a
 * group whose filters all score alike gives that score (with sums, only a group of one filter).
 */
function constantScore(ast: FilterAst, ctx: FilterContext): number | undefined {
  let total = 0;
  for (const group of ast.and) {
    const scores = new Set(group.map((leaf) => (leaf.kind === 'facet' || leaf.kind === 'tag' ? leaf.score : 0)));
    if (scores.size !== 1) return undefined;
    const [score] = scores;
    if (ctx.sumOrFiltersScores && group.length > 1 && score !== 0) return undefined;
    total += score;
  }
  return total;
}
