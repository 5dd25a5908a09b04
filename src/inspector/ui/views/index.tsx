import { useState } from 'preact/hooks';
import { useInspector } from '../context';
import { messageOf, useLoad } from '../hooks';
import { Highlighted, Json, Loading, short, Table } from '../parts';
import type { IndexItem } from './indices';

const TABS = ['Records', 'Settings', 'Rules', 'Synonyms', 'Replicas'] as const;
type Tab = (typeof TABS)[number];

/** One index: its records with the live search box, settings, rules, synonyms and replicas. */
export function IndexView({ indexName }: { indexName: string }) {
  const [tab, setTab] = useState<Tab>('Records');
  return (
    <>
      <h2>Index {indexName}</h2>
      <div class="se-tabs" role="tablist" aria-label={`Parts of ${indexName}`}>
        {TABS.map((name) => (
          <button
            type="button"
            role="tab"
            id={`se-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="se-tabpanel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
              setTab(next);
              (event.currentTarget.parentElement?.querySelector(`#se-tab-${next}`) as HTMLElement | null)?.focus();
            }}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="se-tabpanel" aria-labelledby={`se-tab-${tab}`}>
        {tab === 'Records' && <Records indexName={indexName} />}
        {tab === 'Settings' && <Settings indexName={indexName} />}
        {tab === 'Rules' && <Listed indexName={indexName} operation="searchRules" param="searchRulesParams" />}
        {tab === 'Synonyms' && <Listed indexName={indexName} operation="searchSynonyms" param="searchSynonymsParams" />}
        {tab === 'Replicas' && <Replicas indexName={indexName} />}
      </div>
    </>
  );
}

interface SearchAnswer {
  readonly hits: readonly Record<string, any>[];
  readonly nbHits: number;
  readonly page: number;
  readonly nbPages: number;
  readonly facets?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** The records, through the emulator's own search: an empty query lists them all, page by page. */
function Records({ indexName }: { indexName: string }) {
  const { transport, version } = useInspector();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<readonly string[]>([]);
  const [explained, setExplained] = useState<{ objectID: string; text: string } | undefined>();
  const params = { query, page, hitsPerPage: 20, facets: ['*'], getRankingInfo: true, facetFilters: filters };
  const answer = useLoad(
    () => transport.read('searchSingleIndex', { indexName, searchParams: params }) as Promise<SearchAnswer>,
    [version, indexName, query, page, filters.join('\u0000')],
  );
  const toggle = (filter: string) => {
    setPage(0);
    setFilters(filters.includes(filter) ? filters.filter((f) => f !== filter) : [...filters, filter]);
  };
  const explain = async (objectID: string) => {
    try {
      const result = (await transport.explain({ indexName, objectID, query, facetFilters: filters })) as {
        text: string;
      };
      setExplained({ objectID, text: result.text });
    } catch (error) {
      setExplained({ objectID, text: messageOf(error) });
    }
  };
  return (
    <>
      <div class="se-row" role="search">
        <label>
          Search {indexName}
          <input
            type="search"
            value={query}
            onInput={(event) => {
              setPage(0);
              setQuery((event.target as HTMLInputElement).value);
            }}
          />
        </label>
      </div>
      <Loading loaded={answer}>
        {(result) => (
          <div class="se-grid">
            <section aria-label="Facets">
              {Object.entries(result.facets ?? {}).map(([attribute, values]) => (
                <div key={attribute}>
                  <h3>{attribute}</h3>
                  <ul style="list-style:none;padding:0;margin:0">
                    {Object.entries(values).map(([value, count]) => {
                      const filter = `${attribute}:${value}`;
                      return (
                        <li key={value}>
                          <button
                            type="button"
                            class="se-btn"
                            aria-pressed={filters.includes(filter)}
                            onClick={() => toggle(filter)}
                          >
                            {value} ({count})
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </section>
            <section aria-label="Hits">
              <p aria-live="polite" data-testid="nbHits">
                {result.nbHits} hits{result.nbPages > 1 ? `, page ${result.page + 1} of ${result.nbPages}` : ''}
              </p>
              <ol aria-label="Hits" style="padding-left:1.25rem" data-testid="hits">
                {result.hits.map((hit) => (
                  <li key={hit.objectID} class="se-hit" data-object-id={hit.objectID}>
                    <Hit hit={hit} />
                    <div class="se-row">
                      <button type="button" class="se-btn" onClick={() => explain(hit.objectID)}>
                        Explain {hit.objectID}
                      </button>
                    </div>
                    <details>
                      <summary>Ranking info</summary>
                      <Json label={`Ranking info of ${hit.objectID}`} value={hit._rankingInfo} />
                    </details>
                    {explained?.objectID === hit.objectID && (
                      <pre aria-label={`Why ${hit.objectID} ranks here`} data-testid="explanation" tabIndex={0}>
                        {explained?.text}
                      </pre>
                    )}
                  </li>
                ))}
              </ol>
              <div class="se-row">
                <button type="button" class="se-btn" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Previous page
                </button>
                <button
                  type="button"
                  class="se-btn"
                  disabled={page + 1 >= result.nbPages}
                  onClick={() => setPage(page + 1)}
                >
                  Next page
                </button>
              </div>
            </section>
          </div>
        )}
      </Loading>
    </>
  );
}

/** A hit: its objectID and each attribute, highlighted where the answer highlights it. */
function Hit({ hit }: { hit: Record<string, any> }) {
  const highlights = (hit._highlightResult ?? {}) as Record<string, { value?: unknown }>;
  const shown = Object.keys(hit).filter((name) => !name.startsWith('_') && name !== 'objectID');
  return (
    <dl style="margin:0">
      <dt>objectID</dt>
      <dd>{hit.objectID}</dd>
      {shown.map((name) => (
        <>
          <dt>{name}</dt>
          <dd>
            {typeof highlights[name]?.value === 'string' ? (
              <Highlighted value={highlights[name].value as string} />
            ) : (
              short(hit[name])
            )}
          </dd>
        </>
      ))}
    </dl>
  );
}

function Settings({ indexName }: { indexName: string }) {
  const { transport, version } = useInspector();
  const settings = useLoad(
    () => transport.read('getSettings', { indexName }) as Promise<Record<string, unknown>>,
    [version, indexName],
  );
  return (
    <Loading loaded={settings}>
      {(values) => (
        <Table
          caption={`Settings of ${indexName}`}
          head={['Setting', 'Value']}
          empty="No settings."
          rows={Object.entries(values).map(([name, value]) => [name, <code>{short(value)}</code>])}
        />
      )}
    </Loading>
  );
}

/** Rules or synonyms, as their search operation answers them. */
function Listed({ indexName, operation, param }: { indexName: string; operation: string; param: string }) {
  const { transport, version } = useInspector();
  const listed = useLoad(
    () =>
      transport.read(operation, { indexName, [param]: { query: '', hitsPerPage: 1000 } }) as Promise<{
        hits: Record<string, unknown>[];
        nbHits: number;
      }>,
    [version, indexName, operation],
  );
  const what = operation === 'searchRules' ? 'rules' : 'synonyms';
  return (
    <Loading loaded={listed}>
      {({ hits, nbHits }) => (
        <>
          <p>
            {nbHits} {what}
          </p>
          {hits.map((hit) => (
            <Json key={String(hit.objectID)} label={`${what} ${String(hit.objectID)}`} value={hit} />
          ))}
        </>
      )}
    </Loading>
  );
}

function Replicas({ indexName }: { indexName: string }) {
  const { transport, version } = useInspector();
  const indices = useLoad(() => transport.read('listIndices', {}) as Promise<{ items: IndexItem[] }>, [version]);
  const settings = useLoad(
    () => transport.read('getSettings', { indexName }) as Promise<{ replicas?: string[]; primary?: string }>,
    [version, indexName],
  );
  return (
    <Loading loaded={settings}>
      {(values) => (
        <Loading loaded={indices}>
          {({ items }) => {
            const item = items.find((index) => index.name === indexName);
            return (
              <Table
                caption={`Replicas of ${indexName}`}
                head={['Relation', 'Index', 'Kind']}
                empty={`${indexName} has no primary and no replica.`}
                rows={[
                  ...((item?.primary ?? values.primary) ? [['primary', item?.primary ?? values.primary, '']] : []),
                  ...(values.replicas ?? []).map((replica) => {
                    const virtual = /^virtual\((.*)\)$/.exec(replica);
                    return ['replica', virtual ? virtual[1] : replica, virtual ? 'virtual' : 'standard'];
                  }),
                ]}
              />
            );
          }}
        </Loading>
      )}
    </Loading>
  );
}
