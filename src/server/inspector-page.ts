import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the server serves the inspector (docs/inspector.md); no path of the real APIs starts with it. */
export const INSPECTOR_PREFIX = '/_inspector';

// The inspector's UI bundle (src/inspector/ui/bundle.ts) sits in dist/inspector/ beside the
// server's bundle; from the sources (the repository's own tests) it is two folders up, in dist/.
// tsup's shims give `import.meta.url` its CommonJS equivalent in the .cjs build.
const here = (): string => dirname(fileURLToPath(import.meta.url));

let cached: Buffer | undefined;

function script(): Buffer | undefined {
  if (cached) return cached;
  for (const candidate of [
    join(here(), 'inspector', 'ui.cjs'),
    join(here(), '..', '..', 'dist', 'inspector', 'ui.cjs'),
  ]) {
    if (existsSync(candidate)) return (cached = readFileSync(candidate));
  }
  return undefined;
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>search-emulator inspector</title>
</head>
<body>
<div id="inspector"></div>
<script src="${INSPECTOR_PREFIX}/app.js"></script>
<script>searchEmulatorInspector.default.mountPage()</script>
</body>
</html>
`;

/** Whether `pathname` is the inspector's page or script. */
export function isInspectorPath(pathname: string): boolean {
  return pathname === INSPECTOR_PREFIX || pathname.startsWith(`${INSPECTOR_PREFIX}/`);
}

/** Answers the inspector's page (`/_inspector`) or its script (`/_inspector/app.js`). */
export function serveInspector(method: string, pathname: string, outgoing: ServerResponse): void {
  const json = (status: number, message: string) => {
    outgoing.writeHead(status, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ message, status }));
  };
  if (method !== 'GET' && method !== 'HEAD') return json(404, `Method ${method} is not allowed on ${pathname}`);
  if (pathname === INSPECTOR_PREFIX || pathname === `${INSPECTOR_PREFIX}/`) {
    outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    outgoing.end(method === 'HEAD' ? undefined : PAGE);
    return;
  }
  if (pathname === `${INSPECTOR_PREFIX}/app.js`) {
    const body = script();
    if (!body) return json(404, 'The inspector is not built: run `npm run build` (dist/inspector/ui.cjs is missing)');
    outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    outgoing.end(method === 'HEAD' ? undefined : body);
    return;
  }
  json(404, `No inspector file ${pathname}: the inspector is at ${INSPECTOR_PREFIX}`);
}
