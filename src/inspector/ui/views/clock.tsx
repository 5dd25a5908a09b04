import { useState } from 'preact/hooks';
import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Loading, Table, WriteButton } from '../parts';

const STEPS = [
  ['+1 s', '1s'],
  ['+1 min', '1m'],
  ['+1 h', '1h'],
  ['+1 day', '1d'],
] as const;

/** The clock (now, what waits on it, buttons to move it) and the faults. */
export function Clock() {
  const { transport, version } = useInspector();
  const clock = useLoad(() => transport.view('clock'), [version]);
  const [to, setTo] = useState('');
  const [fault, setFault] = useState({ kind: 'status', status: '503', operation: '', times: '' });
  return (
    <>
      <h2>Clock &amp; faults</h2>
      <Loading loaded={clock}>
        {(view) => (
          <>
            <p>
              Now: <time data-testid="clock-now">{view.now}</time>
            </p>
            <div class="se-row" role="group" aria-label="Move the clock">
              {STEPS.map(([label, by]) => (
                <WriteButton key={by} label={`Advance the clock ${label}`} action={() => transport.advance(by)}>
                  {label}
                </WriteButton>
              ))}
              <label>
                Set the clock to
                <input
                  type="text"
                  value={to}
                  placeholder="2024-06-01T00:00:00Z"
                  onInput={(event) => setTo((event.target as HTMLInputElement).value)}
                />
              </label>
              <WriteButton action={() => transport.setClock(/^\d+$/.test(to) ? Number(to) : to)}>Set</WriteButton>
            </div>
            <Table
              caption="Pending tasks"
              head={['Task', 'Index', 'Published at']}
              empty="No pending task."
              rows={view.pendingTasks.map((task) => [task.taskID, task.indexName ?? '(application)', task.publishAt])}
            />
            <Table
              caption="Jobs waiting on the clock"
              head={['Job', 'At', 'Kind', 'About']}
              empty="No job scheduled."
              rows={view.jobs.map((job) => [job.id, job.at, job.kind, job.about])}
            />
            <p>{view.heldAnswers} answers held by a fault until the clock moves.</p>
            <h3>Faults</h3>
            <Table
              caption="Active faults"
              head={['Fault', 'Kind', 'Scope', 'Hits', '']}
              empty="No active fault."
              rows={view.faults.map(({ id, spec, hits }) => {
                const { kind, ...scope } = spec;
                return [
                  id,
                  String(kind),
                  JSON.stringify(scope),
                  hits,
                  <WriteButton label={`Remove fault ${id}`} action={() => transport.removeFault(id)}>
                    Remove
                  </WriteButton>,
                ];
              })}
            />
            <form class="se-row" aria-label="Add a fault" onSubmit={(event) => event.preventDefault()}>
              <label>
                Kind
                <select
                  value={fault.kind}
                  onChange={(event) => setFault({ ...fault, kind: (event.target as HTMLSelectElement).value })}
                >
                  <option value="status">error status</option>
                  <option value="down">host down</option>
                  <option value="timeout">timeout</option>
                  <option value="latency">latency</option>
                </select>
              </label>
              {fault.kind === 'status' && (
                <label>
                  Status
                  <input
                    type="number"
                    value={fault.status}
                    onInput={(event) => setFault({ ...fault, status: (event.target as HTMLInputElement).value })}
                  />
                </label>
              )}
              {fault.kind === 'latency' && (
                <label>
                  Latency
                  <input
                    type="text"
                    value={fault.status}
                    onInput={(event) => setFault({ ...fault, status: (event.target as HTMLInputElement).value })}
                  />
                </label>
              )}
              <label>
                Operation
                <input
                  type="text"
                  value={fault.operation}
                  placeholder="all"
                  onInput={(event) => setFault({ ...fault, operation: (event.target as HTMLInputElement).value })}
                />
              </label>
              <label>
                Times
                <input
                  type="number"
                  min="1"
                  value={fault.times}
                  placeholder="every"
                  onInput={(event) => setFault({ ...fault, times: (event.target as HTMLInputElement).value })}
                />
              </label>
              <WriteButton action={() => transport.addFault(faultSpec(fault))}>Add the fault</WriteButton>
              <WriteButton action={() => transport.clearFaults()}>Remove every fault</WriteButton>
            </form>
          </>
        )}
      </Loading>
    </>
  );
}

function faultSpec(form: { kind: string; status: string; operation: string; times: string }): Record<string, unknown> {
  return {
    kind: form.kind,
    ...(form.kind === 'status' ? { status: Number(form.status) } : {}),
    ...(form.kind === 'latency' ? { latency: /^\d+$/.test(form.status) ? Number(form.status) : form.status } : {}),
    ...(form.operation.trim() ? { operation: form.operation.trim() } : {}),
    ...(form.times.trim() ? { times: Number(form.times) } : {}),
  };
}
