/**
 * The inspector's UI as one minified file, `dist/inspector/ui.cjs` (tsup.config.ts): the page
 * the server serves at `/_inspector` loads it as a script, `search-emulator/inspector` and the
 * Storybook panel import it. One copy in the package, whatever loads it: the UI, Preact and
 * uPlot are most of the inspector's weight.
 */
import { render } from 'preact';
import { httpTransport } from '../http';
import { messageOf } from './hooks';
import { mountWith } from './mount';

/** Empties `element` of a mounted inspector without closing its transport. */
function clear(element: Element): void {
  render(null, element);
}

/**
 * The page the standalone server serves: the HTTP transport to the server it came from,
 * read-only until the admin key is typed. `?app=ID` opens that application, `?view=journal`
 * that view.
 */
function mountPage(): void {
  const query = new URLSearchParams(location.search);
  const element = document.getElementById('inspector') ?? document.body.appendChild(document.createElement('div'));
  mountWith(
    httpTransport({ url: location.origin, ...(query.get('app') ? { appId: query.get('app')! } : {}) }),
    element,
    query.get('view') ? { view: query.get('view') as never } : {},
  );
}

const ui = { mountWith, clear, messageOf, mountPage };
export type InspectorUi = typeof ui;
export default ui;
