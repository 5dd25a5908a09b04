import type { LogLine } from '../state';

/**
 * The lines of one build, in order. Context level 0 is the build itself, 1 a source index,
 * 2 a query or record of that source (a line belongs to the closest line above it with a
 * level one less). The wording is the emulator's, except skipped queries for `minHits`,
 * which follow the service's documented example.
 */
export class BuildLog {
  readonly lines: LogLine[] = [];

  constructor(private readonly at: number) {}

  info(contextLevel: number, message: string): void {
    this.lines.push({ at: this.at, level: 'INFO', message, contextLevel });
  }

  skip(contextLevel: number, message: string): void {
    this.lines.push({ at: this.at, level: 'SKIP', message, contextLevel });
  }

  error(contextLevel: number, message: string): void {
    this.lines.push({ at: this.at, level: 'ERROR', message, contextLevel });
  }

  get failed(): boolean {
    return this.lines.some((line) => line.level === 'ERROR');
  }
}

/** `"a"`, quoted as the log quotes names and queries. */
export const quote = (text: string) => JSON.stringify(text);

/** The log as the endpoint serves it: one JSON object per line, each line ended (RFC 3339 timestamps). */
export function jsonLines(lines: readonly LogLine[]): string {
  let text = '';
  for (const line of lines) {
    text += `${JSON.stringify({ timestamp: new Date(line.at).toISOString(), level: line.level, message: line.message, contextLevel: line.contextLevel })}\n`;
  }
  return text;
}
