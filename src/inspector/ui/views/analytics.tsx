import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Loading, Table } from '../parts';
import type { IndexItem } from './indices';

interface PerDay {
  readonly dates: readonly { readonly date: string; readonly count?: number; readonly rate?: number | null }[];
}
interface Figures {
  readonly searches: PerDay & { readonly count: number };
  readonly ctr: PerDay & { readonly rate: number | null };
  readonly noResults: PerDay & {
    readonly rate: number | null;
    readonly count?: number;
    readonly noResultCount?: number;
  };
  readonly top: {
    readonly searches: readonly { readonly search: string; readonly count: number; readonly nbHits: number }[];
  };
}

const percent = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(1)} %`;

/** Analytics: searches and click-through per day as charts, top searches, no-result rate, as the Analytics API answers them. */
export function Analytics() {
  const { transport, version } = useInspector();
  const indices = useLoad(() => transport.read('listIndices', {}) as Promise<{ items: IndexItem[] }>, [version]);
  const [chosen, setChosen] = useState<string | undefined>();
  const index = chosen ?? indices.data?.items[0]?.name;
  const figures = useLoad(async (): Promise<Figures | undefined> => {
    if (index === undefined) return undefined;
    const [searches, ctr, noResults, top] = await Promise.all([
      transport.read('getSearchesCount', { index }),
      transport.read('getClickThroughRate', { index }),
      transport.read('getNoResultsRate', { index }),
      transport.read('getTopSearches', { index }),
    ]);
    return { searches, ctr, noResults, top } as Figures;
  }, [version, index]);
  return (
    <>
      <h2>Analytics</h2>
      <p class="se-muted">
        As the Analytics API answers: the last days up to the emulator clock, refreshed on its schedule
        (analyticsRefresh).
      </p>
      <Loading loaded={indices}>
        {({ items }) => (
          <div class="se-row">
            <label>
              Index
              <select value={index} onChange={(event) => setChosen((event.target as HTMLSelectElement).value)}>
                {items.map((item) => (
                  <option key={item.name} value={item.name}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </Loading>
      <Loading loaded={figures}>
        {(data) =>
          data === undefined ? (
            <p class="se-muted">No index yet.</p>
          ) : (
            <>
              <p data-testid="analytics-summary">
                {data.searches.count} searches, click-through rate {percent(data.ctr.rate)}, no-result rate{' '}
                {percent(data.noResults.rate)}
              </p>
              <Chart
                title="Searches per day"
                dates={data.searches.dates.map((day) => day.date)}
                values={data.searches.dates.map((day) => day.count ?? 0)}
                format={(value) => String(value)}
              />
              <Chart
                title="Click-through rate per day"
                dates={data.ctr.dates.map((day) => day.date)}
                values={data.ctr.dates.map((day) =>
                  day.rate === null || day.rate === undefined ? null : day.rate * 100,
                )}
                format={(value) => (value === null ? '—' : `${value.toFixed(1)} %`)}
              />
              <Table
                caption="Top searches"
                head={['Search', 'Count', 'Hits']}
                empty="No search recorded yet."
                rows={data.top.searches.map((search) => [
                  search.search || '(empty query)',
                  search.count,
                  search.nbHits,
                ])}
              />
              <Table
                caption="No-result rate per day"
                head={['Day', 'Searches', 'Without results', 'Rate']}
                empty="No day."
                rows={data.noResults.dates.map((day: any) => [
                  day.date,
                  day.count ?? 0,
                  day.noResultCount ?? 0,
                  percent(day.rate),
                ])}
              />
            </>
          )
        }
      </Loading>
    </>
  );
}

/** A line chart (uPlot) and the same figures as a table, for screen readers and tests. */
function Chart({
  title,
  dates,
  values,
  format,
}: {
  title: string;
  dates: readonly string[];
  values: readonly (number | null)[];
  format: (value: number | null) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(320, Math.min(800, element.clientWidth || 640)),
        height: 180,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
        series: [
          {},
          { label: title, stroke: '#0550ae', width: 2, fill: 'rgba(5,80,174,0.08)', points: { show: true } },
        ],
        axes: [{ stroke: '#1b1f24' }, { stroke: '#1b1f24' }],
      },
      [xs, values as (number | null)[]],
      element,
    );
    return () => plot.destroy();
  }, [dates.join(), values.join(), title]);
  return (
    <figure class="se-chart">
      <figcaption>
        <strong>{title}</strong>
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={`${title}: ${dates.map((d, i) => `${d} ${format(values[i])}`).join(', ')}`}
      />
      <details>
        <summary>{title} as a table</summary>
        <Table
          caption={title}
          head={['Day', 'Value']}
          empty="No day."
          rows={dates.map((date, i) => [date, format(values[i])])}
        />
      </details>
    </figure>
  );
}
