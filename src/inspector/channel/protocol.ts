/**
 * The inspector over a message channel (Storybook's, between the manager's panel and the preview
 * iframe where the story's emulator lives): every transport call is a `call` event answered by
 * a `result` event with the same ID; a subscription's entries come as `entry` / `cleared` events
 * carrying the subscription's call ID. Each event carries one argument, the message as JSON
 * text: Storybook's channel serialises objects with telejson, which turns every string shaped
 * like an ISO date into a Date (the clock's time, a task's publication) and drops undefined.
 */
export interface InspectorChannel {
  emit(event: string, ...args: unknown[]): void;
  on(event: string, listener: (...args: any[]) => void): void;
  off(event: string, listener: (...args: any[]) => void): void;
}

const PREFIX = 'search-emulator/inspector';

export const EVENTS = {
  call: `${PREFIX}/call`,
  result: `${PREFIX}/result`,
  entry: `${PREFIX}/entry`,
  cleared: `${PREFIX}/cleared`,
} as const;

/** Emits `message` on `channel` as JSON text. */
export function send(channel: InspectorChannel, event: string, message: unknown): void {
  channel.emit(event, JSON.stringify(message));
}

/** Listens to `event` on `channel`, parsing each message; answers the function that stops. */
export function listen<T>(channel: InspectorChannel, event: string, listener: (message: T) => void): () => void {
  const parse = (text: unknown) => {
    if (typeof text === 'string') listener(JSON.parse(text) as T);
  };
  channel.on(event, parse);
  return () => channel.off(event, parse);
}

/** The transport methods a call may name (`describe` opens a connection, `unsubscribe` ends one). */
export const CALLS = [
  'describe',
  'unlock',
  'apps',
  'view',
  'read',
  'explain',
  'journal',
  'subscribe',
  'unsubscribe',
  'clearJournal',
  'advance',
  'setClock',
  'addFault',
  'removeFault',
  'clearFaults',
  'snapshot',
  'snapshots',
  'restore',
  'reset',
] as const;

export type CallName = (typeof CALLS)[number];

export interface CallMessage {
  readonly id: string;
  readonly method: CallName;
  readonly args: readonly unknown[];
}

export type ResultMessage =
  | { readonly id: string; readonly ok: true; readonly value?: unknown }
  | { readonly id: string; readonly ok: false; readonly status: number; readonly message: string };

/** What `describe` answers: the transport's label and whether it writes. */
export interface Description {
  readonly label: string;
  readonly writable: boolean;
}
