import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Loading, Table, WriteButton } from '../parts';

/** Applications: each one the transport reaches, the current one's figures, snapshots and reset. */
export function Applications() {
  const { transport, version, go } = useInspector();
  const apps = useLoad(() => transport.apps(), [version]);
  const overview = useLoad(() => transport.view('overview'), [version]);
  const snapshots = useLoad(() => transport.snapshots(), [version]);
  return (
    <>
      <h2>Applications</h2>
      <Loading loaded={apps}>
        {({ apps: list, appId }) => (
          <Table
            caption="Applications"
            head={['Application', 'Clock', 'Indices', '']}
            empty="No application."
            rows={list.map((app) => [
              app.appId,
              app.now,
              app.indices,
              app.appId === appId ? (
                'open'
              ) : (
                <button
                  type="button"
                  class="se-link"
                  onClick={() => {
                    transport.selectApp(app.appId);
                    go('applications');
                  }}
                >
                  Open {app.appId}
                </button>
              ),
            ])}
          />
        )}
      </Loading>
      <Loading loaded={overview}>
        {(o) => (
          <dl aria-label="Current application" data-testid="overview">
            <dt>Application</dt>
            <dd>{o.appId}</dd>
            <dt>Indices / records</dt>
            <dd>
              {o.indices} indices, {o.records} records
            </dd>
            <dt>API keys</dt>
            <dd>{o.keys}</dd>
            <dt>Waiting on the clock</dt>
            <dd>
              {o.pendingTasks} pending tasks, {o.jobs} jobs
            </dd>
            <dt>Journal</dt>
            <dd>
              {o.journal.length} requests{o.journal.dropped ? ` (${o.journal.dropped} dropped)` : ''}
            </dd>
            <dt>Active faults</dt>
            <dd>{o.faults}</dd>
          </dl>
        )}
      </Loading>
      <h3>Snapshots</h3>
      <div class="se-row">
        <WriteButton action={() => transport.snapshot()}>Take a snapshot</WriteButton>
        <WriteButton action={() => transport.reset()}>Reset the application</WriteButton>
      </div>
      <Loading loaded={snapshots}>
        {(list) => (
          <Table
            caption="Snapshots"
            head={['Snapshot', 'Taken at (clock)', '']}
            empty="No snapshot taken yet."
            rows={list.map((s) => [
              s.snapshotId,
              s.takenAt,
              <WriteButton label={`Restore ${s.snapshotId}`} action={() => transport.restore(s.snapshotId)}>
                Restore
              </WriteButton>,
            ])}
          />
        )}
      </Loading>
    </>
  );
}
