import { badRequest } from '../../errors';
import { requireObject, requireObjectID } from '../validate';

/** A stored synonym, exactly as it was sent (type spelling kept). */
export type SynonymHit = Readonly<Record<string, unknown>> & { readonly objectID: string; readonly type: string };

/** The five kinds; the client also sends camelCase spellings of three of them. */
export type SynonymKind = 'synonym' | 'onewaysynonym' | 'altcorrection1' | 'altcorrection2' | 'placeholder';

const KINDS: Readonly<Record<string, SynonymKind>> = {
  synonym: 'synonym',
  onewaysynonym: 'onewaysynonym',
  oneWaySynonym: 'onewaysynonym',
  altcorrection1: 'altcorrection1',
  altCorrection1: 'altcorrection1',
  altcorrection2: 'altcorrection2',
  altCorrection2: 'altcorrection2',
  placeholder: 'placeholder',
};

/** Fields each kind takes besides `objectID` and `type`, with whether they are required. */
const FIELDS: Readonly<Record<SynonymKind, readonly string[]>> = {
  synonym: ['synonyms'],
  onewaysynonym: ['input', 'synonyms'],
  altcorrection1: ['word', 'corrections'],
  altcorrection2: ['word', 'corrections'],
  placeholder: ['placeholder', 'replacements'],
};

export function kindOf(type: unknown): SynonymKind | undefined {
  // Own keys only: `constructor` or `__proto__` would otherwise resolve to Object.prototype members.
  return typeof type === 'string' && Object.hasOwn(KINDS, type) ? KINDS[type] : undefined;
}

/**
 * Checks a synonym object for its type and returns what is stored. `_highlightResult`
 * (present when a search hit is saved back) is dropped; any other unknown field is a 400.
 */
export function validateSynonym(value: unknown, where: string, pathObjectID?: string): SynonymHit {
  const body = requireObject(value, where);
  const objectID = requireObjectID(body.objectID ?? pathObjectID, `${where}.objectID`);
  if (pathObjectID !== undefined && objectID !== pathObjectID) {
    throw badRequest(`${where}.objectID ("${objectID}") does not match the objectID in the URL ("${pathObjectID}")`);
  }
  if (body.type === undefined) throw badRequest(`${where}.type is required`);
  const kind = kindOf(body.type);
  if (!kind) {
    throw badRequest(
      `${where}.type must be one of synonym, onewaysynonym, altcorrection1, altcorrection2, placeholder; got ${JSON.stringify(body.type)}`,
    );
  }
  const allowed = new Set(['objectID', 'type', '_highlightResult', ...FIELDS[kind]]);
  for (const key of Object.keys(body)) {
    if (!allowed.has(key)) throw badRequest(`${where}.${key} is not allowed for a synonym of type ${body.type}`);
  }
  const stored: Record<string, unknown> = { objectID, type: body.type };
  switch (kind) {
    case 'synonym':
      stored.synonyms = stringList(body.synonyms, `${where}.synonyms`, 2);
      break;
    case 'onewaysynonym':
      stored.input = phrase(body.input, `${where}.input`);
      stored.synonyms = stringList(body.synonyms, `${where}.synonyms`, 1);
      break;
    case 'altcorrection1':
    case 'altcorrection2':
      stored.word = phrase(body.word, `${where}.word`);
      stored.corrections = stringList(body.corrections, `${where}.corrections`, 1);
      break;
    case 'placeholder': {
      const token = phrase(body.placeholder, `${where}.placeholder`);
      if (!/^<[^<>\s]+>$/.test(token)) {
        throw badRequest(
          `${where}.placeholder must be a single token between < and >, such as "<Street>"; got "${token}"`,
        );
      }
      stored.placeholder = token;
      stored.replacements = stringList(body.replacements, `${where}.replacements`, 1);
      break;
    }
  }
  return stored as SynonymHit;
}

function phrase(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw badRequest(`${what} is required and must be a non-empty string`);
  return value;
}

function stringList(value: unknown, what: string, min: number): string[] {
  if (!Array.isArray(value)) throw badRequest(`${what} is required and must be an array of strings`);
  value.forEach((item, i) => {
    if (typeof item !== 'string' || item.trim() === '') throw badRequest(`${what}[${i}] must be a non-empty string`);
  });
  if (value.length < min) throw badRequest(`${what} must contain at least ${min} element${min > 1 ? 's' : ''}`);
  return value as string[];
}
