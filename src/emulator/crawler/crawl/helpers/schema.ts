import type { CheerioAPI } from 'cheerio';
import { pathDepth } from '../urls';
import { bareUrl, clean, metaContent, textOf } from './text';

/** What `helpers.article`, `helpers.product` and `helpers.page` take (the templates pass `{ url, $ }`). */
export interface PageInput {
  url?: URL | string;
  $?: CheerioAPI;
}

type JsonLd = Record<string, unknown>;

/** Every JSON-LD object of the page: top-level ones, arrays and `@graph` members; unreadable scripts are skipped. */
function jsonLdObjects($: CheerioAPI): JsonLd[] {
  const out: JsonLd[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      out.push(value as JsonLd);
      const graph = (value as JsonLd)['@graph'];
      if (graph !== undefined) visit(graph);
    }
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      visit(JSON.parse($(element).text()));
    } catch {
      // A page's broken JSON-LD is its own problem: the helpers read what they can.
    }
  });
  return out;
}

const typesOf = (item: JsonLd): string[] => {
  const type = item['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
};

const findType = (items: JsonLd[], types: ReadonlySet<string>) =>
  items.find((item) => typesOf(item).some((type) => types.has(type)));

/** A JSON-LD value as text: strings as they are, `{ name }` or `{ url }` objects by that field, numbers written out. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return asText(value[0]);
  if (typeof value === 'object' && value !== null) {
    const item = value as JsonLd;
    return asText(item.name) ?? asText(item.url) ?? asText(item['@id']);
  }
  return undefined;
}

/** A JSON-LD value as a list of texts (a comma-separated string is split). */
function asList(value: unknown, splitCommas = false): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const texts = items
    .flatMap((item) => (splitCommas && typeof item === 'string' ? item.split(',') : [item]))
    .map(asText)
    .filter((text): text is string => text !== undefined);
  return texts.length > 0 ? texts : undefined;
}

/** Drops undefined fields, so a record holds only what the page gave. */
const defined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

function inputOf(input: PageInput | undefined, fallback: { $: CheerioAPI; url: URL }, name: string) {
  if (input !== undefined && (typeof input !== 'object' || input === null))
    throw new TypeError(`helpers.${name}: the argument must be an object { url, $ }`);
  const $ = input?.$ ?? fallback.$;
  const given = input?.url ?? fallback.url;
  const url = typeof given === 'string' ? new URL(given) : given;
  if (typeof $ !== 'function' || typeof (url as { href?: unknown } | undefined)?.href !== 'string')
    throw new TypeError(`helpers.${name}: \`url\` and \`$\` must be the extractor's own`);
  return { $, url: new URL(url.href) };
}

/** The fields every page-level helper shares: where the record comes from and how deep it is. */
function baseFields($: CheerioAPI, url: URL) {
  const bare = bareUrl(url);
  return { objectID: bare, url: bare, lang: $('html').attr('lang') || undefined, depth: pathDepth(bare) };
}

/** The main text of the page: `<article>`, else `<main>`, else `<body>`. */
function mainText($: CheerioAPI): string | undefined {
  for (const selector of ['article', 'main', 'body']) {
    const found = $(selector).first();
    if (found.length > 0) {
      const text = textOf(found);
      if (text !== '') return text;
    }
  }
  return undefined;
}

/** schema.org's Article and the types below it: a page declaring one is an article. */
const ARTICLE_TYPES = new Set([
  'Article',
  'AdvertiserContentArticle',
  'NewsArticle',
  'AnalysisNewsArticle',
  'AskPublicNewsArticle',
  'BackgroundNewsArticle',
  'OpinionNewsArticle',
  'ReportageNewsArticle',
  'ReviewNewsArticle',
  'Report',
  'SatiricalArticle',
  'ScholarlyArticle',
  'MedicalScholarlyArticle',
  'SocialMediaPosting',
  'BlogPosting',
  'LiveBlogPosting',
  'DiscussionForumPosting',
  'TechArticle',
  'APIReference',
]);

/** The JSON-LD types the docs list for a product page. */
const PRODUCT_TYPES = new Set([
  'Product',
  'DietarySupplement',
  'Drug',
  'IndividualProduct',
  'ProductCollection',
  'ProductGroup',
  'ProductModel',
  'SomeProducts',
  'Vehicle',
]);

const headlineOf = ($: CheerioAPI) =>
  metaContent($, 'meta[property="og:title"]', 'meta[name="twitter:title"]') ??
  (clean($('head > title').first().text()) || clean($('h1').first().text()) || undefined);

const descriptionOf = ($: CheerioAPI) =>
  metaContent($, 'meta[name="description"]', 'meta[property="og:description"]', 'meta[name="twitter:description"]');

const imageOf = ($: CheerioAPI) => metaContent($, 'meta[property="og:image"]', 'meta[name="twitter:image"]');

const articleTags = ($: CheerioAPI) => {
  const tags = $('meta[property="article:tag"]')
    .toArray()
    .map((element) => ($(element).attr('content') ?? '').trim())
    .filter(Boolean);
  return tags.length > 0 ? tags : undefined;
};

/**
 * `helpers.article({ url, $ })`: one record for an article page (a JSON-LD article type, or
 * `og:type` `article`), none for any other page. Headline, description and image come from
 * the meta tags in the documented order; keywords, authors, dates and category from the
 * JSON-LD article; `content` is the article's text.
 */
export function article(input: PageInput | undefined, fallback: { $: CheerioAPI; url: URL }) {
  const { $, url } = inputOf(input, fallback, 'article');
  const items = jsonLdObjects($);
  const ld = findType(items, ARTICLE_TYPES);
  const ogType = metaContent($, 'meta[property="og:type"]');
  if (!ld && ogType?.toLowerCase() !== 'article') return [];
  const data = ld ?? {};
  return [
    defined({
      ...baseFields($, url),
      headline: headlineOf($) ?? asText(data.headline) ?? '',
      description: descriptionOf($) ?? asText(data.description),
      keywords: asList(data.keywords, true),
      tags: articleTags($),
      image: imageOf($) ?? asText(data.image),
      authors:
        asList(data.author) ??
        asList(
          $('meta[property="article:author"]')
            .toArray()
            .map((element) => $(element).attr('content')),
        ),
      datePublished: asText(data.datePublished) ?? metaContent($, 'meta[property="article:published_time"]'),
      dateModified: asText(data.dateModified) ?? metaContent($, 'meta[property="article:modified_time"]'),
      category:
        asText(data.articleSection) ?? asText(data.category) ?? metaContent($, 'meta[property="article:section"]'),
      content: mainText($),
    }),
  ];
}

/** The first offer's price in the documented order: `price`, `highPrice`, `lowPrice`. */
function priceOf(offers: unknown): { price?: string; currency?: string } {
  const offer = (Array.isArray(offers) ? offers[0] : offers) as JsonLd | undefined;
  if (typeof offer !== 'object' || offer === null) return {};
  return {
    price: asText(offer.price) ?? asText(offer.highPrice) ?? asText(offer.lowPrice),
    currency: asText(offer.priceCurrency),
  };
}

/**
 * `helpers.product({ url, $ })`: one record for a product page (one of the documented JSON-LD
 * product types), none for any other page: name, sku, description, image, price, currency and
 * category from the JSON-LD product.
 */
export function product(input: PageInput | undefined, fallback: { $: CheerioAPI; url: URL }) {
  const { $, url } = inputOf(input, fallback, 'product');
  const ld = findType(jsonLdObjects($), PRODUCT_TYPES);
  if (!ld) return [];
  return [
    defined({
      ...baseFields($, url),
      name: asText(ld.name),
      sku: asText(ld.sku) ?? '',
      description: asText(ld.description),
      image: asText(ld.image),
      ...priceOf(ld.offers),
      category: asText(ld.category),
    }),
  ];
}

/**
 * `helpers.page({ url, $ })`: one record for any page: title, description, keywords, image,
 * authors, dates and category from the meta tags (and a JSON-LD article when there is one),
 * `content` the page's main text.
 */
export function page(input: PageInput | undefined, fallback: { $: CheerioAPI; url: URL }) {
  const { $, url } = inputOf(input, fallback, 'page');
  const ld = findType(jsonLdObjects($), ARTICLE_TYPES) ?? {};
  const keywords = metaContent($, 'meta[name="keywords"]');
  return [
    defined({
      ...baseFields($, url),
      title:
        metaContent($, 'meta[property="og:title"]') ??
        (clean($('head > title').first().text()) || clean($('h1').first().text()) || undefined),
      description: descriptionOf($),
      keywords: asList(keywords, true) ?? articleTags($),
      image: imageOf($),
      authors: asList(ld.author),
      datePublished: asText(ld.datePublished) ?? metaContent($, 'meta[property="article:published_time"]'),
      dateModified: asText(ld.dateModified) ?? metaContent($, 'meta[property="article:modified_time"]'),
      category: asText(ld.articleSection) ?? metaContent($, 'meta[property="article:section"]'),
      content: mainText($) ?? '',
    }),
  ];
}
