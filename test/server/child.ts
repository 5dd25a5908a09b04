import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/search-emulator.js', import.meta.url));

export interface ChildServer {
  readonly url: string;
  /** `127.0.0.1:port`, as the clients' custom hosts take it. */
  readonly host: string;
  readonly child: ChildProcess;
  /** Everything the server printed so far. */
  readonly output: string[];
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** The exit code, once the process has exited. */
  readonly exited: Promise<number | null>;
}

/** Starts `search-emulator serve --port 0 ...args` (the built package) and waits for its URL. */
export function startChild(args: readonly string[] = []): Promise<ChildServer> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      const url = output.map((line) => /listening on (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);
      if (url) {
        resolve({
          url,
          host: url.replace('http://', ''),
          child,
          output,
          exited,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`search-emulator exited with ${code} before listening:\n${output.join('\n')}`)),
    );
  });
}

/** Runs the CLI to completion (for its refusals and --help): exit code and output. */
export function runCli(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
