/**
 * What installing search-emulator adds to a project's node_modules: the packages reachable only
 * through it (nothing else the project installs needs them), their count and size on disk.
 *
 *   npx tsx scripts/footprint.ts <project folder>
 *
 * `npm run test:consumers` checks the Jest recipe against the limits of docs/packaging.md.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Footprint {
  /** node_modules paths of the packages only search-emulator brings, itself included. */
  readonly packages: readonly string[];
  /** Their size on disk (files, each package without its own node_modules), in bytes. */
  readonly bytes: number;
}

/** Where each package `npm query` selects lives, relative to the project. */
function locations(project: string, selector: string): Set<string> {
  const out = execFileSync('npm', ['query', selector], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return new Set((JSON.parse(out) as { location: string }[]).map((node) => node.location).filter(Boolean));
}

/** Bytes of the files under `dir`, leaving out nested node_modules (packages of their own). */
function sizeOf(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') bytes += sizeOf(path);
    } else bytes += lstatSync(path).size;
  }
  return bytes;
}

export function footprint(project: string, name = 'search-emulator'): Footprint {
  const all = locations(project, '*');
  const others = locations(project, `:root > :not(#${name}), :root > :not(#${name}) *`);
  const packages = [...all].filter((location) => !others.has(location)).sort();
  return { packages, bytes: packages.reduce((sum, location) => sum + sizeOf(join(project, location)), 0) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const project = resolve(process.argv[2] ?? '.');
  const { packages, bytes } = footprint(project);
  console.log(`${packages.length} packages, ${(bytes / 1e6).toFixed(2)} MB:`);
  for (const location of packages) console.log(`  ${location}`);
}
