/** A bench child process driven by messages: one command at a time, one answer each (see {@link serve} for the child's side). */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** In the child: answers each command the parent sends; a failure ends the process (the parent's ask rejects). */
export function serve<Command, Answer>(answer: (command: Command) => Promise<Answer>): void {
  process.on('message', (command: Command) => {
    answer(command).then(
      (result) => process.send!(result),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

export class BenchProcess<Command extends { kind: string }, Answer> {
  private readonly child: ChildProcess;
  private pending: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | undefined;

  /** Forks `script` (a file beside this one), with `flags` for its Node (`--expose-gc`). */
  constructor(
    script: string,
    readonly name: string,
    flags: readonly string[] = [],
  ) {
    this.child = fork(fileURLToPath(new URL(script, import.meta.url)), {
      execArgv: [...process.execArgv, ...flags],
    });
    this.child.on('message', (answer) => {
      const pending = this.pending;
      this.pending = undefined;
      pending?.resolve(answer as Answer);
    });
    this.child.on('exit', (code) => this.pending?.reject(new Error(`${name}: bench process exited with ${code}`)));
  }

  ask(command: Command): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(command);
    });
  }

  /** Ends the process and waits until it is gone. */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.send({ kind: 'exit' });
    });
  }
}
