import { SUPPORTED_LANGUAGES } from '../dictionaries/standard';

/**
 * The value types index settings take, as small composable parsers. Each parser either
 * returns the normalized value (string booleans and integer strings, which real exports
 * contain, become booleans and numbers) or {@link INVALID}; `expected` words the type for
 * error messages. The catalogue picks one per setting: no setting has a hand-written check.
 */
export interface SettingType {
  /** What a value must be, as an error message words it ("an integer between 1 and 7"). */
  readonly expected: string;
  /** The normalized value, or INVALID. */
  parse(value: unknown): unknown;
}

export const INVALID: unique symbol = Symbol('invalid setting value');

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const boolean: SettingType = {
  expected: 'a boolean',
  parse(value) {
    if (typeof value === 'boolean') return value;
    if (value === 'true') return true;
    if (value === 'false') return false;
    return INVALID;
  },
};

export function integer(min = 0, max = Number.MAX_SAFE_INTEGER): SettingType {
  const bounds =
    max === Number.MAX_SAFE_INTEGER
      ? min === 0
        ? 'a non-negative integer'
        : `an integer of at least ${min}`
      : `an integer between ${min} and ${max}`;
  return {
    expected: bounds,
    parse(value) {
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min || number > max) return INVALID;
      return number;
    },
  };
}

export const string: SettingType = {
  expected: 'a string',
  parse: (value) => (typeof value === 'string' ? value : INVALID),
};

/** One of a fixed set of strings. */
export function oneOf(values: readonly string[]): SettingType {
  return {
    expected: `one of ${values.map((v) => `"${v}"`).join(', ')}`,
    parse: (value) => (typeof value === 'string' && values.includes(value) ? value : INVALID),
  };
}

/** A string that matches a pattern (ranking criteria, custom ranking entries). */
export function matching(pattern: RegExp, expected: string): SettingType {
  return { expected, parse: (value) => (typeof value === 'string' && pattern.test(value) ? value : INVALID) };
}

export function arrayOf(item: SettingType, expected: string): SettingType {
  return {
    expected,
    parse(value) {
      if (!Array.isArray(value)) return INVALID;
      const out: unknown[] = [];
      for (const entry of value) {
        const parsed = item.parse(entry);
        if (parsed === INVALID) return INVALID;
        out.push(parsed);
      }
      return out;
    },
  };
}

/** The first alternative that accepts the value wins. */
export function either(expected: string, ...types: SettingType[]): SettingType {
  return {
    expected,
    parse(value) {
      for (const type of types) {
        const parsed = type.parse(value);
        if (parsed !== INVALID) return parsed;
      }
      return INVALID;
    },
  };
}

/** An object whose values all have one type. */
export function recordOf(item: SettingType, expected: string): SettingType {
  return {
    expected,
    parse(value) {
      if (!isObject(value)) return INVALID;
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        const parsed = item.parse(entry);
        if (parsed === INVALID) return INVALID;
        out[key] = parsed;
      }
      return out;
    },
  };
}

/** An object with known optional fields; unknown fields are refused, as the service's schema does. */
export function shape(fields: Record<string, SettingType>, expected: string): SettingType {
  return {
    expected,
    parse(value) {
      if (!isObject(value)) return INVALID;
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
        if (!field) return INVALID;
        const parsed = entry === null ? null : field.parse(entry);
        if (parsed === INVALID) return INVALID;
        out[key] = parsed;
      }
      return out;
    },
  };
}

export const object: SettingType = {
  expected: 'a JSON object',
  parse: (value) => (isObject(value) ? value : INVALID),
};

/** Any JSON value (userData). */
export const json: SettingType = { expected: 'a JSON value', parse: (value) => value };

/** Strings nested in arrays at any depth (`reRankingApplyFilter`, like `facetFilters`). */
export const nestedStrings: SettingType = {
  expected: 'a string or an array of strings or of arrays of strings',
  parse(value) {
    if (typeof value === 'string') return value;
    if (!Array.isArray(value)) return INVALID;
    for (const entry of value) if (nestedStrings.parse(entry) === INVALID) return INVALID;
    return value;
  },
};

const language: SettingType = {
  expected: 'a supported language code',
  parse: (value) => (typeof value === 'string' && SUPPORTED_LANGUAGES.includes(value) ? value : INVALID),
};

export const stringList = arrayOf(string, 'an array of strings');
export const languageList = arrayOf(language, 'an array of supported language codes');
