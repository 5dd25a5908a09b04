import type { InspectorChannel } from '../../src/inspector/channel/protocol';

type Listener = (...args: any[]) => void;

// What Storybook's channel (telejson) does to a string shaped like an ISO date: a Date.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const revive = (value: unknown): unknown => {
  if (typeof value === 'string') return ISO_DATE.test(value) ? new Date(value) : value;
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revive(inner)]));
  return value;
};

/**
 * Two ends of a channel as Storybook's: what one end emits reaches both ends' listeners (its
 * own too), later (postMessage is asynchronous), serialised as telejson does (undefined
 * dropped, ISO-date strings revived as Dates).
 */
export function channelPair(): { preview: InspectorChannel; manager: InspectorChannel; sent: string[] } {
  const listeners = new Map<string, Set<Listener>>();
  const sent: string[] = [];
  const end = (): InspectorChannel => ({
    emit(event, ...args) {
      const wire = JSON.stringify(args);
      sent.push(event);
      setImmediate(() => {
        for (const listener of [...(listeners.get(event) ?? [])]) listener(...(revive(JSON.parse(wire)) as unknown[]));
      });
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  });
  return { preview: end(), manager: end(), sent };
}
