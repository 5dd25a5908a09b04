import { badRequest } from '../../errors';

/** A parsed `tags` parameter: tags combined with AND, OR and parentheses (AND binds tighter). */
export type TagExpression =
  { readonly tag: string } | { readonly and: readonly TagExpression[] } | { readonly or: readonly TagExpression[] };

export function parseTags(text: string): TagExpression {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const or = (): TagExpression => {
    const parts = [and()];
    while (tokens[i] === 'OR') {
      i++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : { or: parts };
  };
  const and = (): TagExpression => {
    const parts = [leaf()];
    while (tokens[i] === 'AND') {
      i++;
      parts.push(leaf());
    }
    return parts.length === 1 ? parts[0] : { and: parts };
  };
  const leaf = (): TagExpression => {
    const token = tokens[i++];
    if (token === '(') {
      const inner = or();
      if (tokens[i++] !== ')') throw badRequest(`Invalid tags ${JSON.stringify(text)}: unbalanced parentheses`);
      return inner;
    }
    if (token === undefined || token === ')' || token === 'AND' || token === 'OR')
      throw badRequest(`Invalid tags ${JSON.stringify(text)}`);
    return { tag: decode(token) };
  };
  const expression = or();
  if (i !== tokens.length) throw badRequest(`Invalid tags ${JSON.stringify(text)}`);
  return expression;
}

export function matchesTags(expression: TagExpression | undefined, tags: readonly string[]): boolean {
  if (!expression) return true;
  if ('tag' in expression) return tags.includes(expression.tag);
  if ('and' in expression) return expression.and.every((part) => matchesTags(part, tags));
  return expression.or.some((part) => matchesTags(part, tags));
}

/** Tags are URL-encoded inside the parameter (`device:mobile%20phone`). */
function decode(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}
