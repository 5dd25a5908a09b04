/** The optional package that reads PDF text (PDF.js, packaged to run anywhere). */
export const PDF_PACKAGE = 'unpdf';

type Unpdf = typeof import('unpdf');

let loading: Promise<Unpdf | Error> | undefined;

function loadUnpdf(): Promise<Unpdf | Error> {
  const id = PDF_PACKAGE;
  return (loading ??= (import(/* @vite-ignore */ /* webpackIgnore: true */ id) as Promise<Unpdf>).then(
    (module) => module,
    () =>
      new Error(
        `PDF documents need the optional package ${PDF_PACKAGE}: install it (npm install --save-dev ${PDF_PACKAGE}) to extract them`,
      ),
  ));
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What converting a document gave: basic HTML for `$`, or why it could not be read. */
export type Converted = { readonly html: string } | { readonly error: string };

/**
 * A PDF as the basic HTML the real crawler makes of a document (it converts documents with
 * Apache Tika): the document's title and metadata in `<head>`, one `<div class="page">` per
 * page holding its text in paragraphs (a blank line in the text starts a paragraph). Headings
 * and lists are not recognized, as on the real crawler.
 */
export async function convertPdf(bytes: Uint8Array): Promise<Converted> {
  const unpdf = await loadUnpdf();
  if (unpdf instanceof Error) return { error: unpdf.message };
  try {
    // PDF.js takes ownership of the buffer it reads: give it a copy.
    const pdf = await unpdf.getDocumentProxy(new Uint8Array(bytes));
    const { text } = await unpdf.extractText(pdf, { mergePages: false });
    const { info } = await unpdf.getMeta(pdf);
    const meta = (info ?? {}) as Record<string, unknown>;
    const head = [
      typeof meta.Title === 'string' && meta.Title !== '' ? `<title>${escapeHtml(meta.Title)}</title>` : '',
      ...(['Author', 'Subject', 'Keywords', 'Creator'] as const)
        .filter((name) => typeof meta[name] === 'string' && meta[name] !== '')
        .map((name) => `<meta name="${name.toLowerCase()}" content="${escapeHtml(String(meta[name]))}">`),
    ].join('');
    const pages = (text as string[]).map((page) => {
      const paragraphs = page
        .split(/\n\s*\n/)
        .map((part) => part.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .map((part) => `<p>${escapeHtml(part)}</p>`);
      return `<div class="page">${paragraphs.join('')}</div>`;
    });
    await pdf.destroy();
    return { html: `<!DOCTYPE html><html><head>${head}</head><body>${pages.join('')}</body></html>` };
  } catch (error) {
    return { error: `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
