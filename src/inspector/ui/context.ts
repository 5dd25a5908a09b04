import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { InspectorTransport } from '../transport';

export interface InspectorContext {
  readonly transport: InspectorTransport;
  /** Whether the write buttons work now (unlocked, not mounted read-only). */
  readonly writable: boolean;
  /** Grows with every request the journal files and every write the inspector makes: views reload on it. */
  readonly version: number;
  /** Tells every view that the inspector changed something. */
  readonly changed: () => void;
  /** Reports an error of an action (shown in the status line). */
  readonly report: (message: string) => void;
  /** Opens another view (an index from the indices list, ...). */
  readonly go: (view: string, detail?: string) => void;
}

export const Inspector = createContext<InspectorContext>(null as unknown as InspectorContext);

export const useInspector = (): InspectorContext => useContext(Inspector);
