import picomatch from 'picomatch';
import type { CrawlerConfig } from '../state';
import { USER_AGENT } from './web';

/** One action, ready to test URLs against and to run. */
export interface ActionSettings {
  /** Position in `actions` (the test result's `recordsPerExtractor[].index`). */
  readonly position: number;
  /** The live index records go to: `indexPrefix + indexName`. */
  readonly indexName: string;
  readonly matches: (url: string) => boolean;
  /** `selectorsToMatch`: each `!`-prefixed selector must be absent, the others one present. */
  readonly selectors: readonly string[];
  readonly fileTypes: readonly string[];
  readonly autoGenerateObjectIDs: boolean;
  readonly extractor: string;
  /** The action's `name` (required with a `schedule`). */
  readonly name: string | undefined;
  /** `cache.enabled` of the action, when it sets one. */
  readonly cache: boolean | undefined;
}

/** How a page is rendered when `renderJavaScript` covers it. */
export interface RenderSettings {
  /** Page time the render waits: at least `min`, at most `max` (default 20,000 ms). */
  readonly waitTime: { readonly min?: number; readonly max?: number };
}

/** A configuration read once per crawl step: defaults applied, patterns compiled. */
export interface CrawlSettings {
  readonly appId: string;
  readonly apiKey: string | undefined;
  readonly rateLimit: number;
  readonly startUrls: readonly string[];
  readonly extraUrls: readonly string[];
  readonly sitemaps: readonly string[];
  readonly excluded: (url: string) => boolean;
  /** The `exclusionPatterns` entry that excludes a URL, for the run's log. */
  readonly exclusionOf: (url: string) => string | undefined;
  /** Whether a discovered URL is worth adding: some action or discovery pattern matches it. */
  readonly inScope: (url: string) => boolean;
  readonly ignoredQueryParam: (name: string) => boolean;
  /** Whether a page's canonical link is ignored (the page is then processed as itself). */
  readonly canonicalIgnored: (canonical: string) => boolean;
  readonly ignoreNoFollowTo: boolean;
  readonly ignoreNoIndex: boolean;
  readonly ignorePaginationAttributes: boolean;
  readonly ignoreRobotsTxtRules: boolean;
  readonly maxDepth: number | undefined;
  readonly maxUrls: number | undefined;
  readonly actions: readonly ActionSettings[];
  readonly linkExtractor: string | undefined;
  readonly externalData: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  readonly maxLostRecordsPercentage: number;
  readonly maxFailedUrls: number | undefined;
  readonly initialIndexSettings: Readonly<Record<string, Record<string, unknown>>>;
  readonly hostnameAliases: Readonly<Record<string, string>>;
  readonly pathAliases: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly indexPrefix: string;
  /** The render settings for a URL `renderJavaScript` covers, undefined for one it does not. */
  readonly render: (url: string) => RenderSettings | undefined;
  /** What the crawler calls itself to sites and to robots.txt (`userAgent`). */
  readonly userAgent: string;
  /** `requestOptions.retries`: further attempts after a network error or a 5xx (default 3). */
  readonly retries: number;
  /** Whether conditional requests may spare a URL (`cache.enabled`, default true, at either level). */
  readonly cacheEnabled: (url: string) => boolean;
  /** The `login` configuration, as validated. */
  readonly login: Readonly<Record<string, unknown>> | undefined;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const record = (value: unknown): Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, any>) : {};

/**
 * A list of micromatch-style patterns, as the crawler reads `pathsToMatch` and
 * `exclusionPatterns`: a URL matches when a plain pattern matches it (or there are only
 * negations) and no `!` pattern excludes it. An empty list matches nothing.
 */
function patternList(patterns: readonly string[]): (url: string) => boolean {
  const matching = matchingPattern(patterns);
  return (url) => matching(url) !== undefined;
}

/** The pattern of the list that takes a URL (`*` when only negations are given), or undefined. */
function matchingPattern(patterns: readonly string[]): (url: string) => string | undefined {
  if (patterns.length === 0) return () => undefined;
  const positive = patterns
    .filter((p) => !p.startsWith('!'))
    .map((p) => ({ pattern: p, matches: picomatch(p, { dot: true }) }));
  const negative = patterns.filter((p) => p.startsWith('!')).map((p) => picomatch(p.slice(1), { dot: true }));
  return (url) => {
    if (negative.some((m) => m(url))) return undefined;
    if (positive.length === 0) return '*';
    return positive.find(({ matches }) => matches(url))?.pattern;
  };
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

export function readSettings(config: CrawlerConfig): CrawlSettings {
  const startUrls = strings(config.startUrls);
  const extraUrls = strings(config.extraUrls);
  const sitemaps = strings(config.sitemaps);
  // Without pathsToMatch, an action covers the hosts the configuration starts from.
  const hosts = new Set(
    [...startUrls, ...extraUrls, ...sitemaps].map(hostOf).filter((h): h is string => h !== undefined),
  );
  const sameHosts = (url: string) => hosts.has(hostOf(url) ?? '');
  const prefix = typeof config.indexPrefix === 'string' ? config.indexPrefix : '';
  const actionList = (Array.isArray(config.actions) ? config.actions : []).map(record);
  const actions: ActionSettings[] = actionList.map((item, position) => ({
    position,
    indexName: `${prefix}${String(item.indexName)}`,
    matches: item.pathsToMatch === undefined ? sameHosts : patternList(strings(item.pathsToMatch)),
    selectors: strings(item.selectorsToMatch),
    fileTypes: item.fileTypesToMatch === undefined ? ['html'] : strings(item.fileTypesToMatch),
    autoGenerateObjectIDs: item.autoGenerateObjectIDs !== false,
    extractor: String(record(item.recordExtractor).source ?? ''),
    name: typeof item.name === 'string' ? item.name : undefined,
    cache: typeof record(item.cache).enabled === 'boolean' ? (record(item.cache).enabled as boolean) : undefined,
  }));
  const discovery = patternList([
    ...strings(config.discoveryPatterns),
    ...actionList.flatMap((item) => strings(item.discoveryPatterns)),
  ]);
  const ignoredParams = patternList(strings(config.ignoreQueryParams));
  const canonical = config.ignoreCanonicalTo;
  const before = record(record(config.safetyChecks).beforeIndexPublishing);
  return {
    appId: String(config.appId ?? ''),
    apiKey: typeof config.apiKey === 'string' ? config.apiKey : undefined,
    rateLimit: typeof config.rateLimit === 'number' && config.rateLimit >= 1 ? Math.floor(config.rateLimit) : 1,
    startUrls,
    extraUrls,
    sitemaps,
    excluded: patternList(strings(config.exclusionPatterns)),
    exclusionOf: matchingPattern(strings(config.exclusionPatterns)),
    inScope: (url) => discovery(url) || actions.some((action) => action.matches(url)),
    ignoredQueryParam: ignoredParams,
    canonicalIgnored:
      canonical === true ? () => true : Array.isArray(canonical) ? patternList(strings(canonical)) : () => false,
    ignoreNoFollowTo: config.ignoreNoFollowTo === true,
    ignoreNoIndex: config.ignoreNoIndex === true,
    ignorePaginationAttributes: config.ignorePaginationAttributes !== false,
    ignoreRobotsTxtRules: config.ignoreRobotsTxtRules === true,
    maxDepth: typeof config.maxDepth === 'number' ? config.maxDepth : undefined,
    maxUrls: typeof config.maxUrls === 'number' ? config.maxUrls : undefined,
    actions,
    linkExtractor:
      typeof record(config.linkExtractor).source === 'string'
        ? (record(config.linkExtractor).source as string)
        : undefined,
    externalData: strings(config.externalData),
    headers: Object.fromEntries(
      Object.entries(record(record(config.requestOptions).headers)).filter(([, v]) => typeof v === 'string'),
    ),
    maxLostRecordsPercentage:
      typeof before.maxLostRecordsPercentage === 'number' ? before.maxLostRecordsPercentage : 10,
    maxFailedUrls: typeof before.maxFailedUrls === 'number' ? before.maxFailedUrls : undefined,
    initialIndexSettings: record(config.initialIndexSettings),
    hostnameAliases: {
      ...record(config.hostnameAliases),
      ...Object.assign({}, ...actionList.map((item) => record(item.hostnameAliases))),
    },
    pathAliases: {
      ...record(config.pathAliases),
      ...Object.assign({}, ...actionList.map((item) => record(item.pathAliases))),
    },
    indexPrefix: prefix,
    render: renderSettings(config.renderJavaScript),
    userAgent: typeof config.userAgent === 'string' && config.userAgent !== '' ? config.userAgent : USER_AGENT,
    retries: typeof record(config.requestOptions).retries === 'number' ? record(config.requestOptions).retries : 3,
    cacheEnabled: (url) =>
      record(config.cache).enabled !== false &&
      !actions.some((action) => action.cache === false && action.matches(url)),
    login: typeof config.login === 'object' && config.login !== null ? record(config.login) : undefined,
  };
}

/** `renderJavaScript` read: true renders every page, patterns the pages they match, the object form its patterns when enabled. */
function renderSettings(value: unknown): (url: string) => RenderSettings | undefined {
  if (value === true) return () => ({ waitTime: {} });
  if (Array.isArray(value)) {
    const matches = patternList(strings(value));
    return (url) => (matches(url) ? { waitTime: {} } : undefined);
  }
  const form = record(value);
  if (form.enabled !== true) return () => undefined;
  const matches = patternList(strings(form.patterns));
  const wait = record(form.waitTime);
  const waitTime = {
    ...(typeof wait.min === 'number' ? { min: wait.min } : {}),
    ...(typeof wait.max === 'number' ? { max: wait.max } : {}),
  };
  return (url) => (matches(url) ? { waitTime } : undefined);
}

/** The settings of a crawl an action-level schedule started: that action alone. */
export function forAction(settings: CrawlSettings, name: string | undefined): CrawlSettings {
  if (name === undefined) return settings;
  const actions = settings.actions.filter((action) => action.name === name);
  return { ...settings, actions, inScope: (url) => actions.some((action) => action.matches(url)) };
}

/** The settings an index is created with: `initialIndexSettings` under its full or its action name. */
export function initialSettingsFor(settings: CrawlSettings, indexName: string): Record<string, unknown> | undefined {
  const own = settings.initialIndexSettings[indexName];
  if (own) return own;
  return indexName.startsWith(settings.indexPrefix)
    ? settings.initialIndexSettings[indexName.slice(settings.indexPrefix.length)]
    : undefined;
}
