/**
 * `search-emulator/inspector`: the inspector's UI for any page (docs/inspector.md). Never loaded
 * by `search-emulator` itself; its UI library and charts are bundled in, nothing is fetched.
 */
import type { Emulator } from '../emulator/emulator';
import { httpTransport, type HttpTarget } from './http';
import { inPageTransport } from './in-page';
import ui from './ui/bundle';
import type { MountedInspector, MountOptions } from './ui/mount';

export interface MountInspectorOptions extends MountOptions {
  /** Keep the inspector read-only even in-page (the buttons that write are disabled). */
  readonly readOnly?: boolean;
}

/**
 * Mounts the inspector into `element`, over an emulator object of the page or a standalone
 * server (`{ url, appId?, adminApiKey? }`: read-only unless the admin key is given).
 *
 * @example
 * const inspector = mountInspector(emulator, document.getElementById('inspector')!);
 * // ...
 * inspector.unmount();
 */
export function mountInspector(
  target: Emulator | HttpTarget,
  element: Element,
  options: MountInspectorOptions = {},
): MountedInspector {
  if (isEmulator(target))
    return ui.mountWith(inPageTransport(target, { readOnly: options.readOnly }), element, options);
  const transport = httpTransport(target);
  const mounted = ui.mountWith(transport, element, options);
  if (target.adminApiKey !== undefined && !options.readOnly) {
    // Mounted read-only at once, then again with writes on once the server accepts the key.
    transport.unlock(target.adminApiKey).then(
      () => {
        ui.clear(element);
        ui.mountWith(transport, element, options);
      },
      () => undefined,
    );
  }
  return mounted;
}

function isEmulator(target: Emulator | HttpTarget): target is Emulator {
  return typeof (target as Emulator).snapshot === 'function' && 'core' in target;
}

export { httpTransport, inPageTransport };
export type { HttpTarget, MountedInspector, MountOptions };
export { InspectorError, VIEW_NAMES } from './transport';
export type * from './transport';
export { READ_OPERATIONS } from './model/reads';
