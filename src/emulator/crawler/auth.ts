import type { Core } from '../core';
import { readHeader, type EmulatorRequest } from '../request';
import type { Acl, Auth } from '../route';
import { crawlerError, crawlerMessages } from './errors';
import { crawlerOptions } from './options';

const NO_ACLS: ReadonlySet<Acl> = new Set();

/**
 * The crawler API's own authentication: HTTP basic auth with the crawler user ID and API key
 * (not the application's keys). 401 when the header is missing or malformed, 403 when the pair
 * is wrong (spec 001, errors). Crawler routes need no key right: the pair gives every crawler.
 */
export function authenticateCrawler(core: Core, req: EmulatorRequest, ip: string): Auth {
  const pair = basicPair(readHeader(req, 'authorization'));
  if (!pair) throw crawlerError(401, 'missing_authorization', crawlerMessages.missingAuth);
  const { userId, apiKey } = crawlerOptions(core);
  if (pair.userId !== userId || pair.apiKey !== apiKey) throw crawlerError(403, 'forbidden', crawlerMessages.wrongAuth);
  return { admin: false, apiKey: pair.apiKey, acl: NO_ACLS, ip };
}

/** `Basic base64(user:key)`, decoded as UTF-8; undefined when it is anything else. */
function basicPair(header: string | undefined): { userId: string; apiKey: string } | undefined {
  const encoded = header === undefined ? undefined : /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)?.[1];
  if (encoded === undefined) return undefined;
  let text: string;
  try {
    const binary = atob(encoded);
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  return { userId: text.slice(0, colon), apiKey: text.slice(colon + 1) };
}
