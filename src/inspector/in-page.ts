import type { Snapshot } from '../emulator/core';
import type { Duration } from '../clock';
import type { Emulator } from '../emulator/emulator';
import type { ExplainRequest } from '../emulator/search/explain/types';
import type { FaultSpec } from '../emulator/faults/spec';
import { readOperation } from './model/reads';
import { journalItem, readView } from './model/views';
import { InspectorError, type InspectorTransport, type SnapshotSummary } from './transport';

/**
 * The transport to an emulator object in the same page (or the Storybook preview): every call
 * goes to the object directly. Errors become {@link InspectorError}s, as over HTTP.
 */
export function inPageTransport(
  emulator: Emulator,
  options: { readOnly?: boolean; label?: string } = {},
): InspectorTransport {
  const snapshots = new Map<string, { snapshot: Snapshot; takenAt: string }>();
  const listeners = new Set<() => void>();
  const writable = !options.readOnly;
  const write = async <T>(act: () => T | Promise<T>): Promise<T> => {
    if (!writable) throw new InspectorError(403, 'This inspector is read-only');
    return guard(act);
  };
  const now = () => new Date(emulator.clock.now()).toISOString();
  return {
    label: options.label ?? 'in-page',
    writable,
    async unlock() {
      if (!writable) throw new InspectorError(403, 'This inspector was mounted read-only');
    },
    apps: async () => ({
      apps: [{ appId: emulator.appId, now: now(), indices: emulator.core.state.indices.size }],
      appId: emulator.appId,
    }),
    selectApp() {},
    view: (name) => guard(() => readView(emulator, name)),
    read: (operation, params) => guard(() => readOperation(emulator, operation, params ?? {})),
    explain: (request) => guard(() => emulator.explain(request as unknown as ExplainRequest)),
    journal: async () => ({ entries: emulator.journal.entries.map(journalItem), dropped: emulator.journal.dropped }),
    subscribe(after, onEntry, onCleared) {
      for (const entry of emulator.journal.entries) if (entry.seq > after) onEntry(journalItem(entry));
      const stop = emulator.journal.subscribe((entry) => onEntry(journalItem(entry)), onCleared);
      listeners.add(stop);
      return () => {
        stop();
        listeners.delete(stop);
      };
    },
    clearJournal: () => write(() => emulator.journal.clear()),
    advance: (by) =>
      write(async () => {
        // The panel sends what the user typed: toMilliseconds checks it and refuses a bad one.
        await emulator.advance(by as Duration);
        return now();
      }),
    setClock: (to) =>
      write(() => {
        emulator.clock.set(to);
        return now();
      }),
    addFault: (spec) => write(() => emulator.faults.add(spec as unknown as FaultSpec).id),
    removeFault: (id) =>
      write(() => {
        if (!emulator.faults.remove(id)) throw new InspectorError(404, `No active fault ${id}`);
      }),
    clearFaults: () => write(() => emulator.faults.clear()),
    snapshot: () =>
      write(() => {
        const snapshotId = `${emulator.appId}-${snapshots.size + 1}`;
        snapshots.set(snapshotId, { snapshot: emulator.snapshot(), takenAt: now() });
        return snapshotId;
      }),
    snapshots: async (): Promise<SnapshotSummary[]> =>
      [...snapshots].map(([snapshotId, { takenAt }]) => ({ snapshotId, takenAt })),
    restore: (snapshotId) =>
      write(() => {
        const found = snapshots.get(snapshotId);
        if (!found) throw new InspectorError(404, `Snapshot ${snapshotId} does not exist`);
        emulator.restore(found.snapshot);
      }),
    reset: () => write(() => emulator.reset()),
    close() {
      for (const stop of listeners) stop();
      listeners.clear();
    },
  };
}

/** Runs `act`; an ApiError, a RangeError or a TypeError (a bad duration, a bad fault) becomes an InspectorError. */
async function guard<T>(act: () => T | Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof InspectorError) throw error;
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number') throw new InspectorError(status, (error as Error).message);
    if (error instanceof RangeError || error instanceof TypeError) throw new InspectorError(400, error.message);
    throw error;
  }
}
