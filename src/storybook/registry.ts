import type { Emulator } from '../emulator/emulator';
import { inPageTransport } from '../inspector/in-page';
import { InspectorError, type InspectorTransport } from '../inspector/transport';

/** What a story gave `withSearchEmulator`. */
export interface StoryEmulator {
  readonly emulator: Emulator;
  readonly readOnly: boolean;
}

interface Registry {
  /** The story being rendered (its ID), set by the preview annotation's decorator. */
  current?: string;
  readonly stories: Map<string, StoryEmulator>;
  /** One transport per emulator, so that snapshots taken in the panel outlive a remount. */
  readonly transports: WeakMap<Emulator, InspectorTransport>;
}

// On globalThis: the story files and the preview annotation may be bundled apart (Vite's
// dependency optimiser), and must still see one registry.
const KEY = Symbol.for('search-emulator/storybook');

export function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  return (holder[KEY] ??= { stories: new Map(), transports: new WeakMap() });
}

/** The in-page transport of the current story's emulator; a 404 when the story has none. */
export function currentTransport(): InspectorTransport {
  const { current, stories, transports } = registry();
  const found = current === undefined ? undefined : stories.get(current);
  if (!found)
    throw new InspectorError(
      404,
      current === undefined
        ? 'No story is rendered yet'
        : `The story ${current} has no emulator: add withSearchEmulator(emulator) from search-emulator/storybook to its decorators`,
    );
  let transport = transports.get(found.emulator);
  if (!transport) {
    transport = inPageTransport(found.emulator, { readOnly: found.readOnly, label: 'storybook' });
    transports.set(found.emulator, transport);
  }
  return transport;
}
