/**
 * The one shape every filter parameter compiles to: a conjunction of disjunctions (the
 * only form the service accepts), each disjunction holding filters of one kind.
 * `filters`, `facetFilters`, `numericFilters`, `tagFilters` and `optionalFilters` all
 * become a {@link FilterAst}, so one evaluator serves them all.
 */
export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';

export interface FacetLeaf {
  readonly kind: 'facet';
  readonly attribute: string;
  readonly value: string;
  readonly negated: boolean;
  /** `<score=N>`; 1 when not given. */
  readonly score: number;
}

export interface TagLeaf {
  readonly kind: 'tag';
  readonly value: string;
  readonly negated: boolean;
  readonly score: number;
}

export interface NumericLeaf {
  readonly kind: 'numeric';
  readonly attribute: string;
  readonly operator: NumericOperator;
  readonly value: number;
  readonly negated: boolean;
}

export interface RangeLeaf {
  readonly kind: 'range';
  readonly attribute: string;
  /** Both bounds inclusive. */
  readonly lower: number;
  readonly upper: number;
  readonly negated: boolean;
}

export type Leaf = FacetLeaf | TagLeaf | NumericLeaf | RangeLeaf;

/** Filters joined by OR; a single filter is a one-element group. */
export type OrGroup = readonly Leaf[];

/** Groups joined by AND; no groups matches every record. */
export interface FilterAst {
  readonly and: readonly OrGroup[];
}

export const EMPTY_FILTER: FilterAst = { and: [] };

/** The family a leaf belongs to: an OR group may only hold one family. */
export type LeafFamily = 'facet' | 'tag' | 'numeric';

export function familyOf(leaf: Leaf): LeafFamily {
  return leaf.kind === 'range' ? 'numeric' : leaf.kind;
}

/** Joins several filter parameters with AND. */
export function conjunction(...asts: readonly FilterAst[]): FilterAst {
  return { and: asts.flatMap((ast) => ast.and) };
}
