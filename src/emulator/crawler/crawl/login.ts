import type { Core } from '../../core';
import type { CrawlSettings } from './settings';
import { loadCheerio } from '../engine';
import { fetchUrl, mergeHeaders, type Fetched } from './web';

/** Headers every request of a crawl sends after logging in (`Cookie` or `Authorization`), or why the login failed. */
export type Session = { readonly headers: Readonly<Record<string, string>> } | { readonly error: string };

type Login = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Logs in as the configuration's `login` says, once at the start of a crawl (as the real
 * crawler does: a cookie or token that expires is not renewed):
 * - an HTTP request (`url`, `requestOptions`): its `Set-Cookie` headers become the `Cookie`
 *   header of every request;
 * - a browser login (`url`, `username`, `password`): the login page's form is filled (the
 *   first `input[type=text]` or `input[type=email]`, and `input[type=password]`) and submitted,
 *   the cookies of both answers kept;
 * - OAuth 2.0 client credentials (`accessTokenRequest`): the token endpoint's `access_token`
 *   becomes an `Authorization: Bearer` header.
 * Every request goes through the crawl's fetch, so the test's declared site answers it.
 */
export async function logIn(core: Core, settings: CrawlSettings): Promise<Session> {
  const login = settings.login;
  if (!login) return { headers: {} };
  try {
    if (typeof login.accessTokenRequest === 'object' && login.accessTokenRequest !== null)
      return await oauth(core, settings, login.accessTokenRequest as Login);
    if (login.username !== undefined) return await browserLogin(core, settings, login);
    return await requestLogin(core, settings, login);
  } catch (error) {
    return { error: `Login failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The `Cookie` header made of `Set-Cookie` headers (name=value pairs; a later one replaces an earlier one). */
function cookieHeader(...responses: Fetched[]): string | undefined {
  const jar = new Map<string, string>();
  for (const response of responses) {
    if (!response.ok) continue;
    for (const cookie of response.cookies) {
      const pair = cookie.split(';')[0].trim();
      const equals = pair.indexOf('=');
      if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
  }
  return jar.size === 0 ? undefined : [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function answered(url: string, fetched: Fetched): asserts fetched is Extract<Fetched, { ok: true }> {
  if (!fetched.ok) throw new Error(`${url}: network error (${fetched.error})`);
  if (fetched.status >= 400) throw new Error(`${url} answered HTTP ${fetched.status}`);
}

async function requestLogin(core: Core, settings: CrawlSettings, login: Login): Promise<Session> {
  const url = String(login.url);
  const options = (login.requestOptions ?? {}) as Login;
  const fetched = await fetchUrl(core, url, {
    method: text(options.method) ?? 'GET',
    headers: mergeHeaders(
      { 'user-agent': settings.userAgent },
      settings.headers,
      (options.headers ?? {}) as Record<string, string>,
    ),
    ...(text(options.body) === undefined ? {} : { body: text(options.body) }),
  });
  answered(url, fetched);
  const cookie = cookieHeader(fetched);
  if (cookie === undefined) throw new Error(`${url} answered no Set-Cookie header`);
  return { headers: { cookie } };
}

async function browserLogin(core: Core, settings: CrawlSettings, login: Login): Promise<Session> {
  const url = String(login.url);
  const headers = mergeHeaders({ 'user-agent': settings.userAgent }, settings.headers);
  const page = await fetchUrl(core, url, { headers });
  answered(url, page);
  const { load } = await loadCheerio();
  const $ = load(page.body);
  const password = $('input[type="password"]').first();
  if (password.length === 0) throw new Error(`${url} has no input[type=password] to fill`);
  const form = password.closest('form');
  const scope = form.length > 0 ? form : $.root();
  const user = scope.find('input[type="text"], input[type="email"]').first();
  if (user.length === 0) throw new Error(`${url} has no input[type=text] or input[type=email] for the username`);
  const fields = new URLSearchParams();
  scope.find('input[name]').each((_, element) => {
    const input = $(element);
    const type = (input.attr('type') ?? 'text').toLowerCase();
    if ((type === 'checkbox' || type === 'radio') && input.attr('checked') === undefined) return;
    if (type === 'submit' || type === 'button' || type === 'image' || type === 'file') return;
    fields.append(input.attr('name')!, input.attr('value') ?? '');
  });
  if (user.attr('name')) fields.set(user.attr('name')!, String(login.username));
  if (password.attr('name')) fields.set(password.attr('name')!, String(login.password));
  const action = new URL(form.attr('action') || url, url).href;
  const method = (form.attr('method') ?? 'get').toUpperCase();
  const before = cookieHeader(page);
  const common = mergeHeaders(headers, before ? { cookie: before } : {});
  const submitted =
    method === 'POST'
      ? await fetchUrl(core, action, {
          method: 'POST',
          headers: { ...common, 'content-type': 'application/x-www-form-urlencoded' },
          body: fields.toString(),
        })
      : await fetchUrl(core, `${action.replace(/\?.*$/, '')}?${fields}`, { headers: common });
  answered(action, submitted);
  const cookie = cookieHeader(page, submitted);
  if (cookie === undefined) throw new Error(`the login form of ${url} answered no Set-Cookie header`);
  return { headers: { cookie } };
}

async function oauth(core: Core, settings: CrawlSettings, request: Login): Promise<Session> {
  const url = String(request.url);
  const body = new URLSearchParams({
    grant_type: String(request.grantType ?? request.grant_type),
    client_id: String(request.clientId ?? request.client_id),
    client_secret: String(request.clientSecret ?? request.client_secret),
  });
  if (text(request.scope)) body.set('scope', text(request.scope)!);
  for (const [name, value] of Object.entries((request.extraParameters ?? {}) as Record<string, unknown>))
    body.set(name, String(value));
  const fetched = await fetchUrl(core, url, {
    method: 'POST',
    headers: { 'user-agent': settings.userAgent, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  answered(url, fetched);
  let token: unknown;
  try {
    token = (JSON.parse(fetched.body) as { access_token?: unknown }).access_token;
  } catch {
    token = undefined;
  }
  if (typeof token !== 'string' || token === '') throw new Error(`${url} answered no access_token`);
  return { headers: { authorization: `Bearer ${token}` } };
}
