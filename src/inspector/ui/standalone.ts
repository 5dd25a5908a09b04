import { httpTransport } from '../http';
import { mountWith } from './mount';

/**
 * The page the standalone server serves at `/_inspector`: the HTTP transport to the server
 * it came from, read-only until the admin key is typed. `?app=ID` opens that application,
 * `?view=journal` that view.
 */
const query = new URLSearchParams(location.search);
const element = document.getElementById('inspector') ?? document.body.appendChild(document.createElement('div'));
mountWith(
  httpTransport({ url: location.origin, ...(query.get('app') ? { appId: query.get('app')! } : {}) }),
  element,
  query.get('view') ? { view: query.get('view') as never } : {},
);
