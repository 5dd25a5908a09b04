import type { Draft } from 'immer';
import { badRequest, forbidden, payloadTooLarge } from '../../errors';
import type { OperationContext } from '../../route';
import type { State } from '../../state';
import { enqueue } from '../../tasks';
import { foldText } from '../synonyms/words';
import { integerInRange, requireObject, requireObjectID } from '../validate';
import { standard, standardCompounds, standardID, supports, SUPPORTED_LANGUAGES } from './standard';
import { DICTIONARY_NAMES, type DictionaryEntry, type DictionaryName } from './state';

/** Dictionary batch bodies above 10 MB are refused (spec, Limits). */
export const MAX_BATCH_BYTES = 10 * 1024 * 1024;
/**
 * Custom entries allowed across the three dictionaries before a batch is refused with 403.
 * Proposed emulator option: `dictionaryEntriesQuota`.
 */
export const DEFAULT_CUSTOM_ENTRIES_QUOTA = 10_000;

const FIELDS: Record<DictionaryName, { required: string[]; optional: string[] }> = {
  stopwords: { required: ['objectID', 'language', 'word'], optional: ['state'] },
  plurals: { required: ['objectID', 'language', 'words'], optional: [] },
  compounds: { required: ['objectID', 'language', 'word', 'decomposition'], optional: [] },
};

function dictionaryName(ctx: OperationContext): DictionaryName {
  const name = ctx.params.dictionaryName;
  if (!DICTIONARY_NAMES.includes(name as DictionaryName)) {
    throw badRequest(`Unknown dictionary "${name}": must be one of stopwords, plurals, compounds`);
  }
  return name as DictionaryName;
}

function validateEntry(dictionary: DictionaryName, value: unknown, where: string): DictionaryEntry {
  const body = requireObject(value, where);
  const { required, optional } = FIELDS[dictionary];
  for (const key of Object.keys(body)) {
    // `type` comes back from searches (custom / standard); saving it back is harmless.
    if (!required.includes(key) && !optional.includes(key) && key !== 'type') throw badRequest(`${where}.${key} is not a field of a ${dictionary} entry`);
  }
  for (const key of required) if (body[key] === undefined) throw badRequest(`${where}.${key} is required for a ${dictionary} entry`);
  const objectID = requireObjectID(body.objectID, `${where}.objectID`);
  if (typeof body.language !== 'string' || !supports(dictionary, body.language)) {
    throw badRequest(`${where}.language ${JSON.stringify(body.language)} is not a supported language for ${dictionary}`);
  }
  const entry: Record<string, unknown> = { objectID, language: body.language };
  if (dictionary === 'plurals') {
    if (!Array.isArray(body.words) || body.words.length === 0 || !body.words.every((w) => typeof w === 'string' && w.trim() !== '')) {
      throw badRequest(`${where}.words must be a non-empty array of non-empty strings`);
    }
    entry.words = body.words;
  } else {
    if (typeof body.word !== 'string' || body.word.trim() === '') throw badRequest(`${where}.word must be a non-empty string`);
    entry.word = body.word;
  }
  if (dictionary === 'stopwords') {
    if (body.state !== undefined && body.state !== 'enabled' && body.state !== 'disabled') throw badRequest(`${where}.state must be enabled or disabled`);
    entry.state = body.state ?? 'enabled';
  }
  if (dictionary === 'compounds') {
    if (!Array.isArray(body.decomposition) || !body.decomposition.every((p) => typeof p === 'string' && p !== '')) {
      throw badRequest(`${where}.decomposition must be an array of non-empty strings`);
    }
    const word = foldText(body.word as string);
    if (body.decomposition.length > 0 && foldText(body.decomposition.join('')) !== word) {
      throw badRequest(`${where}.decomposition must spell out the word "${body.word}" when joined`);
    }
    entry.decomposition = body.decomposition;
  }
  return entry as unknown as DictionaryEntry;
}

/** POST /1/dictionaries/{dictionaryName}/batch */
export function batchDictionaryEntries(ctx: OperationContext) {
  const { core, req } = ctx;
  if (req.bodySize > MAX_BATCH_BYTES) throw payloadTooLarge(`The payload is ${req.bodySize} bytes; dictionary batches are limited to 10 MB`);
  const dictionary = dictionaryName(ctx);
  const body = requireObject(req.body, 'body');
  for (const key of Object.keys(body)) {
    if (key !== 'requests' && key !== 'clearExistingDictionaryEntries') throw badRequest(`body.${key} is not a batch parameter`);
  }
  if (!Array.isArray(body.requests)) throw badRequest('body.requests is required and must be an array');
  const clear = body.clearExistingDictionaryEntries ?? false;
  if (typeof clear !== 'boolean') throw badRequest('body.clearExistingDictionaryEntries must be a boolean');
  type Operation = { add: DictionaryEntry; remove?: undefined } | { add?: undefined; remove: string };
  const operations = body.requests.map((item, i): Operation => {
    const where = `body.requests[${i}]`;
    const request = requireObject(item, where);
    for (const key of Object.keys(request)) if (key !== 'action' && key !== 'body') throw badRequest(`${where}.${key} is not allowed`);
    if (request.action === 'addEntry') return { add: validateEntry(dictionary, request.body, `${where}.body`) };
    if (request.action === 'deleteEntry') {
      const target = requireObject(request.body, `${where}.body`);
      for (const key of Object.keys(target)) if (key !== 'objectID') throw badRequest(`${where}.body.${key} is not allowed in a deleteEntry`);
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
  const others = DICTIONARY_NAMES.filter((d) => d !== dictionary).reduce((n, d) => n + core.state.dictionaries.custom[d].size, 0);
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

/** POST (and GET) /1/dictionaries/{dictionaryName}/search */
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
  const query = foldText(params.query.trim());
  const matches = (words: readonly string[]) => query === '' || words.some((w) => foldText(w).startsWith(query));
  const state = ctx.core.state.dictionaries;
  const hits: Hit[] = [];
  const customWords = new Set<string>();
  for (const entry of state.custom[dictionary].values()) {
    if (language !== undefined && entry.language !== language) continue;
    const words = entry.words ?? [entry.word!];
    words.forEach((w) => customWords.add(`${entry.language}/${w.toLowerCase()}`));
    if (matches(words)) hits.push({ ...entry, type: 'custom' });
  }
  for (const entry of standardEntries(dictionary, language as string | undefined)) {
    const words = entry.words ?? [entry.word!];
    if (words.some((w) => customWords.has(`${entry.language}/${w}`))) continue;
    if (matches(words)) hits.push(entry);
  }
  return {
    hits: hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    nbHits: hits.length,
    page,
    nbPages: Math.ceil(hits.length / hitsPerPage),
  };
}

function* standardEntries(dictionary: DictionaryName, language: string | undefined): Generator<Hit> {
  const languages = language ? [language] : SUPPORTED_LANGUAGES;
  for (const lang of languages) {
    if (dictionary === 'stopwords') {
      for (const word of standard().stopwords.get(lang) ?? []) {
        yield { objectID: standardID(dictionary, lang, word), language: lang, word, state: 'enabled', type: 'standard' };
      }
    } else if (dictionary === 'plurals') {
      for (const words of standard().pluralSets.get(lang) ?? []) {
        yield { objectID: standardID(dictionary, lang, words[0]), language: lang, words, type: 'standard' };
      }
    } else {
      for (const [word, decomposition] of Object.entries(standardCompounds(lang))) {
        yield { objectID: standardID(dictionary, lang, word), language: lang, word, decomposition, type: 'standard' };
      }
    }
  }
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
  for (const key of Object.keys(body)) if (key !== 'disableStandardEntries') throw badRequest(`body.${key} is not a dictionary setting`);
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
      if (!supports(name as DictionaryName, language)) throw badRequest(`${where}.${language} is not a supported language for ${name}`);
    }
    changes.push([name as DictionaryName, map as Record<string, boolean>]);
  }
  const taskID = enqueue(core, null, (draft) => {
    const settings = draft.dictionaries.disableStandardEntries as Partial<Record<DictionaryName, Record<string, boolean>>>;
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
