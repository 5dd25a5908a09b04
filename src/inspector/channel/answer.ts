import { InspectorError, type InspectorTransport } from '../transport';
import {
  CALLS,
  EVENTS,
  listen,
  send,
  type CallMessage,
  type Description,
  type InspectorChannel,
  type ResultMessage,
} from './protocol';

/**
 * Answers the inspector's calls arriving on `channel` with `transportOf()`'s transport (the
 * in-page transport of the current story's emulator; it throws an InspectorError when there is
 * none). Answers the stop function.
 */
export function answerOnChannel(channel: InspectorChannel, transportOf: () => InspectorTransport): () => void {
  const subscriptions = new Map<string, () => void>();
  const reply = (message: ResultMessage) => send(channel, EVENTS.result, message);

  const run = async ({ id, method, args }: CallMessage): Promise<unknown> => {
    if (!(CALLS as readonly string[]).includes(method))
      throw new InspectorError(400, `Unknown inspector call ${method}`);
    if (method === 'unsubscribe') {
      const subscription = String(args[0]);
      subscriptions.get(subscription)?.();
      subscriptions.delete(subscription);
      return undefined;
    }
    const transport = transportOf();
    switch (method) {
      case 'describe':
        return { label: transport.label, writable: transport.writable } satisfies Description;
      case 'subscribe':
        subscriptions.get(id)?.();
        subscriptions.set(
          id,
          transport.subscribe(
            Number(args[0] ?? 0),
            (entry) => send(channel, EVENTS.entry, { id, entry }),
            () => send(channel, EVENTS.cleared, { id }),
          ),
        );
        return undefined;
      case 'view':
        return transport.view(args[0] as never);
      case 'read':
        return transport.read(String(args[0]), args[1] as Record<string, unknown>);
      case 'explain':
        return transport.explain(args[0] as Record<string, unknown>);
      case 'unlock':
        return transport.unlock(String(args[0]));
      case 'advance':
      case 'setClock':
        return transport[method](args[0] as string | number);
      case 'addFault':
        return transport.addFault(args[0] as Record<string, unknown>);
      case 'removeFault':
        return transport.removeFault(Number(args[0]));
      case 'restore':
        return transport.restore(String(args[0]));
      default:
        return transport[method]();
    }
  };

  const onCall = (message: CallMessage) => {
    run(message).then(
      (value) => reply({ id: message.id, ok: true, value }),
      (error: unknown) =>
        reply({
          id: message.id,
          ok: false,
          status: error instanceof InspectorError ? error.status : 500,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };
  const stopListening = listen(channel, EVENTS.call, onCall);
  return () => {
    stopListening();
    for (const stop of subscriptions.values()) stop();
    subscriptions.clear();
  };
}
