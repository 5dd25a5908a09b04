const FENCES: Record<string, string> = { ts: 'ts', js: 'js', json: 'json', html: 'html' };

/** The README: each `@@<path>` line of `source` becomes a marker and the file's text, fenced. */
export function readmeFrom(source: string, read: (path: string) => string): string {
  return source.replace(/^@@(\S+)$/gm, (_, path: string) => {
    const language = FENCES[path.slice(path.lastIndexOf('.') + 1)] ?? '';
    return `<!-- ${path} -->\n\`\`\`${language}\n${read(path).trimEnd()}\n\`\`\``;
  });
}
