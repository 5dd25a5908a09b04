import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Loading, Table, WriteButton } from '../parts';

/** Tasks: writes accepted and not yet published, with their publication time on the clock. */
export function Tasks() {
  const { transport, version } = useInspector();
  const tasks = useLoad(() => transport.view('tasks'), [version]);
  return (
    <>
      <h2>Tasks</h2>
      <Loading loaded={tasks}>
        {({ now, lastTaskID, pending }) => (
          <>
            <p>
              Clock: <time>{now}</time>. Last task ID handed out: {lastTaskID}. Every task not listed below is
              published.
            </p>
            <Table
              caption="Pending tasks"
              head={['Task', 'Index', 'Published at']}
              empty="No pending task: every write is published."
              rows={pending.map((task) => [task.taskID, task.indexName ?? '(application)', task.publishAt])}
            />
            {pending.length > 0 && (
              <WriteButton action={() => transport.setClock(pending[0].publishAt)}>
                Move the clock to the next publication
              </WriteButton>
            )}
          </>
        )}
      </Loading>
    </>
  );
}
