/**
 * `search-emulator/storybook`: the Storybook addon (docs/inspector.md, "Storybook"). Listed in
 * `.storybook/main` as `addons: ['search-emulator/storybook']`, Storybook loads its manager
 * entry (the "Search emulator" panel) and its preview annotation; a story hands its emulator to
 * the panel with the `withSearchEmulator` decorator exported here. Nothing here imports
 * Storybook: a story file may import it anywhere.
 */
import type { Emulator } from '../emulator/emulator';
import { registry } from './registry';

export interface WithSearchEmulatorOptions {
  /** Keep the panel read-only for this story (its write buttons disabled). */
  readonly readOnly?: boolean;
}

/** The part of Storybook's story context the decorator reads. */
export interface StoryContextLike {
  readonly id: string;
}

/**
 * A decorator that shows `emulator` in the "Search emulator" panel while the story is open.
 *
 * @example
 * export default { title: 'Products', decorators: [withSearchEmulator(emulator)] };
 */
export function withSearchEmulator(
  emulator: Emulator,
  options: WithSearchEmulatorOptions = {},
): <Result>(story: () => Result, context: StoryContextLike) => Result {
  return (story, context) => {
    const found = registry();
    found.stories.set(context.id, { emulator, readOnly: options.readOnly === true });
    found.current = context.id;
    return story();
  };
}
