import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { InspectorTransport, JournalItem } from '../transport';
import { Inspector, type InspectorContext } from './context';
import { messageOf, useLoad } from './hooks';
import { STYLES } from './styles';
import { Analytics } from './views/analytics';
import { Applications } from './views/applications';
import { Clock } from './views/clock';
import { IndexView } from './views/index';
import { Indices } from './views/indices';
import { Journal } from './views/journal';
import { Keys } from './views/keys';
import { Crawler, Dictionaries, Recommend, Suggestions } from './views/services';
import { Tasks } from './views/tasks';

/** The views in the navigation, in order. */
export const VIEWS = [
  ['applications', 'Applications'],
  ['indices', 'Indices'],
  ['dictionaries', 'Dictionaries'],
  ['keys', 'API keys'],
  ['tasks', 'Tasks'],
  ['journal', 'Journal'],
  ['clock', 'Clock & faults'],
  ['analytics', 'Analytics'],
  ['crawler', 'Crawler'],
  ['recommend', 'Recommend'],
  ['suggestions', 'Query Suggestions'],
] as const;

export type ViewId = (typeof VIEWS)[number][0] | 'index';

/** The journal entries the page keeps (the emulator keeps its own, 1,000 by default). */
const KEPT = 1000;

export interface AppProps {
  readonly transport: InspectorTransport;
  readonly view?: ViewId;
}

export function App({ transport, view: first = 'applications' }: AppProps) {
  const [view, setView] = useState<{ id: ViewId; detail?: string }>({ id: first });
  const [version, setVersion] = useState(0);
  const [writable, setWritable] = useState(transport.writable);
  const [status, setStatus] = useState('');
  const [journal, setJournal] = useState<{ entries: JournalItem[]; dropped: number }>({ entries: [], dropped: 0 });
  const [appKey, setAppKey] = useState(0);
  const pending = useRef(false);

  // Views reload once per frame at most, however many requests arrive.
  const bump = () => {
    if (pending.current) return;
    pending.current = true;
    const run = () => {
      pending.current = false;
      setVersion((n) => n + 1);
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else queueMicrotask(run);
  };

  useEffect(() => {
    let live = true;
    let stop = () => {};
    transport.journal().then(
      ({ entries, dropped }) => {
        if (!live) return;
        setJournal({ entries: [...entries], dropped });
        stop = transport.subscribe(
          entries.at(-1)?.seq ?? 0,
          (entry) => {
            setJournal((current) => ({
              entries: [...current.entries.slice(-(KEPT - 1)), entry],
              dropped: current.dropped,
            }));
            bump();
          },
          () => {
            setJournal({ entries: [], dropped: 0 });
            bump();
          },
        );
      },
      (error: unknown) => setStatus(messageOf(error)),
    );
    return () => {
      live = false;
      stop();
    };
  }, [transport, appKey]);

  const context: InspectorContext = useMemo(
    () => ({
      transport,
      writable,
      version,
      changed: bump,
      report: setStatus,
      go: (id: string, detail?: string) => {
        if (id === 'applications' && detail === undefined) setAppKey((n) => n + 1);
        setView({ id: id as ViewId, ...(detail === undefined ? {} : { detail }) });
        bump();
      },
    }),
    [transport, writable, version],
  );

  const overview = useLoad(() => transport.view('overview'), [version, appKey]);
  const navigation = useRef<HTMLUListElement>(null);
  const current = view.id === 'index' ? 'indices' : view.id;

  return (
    <Inspector.Provider value={context}>
      <div class="se-inspector">
        <style>{STYLES}</style>
        <div class="se-top">
          <h1>search-emulator inspector</h1>
          <span class="se-muted">{transport.label}</span>
          {overview.data && (
            <span data-testid="header-clock">
              {overview.data.appId} · clock <time>{overview.data.now}</time>
            </span>
          )}
          {!writable && <Unlock transport={transport} onUnlocked={() => setWritable(true)} />}
          <span role="status" class="se-error">
            {status}
          </span>
          {status && (
            <button type="button" class="se-link" onClick={() => setStatus('')}>
              Dismiss
            </button>
          )}
        </div>
        <nav aria-label="Inspector views">
          <ul
            ref={navigation}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const buttons = [...(navigation.current?.querySelectorAll('button') ?? [])];
              const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
              buttons[(at + step + buttons.length) % buttons.length]?.focus();
            }}
          >
            {VIEWS.map(([id, label]) => (
              <li key={id}>
                <button
                  type="button"
                  aria-current={current === id ? 'page' : undefined}
                  onClick={() => {
                    setView({ id });
                    bump();
                  }}
                >
                  {label}
                  {id === 'journal' ? ` (${journal.entries.length})` : ''}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section class="se-view" aria-label={labelOf(view.id)} data-view={view.id}>
          {view.id === 'applications' && <Applications />}
          {view.id === 'indices' && <Indices />}
          {view.id === 'index' && view.detail !== undefined && <IndexView indexName={view.detail} />}
          {view.id === 'dictionaries' && <Dictionaries />}
          {view.id === 'keys' && <Keys />}
          {view.id === 'tasks' && <Tasks />}
          {view.id === 'journal' && <Journal entries={journal.entries} dropped={journal.dropped} />}
          {view.id === 'clock' && <Clock />}
          {view.id === 'analytics' && <Analytics />}
          {view.id === 'crawler' && <Crawler />}
          {view.id === 'recommend' && <Recommend />}
          {view.id === 'suggestions' && <Suggestions />}
        </section>
      </div>
    </Inspector.Provider>
  );
}

const labelOf = (id: ViewId) => (id === 'index' ? 'Index' : (VIEWS.find(([view]) => view === id)?.[1] ?? id));

/** The read-only notice and the field that unlocks writes with the admin key. */
function Unlock({ transport, onUnlocked }: { transport: InspectorTransport; onUnlocked: () => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      class="se-row"
      style="margin:0"
      aria-label="Unlock writes"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await transport.unlock(key);
          setError('');
          onUnlocked();
        } catch (failure) {
          setError(messageOf(failure));
        }
      }}
    >
      <strong>Read-only.</strong>
      <label>
        Admin API key
        <input
          type="password"
          value={key}
          autoComplete="off"
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" class="se-btn">
        Unlock writes
      </button>
      {error && <span class="se-error">{error}</span>}
    </form>
  );
}
