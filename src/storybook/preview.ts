/**
 * The addon's preview annotation (Storybook loads it into the preview iframe): it answers the
 * panel's calls with the current story's emulator, and notes which story is rendered so that a
 * story without `withSearchEmulator` answers "no emulator" rather than the last story's.
 */
import { addons } from 'storybook/preview-api';
import { answerOnChannel } from '../inspector/channel/answer';
import { currentTransport, registry } from './registry';
import { type StoryWithParameters, warnIfUncontrolled } from './uncontrolled';

const ANSWERING = Symbol.for('search-emulator/storybook/answering');
const holder = globalThis as { [ANSWERING]?: boolean };
if (!holder[ANSWERING]) {
  holder[ANSWERING] = true;
  answerOnChannel(addons.getChannel(), currentTransport);
}

/** Runs outside every story's own decorators: the story's `withSearchEmulator` runs after it. */
const noteStory = (story: () => unknown, context: StoryWithParameters) => {
  registry().current = context.id;
  warnIfUncontrolled(context);
  return story();
};

export const decorators = [noteStory];
