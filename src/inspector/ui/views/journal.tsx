import { useState } from 'preact/hooks';
import type { JournalItem } from '../../transport';
import { useInspector } from '../context';
import { Json, WriteButton } from '../parts';

/**
 * A filter as typed: `operation:search status:4xx index:products method:GET fault:yes`, and any
 * other word is looked for in the operation and the path.
 */
export function matches(entry: JournalItem, filter: string): boolean {
  for (const word of filter.trim().split(/\s+/).filter(Boolean)) {
    const [name, value] = word.includes(':') ? (word.split(/:(.*)/s) as [string, string]) : ['', word];
    const lower = value.toLowerCase();
    const ok =
      name === 'operation'
        ? (entry.operation ?? '').toLowerCase().includes(lower)
        : name === 'status'
          ? /^\dxx$/i.test(value)
            ? String(entry.status).startsWith(value[0])
            : String(entry.status) === value
          : name === 'index'
            ? entry.path.includes(`/indexes/${value}`) || JSON.stringify(entry.params).includes(`"${value}"`)
            : name === 'method'
              ? entry.method === value.toUpperCase()
              : name === 'fault'
                ? (entry.fault !== undefined) === (lower === 'yes' || lower === 'true')
                : `${entry.operation ?? ''} ${entry.path}`.toLowerCase().includes(lower);
    if (!ok) return false;
  }
  return true;
}

const time = (at: number) => new Date(at).toISOString().slice(11, 23);

/** The request journal, newest first, updated live. */
export function Journal({ entries, dropped }: { entries: readonly JournalItem[]; dropped: number }) {
  const { transport } = useInspector();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<number | undefined>();
  const shown = entries.filter((entry) => matches(entry, filter)).reverse();
  const selected = entries.find((entry) => entry.seq === open);
  return (
    <>
      <h2>Journal</h2>
      <div class="se-row">
        <label>
          Filter requests
          <input
            type="search"
            value={filter}
            placeholder="operation:search status:4xx index:products"
            onInput={(event) => setFilter((event.target as HTMLInputElement).value)}
          />
        </label>
        <WriteButton action={() => transport.clearJournal()}>Clear the journal</WriteButton>
      </div>
      <p aria-live="polite" data-testid="journal-count">
        {shown.length} of {entries.length} requests{dropped ? ` (${dropped} older ones dropped)` : ''}
      </p>
      <table data-testid="journal">
        <caption>Requests, newest first</caption>
        <thead>
          <tr>
            {['#', 'Clock', 'Operation', 'Method', 'Path', 'Status', 'Fault', 'Latency'].map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((entry) => (
            <tr key={entry.seq} data-seq={entry.seq}>
              <td>
                <button
                  type="button"
                  class="se-link"
                  aria-expanded={open === entry.seq}
                  onClick={() => setOpen(open === entry.seq ? undefined : entry.seq)}
                >
                  #{entry.seq}
                </button>
              </td>
              <td>{time(entry.at)}</td>
              <td>{entry.operation ?? '(no route)'}</td>
              <td>{entry.method}</td>
              <td style="word-break:break-all">{entry.path}</td>
              <td class={`se-status-${String(entry.status)[0]}`}>{entry.status === 0 ? 'no answer' : entry.status}</td>
              <td>{entry.fault ? `${entry.fault.kind}${entry.fault.status ? ` ${entry.fault.status}` : ''}` : ''}</td>
              <td>{entry.fault?.latency ? `${entry.fault.latency} ms` : '0 ms'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {selected && (
        <section aria-label={`Request #${selected.seq}`} data-testid="journal-detail">
          <h3>
            #{selected.seq} {selected.operation ?? '(no route)'} {selected.method} {selected.path} → {selected.status}
          </h3>
          <p>
            Host {selected.hostname ?? selected.host}
            {selected.apiKey ? `, key ${selected.apiKey}` : ''},{' '}
            {selected.served ? 'served' : 'not served (a fault or the firewall)'}
          </p>
          <h3>Parameters (as the client's call)</h3>
          <Json label="Parameters" value={selected.params} />
          <h3>Request body</h3>
          <Json label="Request body" value={selected.body ?? null} />
          <h3>Answer</h3>
          <Json label="Answer" value={selected.response ?? null} />
        </section>
      )}
    </>
  );
}
