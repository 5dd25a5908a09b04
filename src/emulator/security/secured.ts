/**
 * Secured API keys: base64(hex HMAC-SHA256(parent key, query string) + query string).
 * WebCrypto and btoa/atob only, so the same code runs in Node 20+, browsers and jsdom.
 */

/** What a secured key may embed (as the v5 client's `SecuredApiKeyRestrictions`). */
export interface SecuredApiKeyRestrictions {
  /** Search parameters forced onto every query; flattened into the key like the client does. */
  searchParams?: Record<string, unknown>;
  filters?: string;
  /** Unix timestamp (seconds) after which the key is refused. */
  validUntil?: number;
  restrictIndices?: string[] | string;
  /** One IPv4 network (CIDR). */
  restrictSources?: string;
  /** Distinguishes users sharing an IP for rate limiting. */
  userToken?: string;
  referers?: string[];
  [parameter: string]: unknown;
}

const encoder = new TextEncoder();

/**
 * Serialises restrictions exactly as the official v5 client does: `searchParams` merged in,
 * names sorted, `undefined` dropped, arrays joined with commas, `encodeURIComponent` with
 * `+` written `%20`.
 */
function serializeRestrictions(restrictions: SecuredApiKeyRestrictions = {}): string {
  let merged: Record<string, unknown> = restrictions;
  if (restrictions.searchParams) {
    merged = { ...restrictions, ...restrictions.searchParams };
    delete merged.searchParams;
  }
  return Object.keys(merged)
    .filter((key) => merged[key] !== undefined)
    .sort()
    .map((key) => {
      const value = merged[key];
      const text = Array.isArray(value) ? value.join(',') : String(value);
      return `${key}=${encodeURIComponent(text).replace(/\+/g, '%20')}`;
    })
    .join('&');
}

/** HMAC pads a key shorter than SHA-256's 64-byte block with zeros: an empty key is this one. */
const EMPTY_KEY = new Uint8Array(64);

/** Hex HMAC-SHA256 of `message` keyed by `secret` (both UTF-8). */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto (globalThis.crypto.subtle) is required for secured API keys');
  // WebCrypto refuses a zero-length key; the official client (Node's createHmac) accepts it.
  const raw = secret === '' ? EMPTY_KEY : encoder.encode(secret);
  const key = await subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Base64 of the UTF-8 bytes of `text` (what `Buffer.from(text).toString('base64')` gives). */
function toBase64(text: string): string {
  const bytes = encoder.encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The UTF-8 text a base64 string encodes, or `undefined` when it is not base64. */
function fromBase64(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined;
  let binary: string;
  try {
    binary = atob(encoded);
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Generates a secured API key, byte for byte the string the official v5 client's
 * `generateSecuredApiKey` returns. Async because WebCrypto is (the client's is sync in Node).
 * Accepts `(parentApiKey, restrictions)` or the client's `({ parentApiKey, restrictions })`.
 */
export async function generateSecuredApiKey(
  parent: string | { parentApiKey: string; restrictions?: SecuredApiKeyRestrictions },
  restrictions: SecuredApiKeyRestrictions = {},
): Promise<string> {
  const { parentApiKey, restrictions: chosen } =
    typeof parent === 'string' ? { parentApiKey: parent, restrictions } : parent;
  const query = serializeRestrictions(chosen ?? {});
  return toBase64((await hmacSha256Hex(parentApiKey, query)) + query);
}

/** A key that looks like a secured key: its hash and the signed query string. */
export interface SecuredKeyParts {
  readonly hash: string;
  readonly query: string;
}

/** Splits a candidate secured key; `undefined` when it cannot be one. */
export function splitSecuredKey(apiKey: string): SecuredKeyParts | undefined {
  const decoded = fromBase64(apiKey);
  if (decoded === undefined || decoded.length < 64) return undefined;
  const hash = decoded.slice(0, 64);
  if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
  // v4 clients signed unsorted names and JSON arrays: verify whatever follows the hash.
  return { hash, query: decoded.slice(64) };
}

/** Constant-time comparison of two hex strings of equal length. */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
