import { networkContains, parseNetwork, wildcardMatch } from './network';

/**
 * What a key's query string (a secured key's signed parameters, or a key's
 * `queryParameters`) says: security restrictions, and the search parameters left over,
 * which are forced onto every query.
 */
export interface Restrictions {
  validUntil?: number;
  restrictIndices?: string[];
  restrictSources?: string;
  referers?: string[];
  userToken?: string;
  searchParameters: Record<string, string>;
}

/** Lists arrive comma-separated (v5 clients) or as JSON arrays (v4 clients). */
export function parseList(value: string): string[] {
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON after all: fall through to commas
    }
  }
  return text === '' ? [] : text.split(',').map((part) => part.trim());
}

export function parseRestrictions(query: string): Restrictions {
  const out: Restrictions = { searchParameters: {} };
  for (const [name, value] of new URLSearchParams(query)) {
    switch (name) {
      case 'validUntil':
        out.validUntil = Number(value);
        break;
      case 'restrictIndices':
        out.restrictIndices = parseList(value);
        break;
      case 'restrictSources':
        out.restrictSources = value;
        break;
      case 'referers':
        out.referers = parseList(value);
        break;
      case 'userToken':
        out.userToken = value;
        break;
      default:
        out.searchParameters[name] = value;
    }
  }
  return out;
}

/** Whether a referer (or origin) satisfies patterns with leading/trailing `*`; no patterns = all. */
export function refererAllowed(patterns: readonly string[] | undefined, referer: string | undefined): boolean {
  if (!patterns || patterns.length === 0) return true;
  if (referer === undefined || referer === '') return false;
  return patterns.some((pattern) => wildcardMatch(pattern, referer));
}

/** Whether an IP is inside `restrictSources` (one network, or several separated by `;` or `,`). */
export function sourceRestrictionAllows(restrictSources: string | undefined, ip: string): boolean {
  if (restrictSources === undefined || restrictSources.trim() === '') return true;
  return restrictSources.split(/[;,]/).some((source) => {
    const network = parseNetwork(source);
    return network !== undefined && networkContains(network, ip);
  });
}
