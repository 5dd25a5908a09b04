import type { Draft } from 'immer';
import { setupEmulatorServer } from './server';
import type { EmulatorOptions } from '../../src';
import type { IndexState, State } from '../../src/emulator/state';
import { emptyIndex } from '../../src/emulator/search/store';

/** What both surfaces share: the real client's method names and parameter shapes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Api = Record<string, (params?: any) => Promise<any>>;

export const SURFACES = ['direct', 'client'] as const;
export type Surface = (typeof SURFACES)[number];

/**
 * One msw server per test file; `open(surface)` gives a fresh emulator and the API to drive
 * it: the emulator's direct calls, or the real v5 client over msw.
 */
export function setupSurfaces(options: EmulatorOptions = {}) {
  const env = setupEmulatorServer(options);
  return (surface: Surface, overrides: EmulatorOptions = {}) => {
    const { emulator, client } = env.fresh(overrides);
    const api = (surface === 'direct' ? emulator : client) as unknown as Api;
    return { emulator, client, api };
  };
}

/** Puts an index straight into the state (replicas, settings) without the settings routes. */
export function seedIndex(
  emulator: { core: { commit(recipe: (draft: Draft<State>) => void): unknown } },
  name: string,
  patch: Partial<IndexState>,
): void {
  emulator.core.commit((draft) => {
    draft.indices.set(name, { ...emptyIndex(name, 0), ...patch } as Draft<IndexState>);
  });
}

/** What a rejected call answered, whichever surface threw it; undefined when it succeeded. */
export async function refusal(promise: Promise<unknown>): Promise<{ status?: number; message?: string } | undefined> {
  try {
    await promise;
  } catch (error) {
    const { status, message } = error as { status?: number; message?: string };
    return { status, message };
  }
  return undefined;
}

/** Asserts a rejected call's status and message, whichever surface threw it. */
export async function rejects(promise: Promise<unknown>, status: number, message: string | RegExp): Promise<void> {
  const answer = await refusal(promise);
  const { status: actual, message: text } = answer ?? {};
  if (actual !== status || !(typeof message === 'string' ? text === message : message.test(text ?? ''))) {
    throw new Error(
      `expected ${status} "${String(message)}", got ${answer === undefined ? 'success' : `${actual} "${text}"`}`,
    );
  }
}

/**
 * Asserts a rejected request left the given state slices exactly as they were (by default the
 * indices and the tasks; other slices, such as the API log, record every request and may change).
 */
export function expectUnchanged(
  emulator: { core: { state: State } },
  before: State,
  slices: readonly (keyof State)[] = ['indices', 'tasks'],
): void {
  const changed = slices.filter((slice) => emulator.core.state[slice] !== before[slice]);
  if (changed.length > 0) throw new Error(`a rejected request changed ${changed.join(', ')}`);
}
