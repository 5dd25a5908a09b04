import { badRequest } from '../../errors';
import { familyOf, type FilterAst, type Leaf, type LeafFamily, type NumericOperator, type OrGroup } from './ast';
import { describeToken, lex, LexError, tokenTypeName, type LexOptions, type Token, type TokenType } from './lexer';

/** The messages the service answers for expressions it does not accept. */
export const filterMessages = {
  andInsideOr: 'filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed',
  mixedOr: 'Different types are not allowed in the same OR.',
} as const;

const EXPECTED_FORM: Record<LeafFamily, string> = {
  numeric:
    '\nExpected a numeric filter which needs to have one of the following form:' +
    '\n - numeric_attr_name=10\n - numeric_attr_name>10\n - numeric_attr_name>=10\n - numeric_attr_name<10' +
    '\n - numeric_attr_name<=10\n - numeric_attr_name!=10\n - numeric_attr_name:10 TO 20',
  facet: '\nExpected a facet filter which needs to have this form:\n - facet_name:facet_value',
  tag: '\nExpected a tag filter which needs to have this form:\n - _tags:tag_value\n - tag_value',
};

/** What the parser builds before the shape checks: parentheses kept. */
type Node =
  | { readonly type: 'leaf'; readonly leaf: Leaf }
  | { readonly type: 'and' | 'or'; readonly items: readonly Node[]; readonly grouped: boolean };

/**
 * Parses the `filters` language into a conjunction of disjunctions. Throws a 400 with the
 * service's message (`filters: Unexpected token ... at col N`) when it refuses the text.
 * `param` names the parameter in messages (`numericFilters` reuses this parser, with its
 * own `options`).
 */
export function parseFilters(text: string, param = 'filters', options: LexOptions = {}): FilterAst {
  if (text.trim() === '') return { and: [] };
  const tokens = lex(text, options);
  if (tokens instanceof LexError) throw badRequest(`${param}: Not allowed ${tokens.char} at col ${tokens.pos}`);
  const parser = new Parser(tokens, param);
  const tree = parser.parseAnd(false);
  parser.expect('eof');
  return toConjunction(tree, param);
}

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly param: string,
  ) {}

  private get token(): Token {
    return this.tokens[Math.min(this.index, this.tokens.length - 1)];
  }

  private peek(offset: number): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }

  private advance(): Token {
    const token = this.token;
    this.index++;
    return token;
  }

  fail(token: Token, expected: string): never {
    throw badRequest(
      `${this.param}: Unexpected token ${describeToken(token)} expected ${expected} at col ${token.pos}`,
    );
  }

  expect(type: TokenType): Token {
    if (this.token.type !== type) this.fail(this.token, tokenTypeName(type));
    return this.advance();
  }

  /** Terms joined by AND (OR binds tighter: `a AND b OR c` is `a AND (b OR c)`). */
  parseAnd(grouped: boolean): Node {
    const items = [this.parseOr()];
    while (this.token.type === 'and') {
      this.advance();
      items.push(this.parseOr());
    }
    // A parenthesized single term is the term itself: `((a))` is `a`.
    return items.length === 1 ? items[0] : { type: 'and', items, grouped };
  }

  private parseOr(): Node {
    const items = [this.parseTerm()];
    while (this.token.type === 'or') {
      this.advance();
      items.push(this.parseTerm());
    }
    return items.length === 1 ? items[0] : { type: 'or', items, grouped: false };
  }

  private parseTerm(): Node {
    if (this.token.type === 'open') {
      this.advance();
      const inner = this.parseAnd(true);
      this.expect('close');
      return inner;
    }
    let negated = false;
    if (this.token.type === 'not') {
      this.advance();
      negated = true;
    }
    const name = this.token;
    if (name.type !== 'string' && name.type !== 'numeric') this.fail(name, 'filter');
    this.advance();
    const next = this.token;
    if (next.type === 'openAngle' && this.peek(1).type === 'string' && this.peek(1).value === 'score') {
      return leaf({ kind: 'tag', value: name.value, negated, score: this.parseScore() });
    }
    if (next.type === 'operator' || next.type === 'openAngle' || next.type === 'closeAngle') {
      this.advance();
      const value = this.expectNumber();
      return leaf({ kind: 'numeric', attribute: name.value, operator: next.value as NumericOperator, value, negated });
    }
    if (next.type === 'colon') {
      this.advance();
      const value = this.token;
      if (value.type !== 'string' && value.type !== 'numeric') this.fail(value, 'string');
      this.advance();
      if (value.type === 'numeric' && this.token.type === 'to') {
        this.advance();
        const upper = this.expectNumber();
        return leaf({ kind: 'range', attribute: name.value, lower: Number(value.value), upper, negated });
      }
      const score = this.parseScore();
      if (name.value === '_tags') return leaf({ kind: 'tag', value: value.value, negated, score });
      return leaf({ kind: 'facet', attribute: name.value, value: value.value, negated, score });
    }
    return leaf({ kind: 'tag', value: name.value, negated, score: 1 });
  }

  private expectNumber(): number {
    const token = this.token;
    if (token.type !== 'numeric') this.fail(token, 'numeric');
    this.advance();
    return Number(token.value);
  }

  /** An optional `<score=N>`; 1 when absent. */
  private parseScore(): number {
    if (this.token.type !== 'openAngle') return 1;
    this.advance();
    const option = this.token;
    if (option.type !== 'string') this.fail(option, 'string');
    if (option.value !== 'score') this.fail(option, '"score"');
    this.advance();
    const equals: Token = this.token;
    if (equals.type !== 'operator' || equals.value !== '=') this.fail(equals, '"="');
    this.advance();
    const score = this.expectNumber();
    this.expect('closeAngle');
    return score;
  }
}

const leaf = (value: Leaf): Node => ({ type: 'leaf', leaf: value });

/**
 * Applies the service's shape rules: the top level (and one parenthesized level under it)
 * is an AND; OR groups hold single filters of one family; no AND inside an OR.
 */
function toConjunction(tree: Node, param: string): FilterAst {
  const groups: OrGroup[] = [];
  const addTerm = (node: Node, depth: number) => {
    if (node.type === 'leaf') groups.push([node.leaf]);
    else if (node.type === 'or') groups.push(disjunction(node, param));
    else if (depth === 0) for (const item of node.items) addTerm(item, 1);
    else throw badRequest(`${param}: ${filterMessages.andInsideOr}`);
  };
  if (tree.type === 'and') for (const item of tree.items) addTerm(item, tree.grouped ? 1 : 0);
  else addTerm(tree, 0);
  return { and: groups };
}

function disjunction(node: Node, param: string): OrGroup {
  const leaves: Leaf[] = [];
  const collect = (item: Node) => {
    if (item.type === 'leaf') leaves.push(item.leaf);
    else if (item.type === 'or') item.items.forEach(collect);
    else throw badRequest(`${param}: ${filterMessages.andInsideOr}`);
  };
  collect(node);
  const family = familyOf(leaves[0]);
  if (leaves.some((l) => familyOf(l) !== family))
    throw badRequest(`${param}: ${filterMessages.mixedOr}${EXPECTED_FORM[family]}`);
  return leaves;
}
