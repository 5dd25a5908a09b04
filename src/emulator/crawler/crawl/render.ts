import type { Core } from '../../core';
import { createRandom, type Random } from '../../random';
import { crawlerOptions } from '../options';
import { clockedDate } from '../../sandbox/sandbox';
import { PageTimers } from './page-timers';
import { loadCheerio } from '../engine';
import type { RenderSettings } from './settings';

type HappyDom = typeof import('happy-dom');
type PageWindow = InstanceType<HappyDom['Window']>;

/** What rendering a page gave: its HTML once its scripts ran, and what the page logged; or why it could not render. */
export type Rendered = { readonly html: string; readonly logs: string[] } | { readonly error: string };

/** The optional package that renders pages (a DOM made for tests, no browser needed). */
export const RENDERER_PACKAGE = 'happy-dom';

let loading: Promise<HappyDom | Error> | undefined;

/** Loads happy-dom on the first page to render; an Error that says what to install when it is absent. */
function loadRenderer(): Promise<HappyDom | Error> {
  const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  if (!isNode)
    return Promise.resolve(
      new Error('renderJavaScript runs pages in Node only (happy-dom); this emulator runs in a browser'),
    );
  const id = RENDERER_PACKAGE;
  return (loading ??= withNodeTimers(
    () => import(/* @vite-ignore */ /* webpackIgnore: true */ id) as Promise<HappyDom>,
  ).then(
    (module) => module,
    () =>
      new Error(
        `renderJavaScript needs the optional package ${RENDERER_PACKAGE}: install it (npm install --save-dev ${RENDERER_PACKAGE}) to render pages`,
      ),
  ));
}

const TIMER_NAMES = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'];

/**
 * happy-dom keeps the global timer functions it finds when it loads, for its own bookkeeping
 * (waiting for a page's work to end). A test that faked timers (`vi.useFakeTimers()`) would
 * hand it timers that never fire: it is loaded with Node's own (`node:timers`), and the
 * globals are put back at once. Pages never see these: their timers are PageTimers.
 */
async function withNodeTimers<T>(load: () => Promise<T>): Promise<T> {
  const id = 'node:timers';
  const timers = ((process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(id) ??
    (await import(/* @vite-ignore */ /* webpackIgnore: true */ id))) as Record<string, unknown>;
  const host = globalThis as unknown as Record<string, unknown>;
  const saved = TIMER_NAMES.map((name) => host[name]);
  for (const name of TIMER_NAMES) host[name] = timers[name];
  try {
    return await load();
  } finally {
    TIMER_NAMES.forEach((name, i) => (host[name] = saved[i]));
  }
}

/** What a render needs from the crawl: the emulator (clock, generator, fetch), headers to send, the wait. */
export interface RenderRequest {
  readonly core: Core;
  readonly url: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly wait: RenderSettings['waitTime'];
  /**
   * Seeds the page's `Math.random`: drawn from the emulator's generator before the page's first
   * await, so pages rendered side by side in a step draw the same numbers on every run.
   */
  readonly seed: number;
}

/** Timers one render runs at most: a page that keeps scheduling work is cut there. */
const MAX_TIMER_RUNS = 5000;

/**
 * Renders a page as the crawler's headless browser does, in a DOM made for tests (happy-dom):
 * the page's scripts run, and every request they make (scripts, `fetch`, XHR) goes through
 * the crawl's fetch, so the test's declared site answers it and nothing reaches the network.
 * Time is the page's own (PageTimers): it starts at the emulator's instant, and timers fire
 * in order until none is pending (but at least `waitTime.min`) or `waitTime.max` is reached.
 * `Date`, `performance.now()` and `Math.random()` follow that clock and the seeded generator.
 */
export async function renderPage(request: RenderRequest): Promise<Rendered> {
  const happyDom = await loadRenderer();
  if (happyDom instanceof Error) return { error: happyDom.message };
  const { core, url } = request;
  const fetcher = crawlerOptions(core).fetch ?? globalThis.fetch;
  const send = (target: string, init: RequestInit = {}) =>
    fetcher(target, { ...init, headers: { ...request.headers, ...headersOf(init.headers) } });
  // Scripts the HTML loads while it is parsed are read synchronously by happy-dom: fetch them first.
  const early = await prefetchScripts(send, url, request.html);
  const timers = new PageTimers(core.now());
  const logs: string[] = [];
  let win: PageWindow | undefined;
  try {
    win = new happyDom.Window({
      url,
      settings: {
        enableJavaScriptEvaluation: true,
        suppressInsecureJavaScriptEnvironmentWarning: true,
        navigation: {
          disableMainFrameNavigation: true,
          disableChildFrameNavigation: true,
          disableChildPageNavigation: true,
        },
        fetch: {
          interceptor: {
            beforeAsyncRequest: async ({ request: req, window }) => {
              const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
              const res = await send(req.url, {
                method: req.method,
                headers: Object.fromEntries(req.headers as unknown as Iterable<[string, string]>),
                ...(body === undefined ? {} : { body }),
              });
              return new window.Response(await res.arrayBuffer(), {
                status: res.status,
                statusText: res.statusText,
                headers: Object.fromEntries(res.headers),
              });
            },
            beforeSyncRequest: ({ request: req, window }) => {
              const found = early.get(req.url);
              if (!found)
                logs.push(`Error: synchronous request to ${req.url} not served (only scripts in the HTML are)`);
              return {
                status: found?.status ?? 404,
                statusText: '',
                ok: found !== undefined && found.status < 300,
                url: req.url,
                redirected: false,
                headers: new window.Headers(found?.headers ?? {}),
                body: Buffer.from(found?.body ?? ''),
              };
            },
          },
        },
      },
    });
    installClock(win, timers, createRandom(request.seed));
    win.addEventListener('error', (event) => {
      const error = (event as unknown as { error?: unknown; message?: string }).error;
      logs.push(
        `Error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? 'script error')}`,
      );
    });
    win.document.write(request.html);
    await settle(win);
    const { min = 0, max = 20_000 } = request.wait;
    for (let runs = 0; ; runs++) {
      const next = timers.nextAt();
      if (next === undefined || next > max) break;
      if (runs === MAX_TIMER_RUNS) {
        logs.push(`Rendering stopped after ${MAX_TIMER_RUNS} timers (at ${timers.elapsed} ms of page time)`);
        break;
      }
      timers.runNext();
      await settle(win);
    }
    timers.elapsed = Math.min(Math.max(timers.elapsed, min), max);
    const printed = win.happyDOM.virtualConsolePrinter.readAsString().trim();
    if (printed !== '') logs.push(...printed.split('\n'));
    const doctype = win.document.doctype ? `<!DOCTYPE ${win.document.doctype.name}>` : '';
    return { html: `${doctype}${win.document.documentElement.outerHTML}`, logs };
  } catch (error) {
    return { error: `the page could not be rendered: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await win?.happyDOM.close();
  }
}

/** Waits for what the page started without a timer: script loads, fetches, their promise chains. */
async function settle(win: PageWindow): Promise<void> {
  await win.happyDOM.waitUntilComplete();
  // A resolved fetch's `.then` chain may start another request: settle until nothing is left.
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  await win.happyDOM.waitUntilComplete();
}

/**
 * The page's clock: timers on PageTimers, `Date` and `performance.now()` reading page time,
 * `Math.random` the seeded generator. Scripts created by the page load asynchronously, as in a
 * browser (happy-dom would otherwise read them synchronously); WebSockets are refused.
 */
function installClock(win: PageWindow, timers: PageTimers, random: Random): void {
  const target = win as unknown as Record<string, unknown>;
  timers.evaluate = (code) => void (win as unknown as { eval(code: string): unknown }).eval(code);
  Object.assign(target, {
    setTimeout: timers.setTimeout,
    setInterval: timers.setInterval,
    clearTimeout: timers.clear,
    clearInterval: timers.clear,
    requestAnimationFrame: timers.requestAnimationFrame,
    cancelAnimationFrame: timers.clear,
    Date: clockedDate(win.Date as unknown as DateConstructor, timers.now),
    // The window's `performance` is Node's own object: the page gets one of its own.
    performance: { now: () => timers.elapsed, timeOrigin: timers.start, mark() {}, measure() {} },
    WebSocket: class {
      constructor() {
        throw new Error('WebSocket is not available to pages the emulator renders');
      }
    },
  });
  (win.Math as Math).random = () => random.next();
  const document = win.document;
  const createElement = document.createElement.bind(document);
  document.createElement = ((name: string, options?: ElementCreationOptions) => {
    const element = createElement(name, options);
    if (name.toLowerCase() === 'script') element.setAttribute('async', '');
    return element;
  }) as typeof document.createElement;
}

/** The classic scripts of the HTML, fetched before the render (redirects followed), by absolute URL. */
async function prefetchScripts(
  send: (url: string, init?: RequestInit) => Promise<Response>,
  pageUrl: string,
  html: string,
): Promise<Map<string, { status: number; headers: Record<string, string>; body: string }>> {
  const { load } = await loadCheerio();
  const $ = load(html);
  const urls = new Set<string>();
  $('script[src]').each((_, element) => {
    const type = ($(element).attr('type') ?? '').toLowerCase();
    if (type === 'module' || $(element).attr('async') !== undefined || $(element).attr('defer') !== undefined) return;
    try {
      urls.add(new URL($(element).attr('src')!, pageUrl).href);
    } catch {
      // An unusable src loads nothing, as in a browser.
    }
  });
  const out = new Map<string, { status: number; headers: Record<string, string>; body: string }>();
  await Promise.all(
    [...urls].map(async (src) => {
      try {
        const res = await send(src, { redirect: 'follow' });
        out.set(src, { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() });
      } catch {
        // A network error: the script is missing from the render, as in a browser.
      }
    }),
  );
  return out;
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined) return {};
  return Object.fromEntries(new Headers(headers));
}
