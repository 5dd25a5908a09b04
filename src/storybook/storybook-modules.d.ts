/**
 * The little the addon uses of Storybook's and React's modules, declared here so that neither
 * is a dependency of this package: in the manager Storybook maps them to its own globals, in
 * the preview they are the user's Storybook. The storybook recipe runs them for real.
 */
declare module 'storybook/manager-api' {
  import type { InspectorChannel } from '../inspector/channel/protocol';
  export const types: { readonly PANEL: string };
  export const addons: {
    register(id: string, callback: (api: unknown) => void): void;
    add(id: string, addon: { type: string; title: string; render: (props: { active?: boolean }) => unknown }): void;
    getChannel(): InspectorChannel;
  };
}

declare module 'storybook/preview-api' {
  import type { InspectorChannel } from '../inspector/channel/protocol';
  export const addons: { getChannel(): InspectorChannel };
}

declare module 'storybook/internal/core-events' {
  export const STORY_RENDERED: string;
}

declare module 'react' {
  export function createElement(type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]): unknown;
  export function useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void;
  export function useRef<T>(initial: T | null): { readonly current: T | null };
  export function useState<T>(initial: T | (() => T)): [T, (next: T | ((previous: T) => T)) => void];
  export function useState<T = undefined>(): [T | undefined, (next: T | undefined) => void];
}
