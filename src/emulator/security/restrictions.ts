import { readNested, type FilterParam } from '../search/filters/arrays';
import { networkContains, parseNetwork, wildcardMatch } from './network';

/**
 * What a key's query string (a secured key's signed parameters, or a key's
 * `queryParameters`) says: security restrictions, and the search parameters left over,
 * which are forced onto every query.
 */
export interface Restrictions {
  /** Unix seconds; NaN when the text is not a whole number (such a key is refused). */
  validUntil?: number;
  restrictIndices?: string[];
  restrictSources?: string;
  referers?: string[];
  userToken?: string;
  searchParameters: Record<string, string>;
}

/** Lists arrive comma-separated (v5 clients) or as JSON arrays (v4 clients). */
function parseList(value: string): string[] {
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
        // Digits only: `Infinity`, `1e400` and fractions would make a key that never expires.
        out.validUntil = /^\d+$/.test(value) ? Number(value) : Number.NaN;
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

/** Whether a `validUntil` (Unix seconds) still admits `now` (ms); a non-finite one never does. */
export function validAt(validUntil: number | undefined, now: number): boolean {
  return validUntil === undefined || (Number.isFinite(validUntil) && now / 1000 <= validUntil);
}

const FILTER_LISTS: readonly FilterParam[] = ['facetFilters', 'numericFilters', 'tagFilters'];

/**
 * The search parameters a secured key forces, on top of those its parent key forces. A secured
 * key only narrows: `filters` combine with AND, and so do the filter lists (`facetFilters`,
 * `numericFilters`, `tagFilters`: their outer lists are concatenated); any other parameter the
 * secured key sets is its own.
 */
export function narrowParameters(
  parent: Readonly<Record<string, string>>,
  secured: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = { ...parent, ...secured };
  if (!secured) return out;
  const own = (params: Readonly<Record<string, string>>, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) && params[name].trim() !== '' ? params[name] : undefined;
  const parentFilters = own(parent, 'filters');
  const securedFilters = own(secured, 'filters');
  if (parentFilters !== undefined)
    out.filters = securedFilters === undefined ? parentFilters : `(${parentFilters}) AND (${securedFilters})`;
  for (const name of FILTER_LISTS) {
    const before = own(parent, name);
    const added = own(secured, name);
    if (before !== undefined)
      out[name] =
        added === undefined ? before : JSON.stringify([...nestedOrRaw(before, name), ...nestedOrRaw(added, name)]);
  }
  return out;
}

/** A filter list's AND groups; text that does not parse stays one entry, and the search refuses it. */
function nestedOrRaw(text: string, name: FilterParam): (string | string[])[] {
  try {
    return readNested(text, name).map((group) => (group.length === 1 ? group[0] : group));
  } catch {
    return [text];
  }
}
