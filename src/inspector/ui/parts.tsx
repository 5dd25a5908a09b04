import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { messageOf, type Loaded } from './hooks';
import { useInspector } from './context';

/** A JSON value, pretty-printed. */
export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** What a loaded view shows while loading or after an error. */
export function Loading<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (loaded.error)
    return (
      <p class="se-error" role="alert">
        {loaded.error}
      </p>
    );
  if (loaded.data === undefined) return <p class="se-muted">Loading…</p>;
  return <>{children(loaded.data)}</>;
}

/** A button that writes: disabled (and says why) while the inspector is read-only. */
export function WriteButton({
  label,
  action,
  children,
}: {
  label?: string;
  action: () => Promise<unknown>;
  children: ComponentChildren;
}) {
  const { writable, changed, report } = useInspector();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      class="se-btn"
      aria-label={label}
      disabled={!writable || busy}
      title={writable ? undefined : 'Read-only: needs the admin key'}
      onClick={async () => {
        setBusy(true);
        try {
          await action();
          changed();
        } catch (error) {
          report(messageOf(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </button>
  );
}

/** A table from rows of cells; `caption` names it for screen readers. */
export function Table({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ComponentChildren[])[];
  empty: string;
}) {
  if (rows.length === 0) return <p class="se-muted">{empty}</p>;
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          <tr key={i}>
            {cells.map((cell, j) => (
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A highlighted value as the API sends it (`<em>` around matches): the marks become `<mark>`,
 * everything else stays text, so a record's own HTML is shown, never run.
 */
export function Highlighted({ value }: { value: string }) {
  const parts = value.split(/(<em>.*?<\/em>)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('<em>') && part.endsWith('</em>') ? <mark key={i}>{part.slice(4, -5)}</mark> : part,
      )}
    </>
  );
}

export const short = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
