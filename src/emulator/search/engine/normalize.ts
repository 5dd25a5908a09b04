/**
 * Character normalization, as the service applies it to both records and queries:
 * lower case, diacritics removed (except on `keepDiacriticsOnCharacters`), and
 * `customNormalization` replacements. Normalization is per character so that highlighting
 * can map a normalized token back onto the original text.
 */
export interface NormalizeConfig {
  /** Characters whose diacritics are kept (`keepDiacriticsOnCharacters`). */
  readonly keepDiacritics: string;
  /** `customNormalization.default`: character -> replacement. */
  readonly custom: Readonly<Record<string, string>>;
}

/** A stable key for caches that depend on the normalization settings. */
export function normalizeKey(config: NormalizeConfig): string {
  return JSON.stringify([config.keepDiacritics, Object.entries(config.custom).sort()]);
}

const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** Letters whose base form is not reached by NFD decomposition. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};

/** Builds a per-character normalizer with a memo (texts repeat the same few characters). */
export function createNormalizer(config: NormalizeConfig): (char: string) => string {
  const memo = new Map<string, string>();
  const keep = new Set([...config.keepDiacritics].flatMap((c) => [c, c.toLowerCase()]));
  const replacement = customReplacement(config.custom);
  return (char) => {
    let out = memo.get(char);
    if (out !== undefined) return out;
    out = normalizeChar(char, keep, replacement);
    memo.set(char, out);
    return out;
  };
}

/**
 * A character's `customNormalization` replacement, whatever its case: search ignores case, so
 * `{"Ä": "ae"}` folds `ä` too (as `keepDiacriticsOnCharacters` keeps both cases). The entry for
 * the character as written wins, then the entry for any case of it, a lower-case key before an
 * upper-case one.
 */
export function customReplacement(custom: Readonly<Record<string, string>>): (char: string) => string | undefined {
  const folded = new Map<string, string>();
  for (const [key, value] of Object.entries(custom)) {
    const lower = key.toLowerCase();
    if (key === lower || !folded.has(lower)) folded.set(lower, value);
  }
  return (char) => (Object.hasOwn(custom, char) ? custom[char] : folded.get(char.toLowerCase()));
}

function normalizeChar(
  char: string,
  keep: ReadonlySet<string>,
  replacement: (char: string) => string | undefined,
): string {
  const replaced = replacement(char);
  if (replaced !== undefined) return replaced.toLowerCase();
  const lower = char.toLowerCase();
  if (keep.has(char) || keep.has(lower)) return lower;
  const special = SPECIAL[lower];
  if (special !== undefined) return special;
  return lower.normalize('NFD').replace(COMBINING, '');
}

/** Reads `keepDiacriticsOnCharacters` and `customNormalization` from effective settings. */
export function normalizeConfigOf(settings: {
  keepDiacriticsOnCharacters?: unknown;
  customNormalization?: unknown;
}): NormalizeConfig {
  const keep = typeof settings.keepDiacriticsOnCharacters === 'string' ? settings.keepDiacriticsOnCharacters : '';
  const customAll = settings.customNormalization;
  let custom: Record<string, string> = {};
  if (customAll && typeof customAll === 'object') {
    const table = (customAll as Record<string, unknown>).default;
    if (table && typeof table === 'object') {
      custom = Object.fromEntries(
        Object.entries(table as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>;
    }
  }
  return { keepDiacritics: keep, custom };
}
