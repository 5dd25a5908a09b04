import { InspectorError, type InspectorTransport, type JournalItem } from '../transport';
import {
  EVENTS,
  listen,
  send as emit,
  type CallMessage,
  type CallName,
  type Description,
  type InspectorChannel,
  type ResultMessage,
} from './protocol';

// Call IDs are unique across every client on the page: a remounted panel shares the channel.
let counter = 0;
const nextId = () => `c${++counter}`;

/**
 * Connects to the inspector's answerer on the other end of `channel` (the Storybook preview):
 * resolves with a transport once it answered, rejects with its error (404 when the story has no
 * emulator). Every call is forwarded; nothing is computed here.
 */
export async function channelTransport(
  channel: InspectorChannel,
  options: { readonly label?: string; readonly signal?: AbortSignal } = {},
): Promise<InspectorTransport> {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const subscriptions = new Map<string, { onEntry: (entry: JournalItem) => void; onCleared: () => void }>();
  const onResult = (message: ResultMessage) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new InspectorError(message.status, message.message));
  };
  const onEntry = ({ id, entry }: { id: string; entry: JournalItem }) => subscriptions.get(id)?.onEntry(entry);
  const onCleared = ({ id }: { id: string }) => subscriptions.get(id)?.onCleared();
  const stops = [
    listen(channel, EVENTS.result, onResult),
    listen(channel, EVENTS.entry, onEntry),
    listen(channel, EVENTS.cleared, onCleared),
  ];

  const send = (method: CallName, args: readonly unknown[], id = nextId()): Promise<any> =>
    new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      emit(channel, EVENTS.call, { id, method, args } satisfies CallMessage);
    });
  const close = () => {
    options.signal?.removeEventListener('abort', close);
    for (const id of subscriptions.keys()) void send('unsubscribe', [id]).catch(() => undefined);
    subscriptions.clear();
    for (const stop of stops) stop();
    for (const waiting of pending.values()) waiting.reject(new InspectorError(499, 'The inspector was closed'));
    pending.clear();
  };

  // Aborting (the panel went away before the other end answered) lets go of the listeners.
  options.signal?.addEventListener('abort', close, { once: true });
  let description: Description;
  try {
    description = (await send('describe', [])) as Description;
  } catch (error) {
    close();
    throw error;
  }
  let writable = description.writable;
  return {
    label: options.label ?? description.label,
    get writable() {
      return writable;
    },
    async unlock(adminApiKey) {
      await send('unlock', [adminApiKey]);
      writable = true;
    },
    apps: () => send('apps', []),
    selectApp() {},
    view: (name) => send('view', [name]),
    read: (operation, params) => send('read', [operation, params ?? {}]),
    explain: (request) => send('explain', [request]),
    journal: () => send('journal', []),
    subscribe(after, onEntryOf, onClearedOf) {
      const id = nextId();
      subscriptions.set(id, { onEntry: onEntryOf, onCleared: onClearedOf });
      void send('subscribe', [after], id).catch(() => subscriptions.delete(id));
      return () => {
        if (subscriptions.delete(id)) void send('unsubscribe', [id]).catch(() => undefined);
      };
    },
    clearJournal: () => send('clearJournal', []),
    advance: (by) => send('advance', [by]),
    setClock: (to) => send('setClock', [to]),
    addFault: (spec) => send('addFault', [spec]),
    removeFault: (id) => send('removeFault', [id]),
    clearFaults: () => send('clearFaults', []),
    snapshot: () => send('snapshot', []),
    snapshots: () => send('snapshots', []),
    restore: (snapshotId) => send('restore', [snapshotId]),
    reset: () => send('reset', []),
    close,
  };
}
