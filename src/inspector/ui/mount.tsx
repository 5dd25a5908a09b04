import { render } from 'preact';
import type { InspectorTransport } from '../transport';
import { App, type ViewId } from './app';

export interface MountOptions {
  /** The view opened first (default `'applications'`). */
  readonly view?: ViewId;
}

export interface MountedInspector {
  readonly transport: InspectorTransport;
  /** Removes the inspector from its element and lets go of the transport. */
  unmount(): void;
}

/** Renders the inspector over `transport` into `element`. */
export function mountWith(
  transport: InspectorTransport,
  element: Element,
  options: MountOptions = {},
): MountedInspector {
  render(<App transport={transport} view={options.view} />, element);
  return {
    transport,
    unmount() {
      render(null, element);
      transport.close();
    },
  };
}
