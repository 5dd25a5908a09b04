import type { Draft } from 'immer';
import { badRequest, forbidden, payloadTooLarge } from '../../errors';
import type { OperationContext } from '../../route';
import type { State } from '../../state';
import { enqueue } from '../../tasks';
import { foldText } from '../synonyms/words';
import { integerInRange, requireObject, requireObjectID } from '../validate';
import {
  requireTables,
  standardCompounds,
  standardID,
  standardPluralSets,
  standardStopwords,
  supports,
  SUPPORTED_LANGUAGES,
} from './standard';
import { DICTIONARY_NAMES, type DictionaryEntry, type DictionaryName } from './state';

/** Dictionary batch bodies above 10 MB are refused (spec, Limits). */
const MAX_BATCH_BYTES = 10 * 1024 * 1024;
/**
 * Custom entries allowed across the three dictionaries before a batch is refused with 403.
 * Proposed emulator option: `dictionaryEntriesQuota`.
 */
const DEFAULT_CUSTOM_ENTRIES_QUOTA = 10_000;

/** What each dictionary needs of an entry (the OpenAPI shares one entry schema between the three). */
const REQUIRED: Record<DictionaryName, readonly string[]> = {
  stopwords: ['objectID', 'language', 'word'],
  plurals: ['objectID', 'language', 'words'],
  compounds: ['objectID', 'language', 'word', 'decomposition'],
};

function dictionaryName(ctx: OperationContext): DictionaryName {
  const name = ctx.params.dictionaryName;
  if (!DICTIONARY_NAMES.includes(name as DictionaryName)) {
    throw badRequest(`Unknown dictionary "${name}": must be one of stopwords, plurals, compounds`);
  }
  return name as DictionaryName;
}

const nonEmptyStrings = (value: unknown, allowEmpty: boolean): value is string[] =>
  Array.isArray(value) &&
  (allowEmpty || value.length > 0) &&
  value.every((w) => typeof w === 'string' && w.trim() !== '');

/**
 * Checks an entry. The entry schema allows additional properties (a `word` on a plurals
 * entry, any other key): they are kept as sent and come back from searches; the declared
 * fields keep their types wherever they appear.
 */
function validateEntry(dictionary: DictionaryName, value: unknown, where: string): DictionaryEntry {
  const body = requireObject(value, where);
  for (const key of REQUIRED[dictionary])
    if (body[key] === undefined) throw badRequest(`${where}.${key} is required for a ${dictionary} entry`);
  const objectID = requireObjectID(body.objectID, `${where}.objectID`);
  if (typeof body.language !== 'string' || !supports(dictionary, body.language)) {
    throw badRequest(
      `${where}.language ${JSON.stringify(body.language)} is not a supported language for ${dictionary}`,
    );
  }
  if (body.word !== undefined && (typeof body.word !== 'string' || body.word.trim() === ''))
    throw badRequest(`${where}.word must be a non-empty string`);
  if (body.words !== undefined && !nonEmptyStrings(body.words, false))
    throw badRequest(`${where}.words must be a non-empty array of non-empty strings`);
  if (body.decomposition !== undefined && !nonEmptyStrings(body.decomposition, true))
    throw badRequest(`${where}.decomposition must be an array of non-empty strings`);
  if (body.state !== undefined && body.state !== 'enabled' && body.state !== 'disabled')
    throw badRequest(`${where}.state must be enabled or disabled`);
  if (body.type !== undefined && body.type !== 'custom' && body.type !== 'standard')
    throw badRequest(`${where}.type must be custom or standard`);
  if (dictionary === 'compounds') {
    const decomposition = body.decomposition as string[];
    if (decomposition.length > 0 && foldText(decomposition.join('')) !== foldText(body.word as string)) {
      throw badRequest(`${where}.decomposition must spell out the word "${body.word}" when joined`);
    }
  }
  // `type` comes back from searches (custom / standard): saving a hit back is harmless, and it is not kept.
  const { type: _type, ...entry } = body;
  void _type;
  if (dictionary === 'stopwords') entry.state = body.state ?? 'enabled';
  return { ...entry, objectID } as unknown as DictionaryEntry;
}

/** POST /1/dictionaries/{dictionaryName}/batch */
export function batchDictionaryEntries(ctx: OperationContext) {
  const { core, req } = ctx;
  if (req.bodySize > MAX_BATCH_BYTES)
    throw payloadTooLarge(`The payload is ${req.bodySize} bytes; dictionary batches are limited to 10 MB`);
  const dictionary = dictionaryName(ctx);
  const body = requireObject(req.body, 'body');
  for (const key of Object.keys(body)) {
    if (key !== 'requests' && key !== 'clearExistingDictionaryEntries')
      throw badRequest(`body.${key} is not a batch parameter`);
  }
  if (!Array.isArray(body.requests)) throw badRequest('body.requests is required and must be an array');
  const clear = body.clearExistingDictionaryEntries ?? false;
  if (typeof clear !== 'boolean') throw badRequest('body.clearExistingDictionaryEntries must be a boolean');
  type Operation = { add: DictionaryEntry; remove?: undefined } | { add?: undefined; remove: string };
  const operations = body.requests.map((item, i): Operation => {
    const where = `body.requests[${i}]`;
    const request = requireObject(item, where);
    for (const key of Object.keys(request))
      if (key !== 'action' && key !== 'body') throw badRequest(`${where}.${key} is not allowed`);
    if (request.action === 'addEntry') return { add: validateEntry(dictionary, request.body, `${where}.body`) };
    if (request.action === 'deleteEntry') {
      const target = requireObject(request.body, `${where}.body`);
      for (const key of Object.keys(target))
        if (key !== 'objectID') throw badRequest(`${where}.body.${key} is not allowed in a deleteEntry`);
      return { remove: requireObjectID(target.objectID, `${where}.body.objectID`) };
    }
    throw badRequest(`${where}.action must be addEntry or deleteEntry, got ${JSON.stringify(request.action)}`);
  });
  const apply = (draft: Draft<State>) => {
    const entries = draft.dictionaries.custom[dictionary] as Map<string, DictionaryEntry>;
    if (clear) entries.clear();
    for (const op of operations) {
      if (op.add) entries.set(op.add.objectID, op.add as Draft<DictionaryEntry>);
      else entries.delete(op.remove);
    }
  };
  // The quota is checked on the result, so a batch that deletes as much as it adds passes.
  const preview = new Map(core.state.dictionaries.custom[dictionary]);
  if (clear) preview.clear();
  for (const op of operations) {
    if (op.add) preview.set(op.add.objectID, op.add);
    else preview.delete(op.remove);
  }
  const others = DICTIONARY_NAMES.filter((d) => d !== dictionary).reduce(
    (n, d) => n + core.state.dictionaries.custom[d].size,
    0,
  );
  const quota = core.options.dictionaryEntriesQuota ?? DEFAULT_CUSTOM_ENTRIES_QUOTA;
  if (preview.size + others > quota) {
    throw forbidden(`Custom dictionary entries quota exceeded: ${preview.size + others} entries, ${quota} allowed`);
  }
  const taskID = enqueue(core, null, apply);
  return { taskID, updatedAt: core.isoNow() };
}

interface Hit extends DictionaryEntry {
  readonly type: 'custom' | 'standard';
}

/** A standard entry before its objectID is worked out (only the page's are): `key` is the word it is named by. */
interface StandardEntry {
  readonly key: string;
  readonly language: string;
  readonly word?: string;
  readonly words?: readonly string[];
  readonly decomposition?: readonly string[];
  readonly state?: 'enabled';
  readonly type: 'standard';
}

/**
 * POST (and GET) /1/dictionaries/{dictionaryName}/search — entries whose words start with
 * the query, or whose objectID is the query (the v4 client's integration test finds an
 * entry by its objectID); custom entries first, then the standard ones they do not override.
 */
export function searchDictionaryEntries(ctx: OperationContext) {
  const dictionary = dictionaryName(ctx);
  const params = ctx.req.method === 'GET' ? fromQueryString(ctx.req.query) : requireObject(ctx.req.body ?? {}, 'body');
  for (const key of Object.keys(params)) {
    if (!['query', 'page', 'hitsPerPage', 'language'].includes(key)) throw badRequest(`Unknown parameter: ${key}`);
  }
  if (typeof params.query !== 'string') throw badRequest('`query` is required and must be a string');
  const page = integerInRange(params.page, 'page', 0, 0, Number.MAX_SAFE_INTEGER);
  const hitsPerPage = integerInRange(params.hitsPerPage, 'hitsPerPage', 20, 1, 1000);
  const language = params.language;
  if (language !== undefined && (typeof language !== 'string' || !SUPPORTED_LANGUAGES.includes(language))) {
    throw badRequest(`\`language\` ${JSON.stringify(language)} is not a supported language`);
  }
  const asked = params.query.trim();
  const query = foldText(asked);
  const matches = (folded: readonly string[]) => query === '' || folded.some((w) => w.startsWith(query));
  const state = ctx.core.state.dictionaries;
  const hits: (Hit | StandardEntry)[] = [];
  const customWords = new Set<string>();
  for (const entry of state.custom[dictionary].values()) {
    if (language !== undefined && entry.language !== language) continue;
    const words = wordsOf(entry);
    words.forEach((w) => customWords.add(`${entry.language}/${w.toLowerCase()}`));
    if (entry.objectID === asked || matches(words.map(foldText))) hits.push({ ...entry, type: 'custom' });
  }
  const overridden = (entry: { language: string; word?: string; words?: readonly string[] }) =>
    wordsOf(entry).some((w) => customWords.has(`${entry.language}/${w}`));
  const byID = STANDARD_ID.test(asked) ? standardByID(dictionary).get(asked) : undefined;
  const languages = language === undefined ? SUPPORTED_LANGUAGES : [language as string];
  // Every language's table asked for at once (one load for all that are missing).
  if (dictionary !== 'compounds') requireTables(dictionary, languages);
  for (const lang of languages) {
    for (const { entry, folded } of foldedStandardEntries(dictionary, lang)) {
      if (customWords.size > 0 && overridden(entry)) continue;
      if (matches(folded) || (byID !== undefined && byID.language === entry.language && byID.key === entry.key))
        hits.push(entry);
    }
  }
  return {
    hits: hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(withObjectID),
    nbHits: hits.length,
    page,
    nbPages: Math.ceil(hits.length / hitsPerPage),
  };
}

const STANDARD_ID = /^[0-9a-f]{32}$/;

const wordsOf = (entry: { word?: string; words?: readonly string[] }): readonly string[] =>
  entry.words ?? (entry.word === undefined ? [] : [entry.word]);

const isStandard = (hit: Hit | StandardEntry): hit is StandardEntry =>
  hit.type === 'standard' && typeof hit.key === 'string';

function withObjectID(hit: Hit | StandardEntry): Hit {
  if (!isStandard(hit)) return hit;
  const { key, ...entry } = hit;
  return { objectID: standardID(entry.language, key), ...entry };
}

/** A standard entry with its words folded. */
interface FoldedEntry {
  readonly entry: StandardEntry;
  readonly folded: readonly string[];
}

const folded = new Map<string, readonly FoldedEntry[]>();

/**
 * The standard entries of a dictionary in one language, their words folded, made once (the data
 * never changes): a search compares folded words instead of folding every entry's again.
 */
function foldedStandardEntries(dictionary: DictionaryName, language: string): readonly FoldedEntry[] {
  const key = `${dictionary}/${language}`;
  let entries = folded.get(key);
  if (entries === undefined) {
    entries = [...standardEntries(dictionary, language)].map((entry) => ({
      entry,
      folded: wordsOf(entry).map(foldText),
    }));
    folded.set(key, entries);
  }
  return entries;
}

function* standardEntries(dictionary: DictionaryName, language: string | undefined): Generator<StandardEntry> {
  const languages = language ? [language] : SUPPORTED_LANGUAGES;
  if (dictionary !== 'compounds') requireTables(dictionary, languages);
  for (const lang of languages) {
    if (dictionary === 'stopwords') {
      for (const word of standardStopwords(lang))
        yield { key: word, language: lang, word, state: 'enabled', type: 'standard' };
    } else if (dictionary === 'plurals') {
      for (const words of standardPluralSets(lang)) yield { key: words[0], language: lang, words, type: 'standard' };
    } else {
      for (const [word, decomposition] of Object.entries(standardCompounds(lang)))
        yield { key: word, language: lang, word, decomposition, type: 'standard' };
    }
  }
}

const byIDMemo = new Map<DictionaryName, ReadonlyMap<string, { language: string; key: string }>>();

/** The standard entries of a dictionary by objectID, worked out once (tens of thousands of hashes). */
function standardByID(dictionary: DictionaryName): ReadonlyMap<string, { language: string; key: string }> {
  let known = byIDMemo.get(dictionary);
  if (!known) {
    const map = new Map<string, { language: string; key: string }>();
    for (const { language, key } of standardEntries(dictionary, undefined))
      map.set(standardID(language, key), { language, key });
    byIDMemo.set(dictionary, map);
    known = map;
  }
  return known;
}

function fromQueryString(query: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...query };
  for (const key of ['page', 'hitsPerPage']) if (query[key] !== undefined) out[key] = Number(query[key]);
  return out;
}

/** GET /1/dictionaries/*\/settings */
export function getDictionarySettings(ctx: OperationContext) {
  const settings = ctx.core.state.dictionaries.disableStandardEntries;
  return { disableStandardEntries: { stopwords: settings.stopwords ?? {}, ...withoutStopwords(settings) } };
}

function withoutStopwords(settings: Partial<Record<DictionaryName, Readonly<Record<string, boolean>>>>) {
  const out: Record<string, unknown> = {};
  if (settings.plurals) out.plurals = settings.plurals;
  if (settings.compounds) out.compounds = settings.compounds;
  return out;
}

/** PUT /1/dictionaries/*\/settings */
export function setDictionarySettings(ctx: OperationContext) {
  const { core } = ctx;
  const body = requireObject(ctx.req.body, 'body');
  for (const key of Object.keys(body))
    if (key !== 'disableStandardEntries') throw badRequest(`body.${key} is not a dictionary setting`);
  if (body.disableStandardEntries === undefined) throw badRequest('body.disableStandardEntries is required');
  const disable = requireObject(body.disableStandardEntries, 'body.disableStandardEntries');
  const changes: [DictionaryName, Record<string, boolean> | null][] = [];
  for (const [name, value] of Object.entries(disable)) {
    const where = `body.disableStandardEntries.${name}`;
    if (!DICTIONARY_NAMES.includes(name as DictionaryName)) throw badRequest(`${where}: unknown dictionary`);
    if (value === null) {
      changes.push([name as DictionaryName, null]);
      continue;
    }
    const map = requireObject(value, where);
    for (const [language, flag] of Object.entries(map)) {
      if (typeof flag !== 'boolean') throw badRequest(`${where}.${language} must be a boolean`);
      // Any supported language, for every dictionary: a flag for a language without standard entries
      // there (compounds for ru, as the CTS sends) turns nothing off.
      if (!SUPPORTED_LANGUAGES.includes(language)) throw badRequest(`${where}.${language} is not a supported language`);
    }
    changes.push([name as DictionaryName, map as Record<string, boolean>]);
  }
  const taskID = enqueue(core, null, (draft) => {
    const settings = draft.dictionaries.disableStandardEntries as Partial<
      Record<DictionaryName, Record<string, boolean>>
    >;
    for (const [name, map] of changes) {
      if (map === null) delete settings[name];
      else settings[name] = { ...(settings[name] ?? {}), ...map };
    }
  });
  return { taskID, updatedAt: core.isoNow() };
}

/** GET /1/dictionaries/*\/languages */
export function getDictionaryLanguages(ctx: OperationContext) {
  const custom = ctx.core.state.dictionaries.custom;
  const out: Record<string, Record<DictionaryName, { nbCustomEntries: number } | null>> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const entry = {} as Record<DictionaryName, { nbCustomEntries: number } | null>;
    for (const dictionary of DICTIONARY_NAMES) {
      entry[dictionary] = supports(dictionary, language)
        ? { nbCustomEntries: [...custom[dictionary].values()].filter((e) => e.language === language).length }
        : null;
    }
    out[language] = entry;
  }
  return out;
}
