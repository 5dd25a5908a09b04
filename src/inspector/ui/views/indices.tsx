import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Loading, Table } from '../parts';

export interface IndexItem {
  readonly name: string;
  readonly entries: number;
  readonly dataSize: number;
  readonly updatedAt: string;
  readonly primary?: string;
  readonly replicas?: readonly string[];
}

/** Indices: every index as `listIndices` answers, a link to each. */
export function Indices() {
  const { transport, version, go } = useInspector();
  const indices = useLoad(() => transport.read('listIndices', {}) as Promise<{ items: IndexItem[] }>, [version]);
  return (
    <>
      <h2>Indices</h2>
      <Loading loaded={indices}>
        {({ items }) => (
          <Table
            caption="Indices"
            head={['Index', 'Records', 'Size (bytes)', 'Updated', 'Primary', 'Replicas']}
            empty="No index yet."
            rows={items.map((index) => [
              <button type="button" class="se-link" onClick={() => go('index', index.name)}>
                {index.name}
              </button>,
              index.entries,
              index.dataSize,
              index.updatedAt,
              index.primary ?? '',
              (index.replicas ?? []).join(', '),
            ])}
          />
        )}
      </Loading>
    </>
  );
}
