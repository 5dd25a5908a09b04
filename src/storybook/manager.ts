/**
 * The addon's manager entry (Storybook loads it into its own page): the "Search emulator"
 * panel, the inspector's UI over Storybook's channel. The story's emulator stays in the preview
 * iframe; the panel only forwards calls (src/inspector/channel/). `react` and `storybook/*` are
 * the manager's own (Storybook maps them to its globals); Preact and the UI are bundled here.
 */
import { createElement, useEffect, useRef, useState } from 'react';
import { STORY_RENDERED } from 'storybook/internal/core-events';
import { addons, types } from 'storybook/manager-api';
import { channelTransport } from '../inspector/channel/client';
import type { InspectorChannel } from '../inspector/channel/protocol';
import ui from '../inspector/ui/bundle';
import type { MountedInspector } from '../inspector/ui/mount';

export const ADDON_ID = 'search-emulator';
export const PANEL_ID = `${ADDON_ID}/panel`;

addons.register(ADDON_ID, () => {
  addons.add(PANEL_ID, {
    type: types.PANEL,
    title: 'Search emulator',
    render: ({ active }: { active?: boolean }) =>
      createElement(Panel, { active: active === true, channel: addons.getChannel() }),
  });
});

/**
 * Mounts the inspector the first time the panel is shown, and again whenever another story is
 * rendered (each story may hold its own emulator); kept mounted, hidden, while another panel is
 * shown, so the journal keeps filling.
 */
function Panel({ active, channel }: { active: boolean; channel: InspectorChannel }) {
  const element = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(active);
  const [story, setStory] = useState<string>();
  const [message, setMessage] = useState('Waiting for the story…');
  if (active && !opened) setOpened(true);

  useEffect(() => {
    const onRendered = (storyId: string) => setStory(storyId);
    channel.on(STORY_RENDERED, onRendered);
    return () => channel.off(STORY_RENDERED, onRendered);
  }, [channel]);

  useEffect(() => {
    const target = element.current;
    if (!opened || !target) return;
    const controller = new AbortController();
    let mounted: MountedInspector | undefined;
    channelTransport(channel, { signal: controller.signal }).then(
      (transport) => {
        if (controller.signal.aborted) return transport.close();
        setMessage('');
        mounted = ui.mountWith(transport, target);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setMessage(ui.messageOf(error));
      },
    );
    return () => {
      controller.abort();
      mounted?.unmount();
    };
  }, [opened, story, channel]);

  return createElement(
    'div',
    { hidden: !active, style: { height: '100%', overflow: 'auto' } },
    message
      ? createElement('p', { role: 'status', style: { margin: '1rem', font: '14px system-ui, sans-serif' } }, message)
      : null,
    createElement('div', { ref: element, style: { height: '100%' } }),
  );
}
