import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Json, Loading, Table } from '../parts';

/** Dictionaries: custom entries and the standard entries turned off. */
export function Dictionaries() {
  const { transport, version } = useInspector();
  const dictionaries = useLoad(() => transport.view('dictionaries'), [version]);
  return (
    <>
      <h2>Dictionaries</h2>
      <Loading loaded={dictionaries}>
        {({ dictionaries: list }) => (
          <>
            {list.map((dictionary) => (
              <section key={dictionary.name} aria-label={dictionary.name}>
                <h3>{dictionary.name}</h3>
                <Table
                  caption={`Custom ${dictionary.name} entries`}
                  head={['objectID', 'Language', 'Entry', 'State']}
                  empty={`No custom ${dictionary.name} entry.`}
                  rows={dictionary.entries.map((entry) => [
                    String(entry.objectID),
                    String(entry.language),
                    JSON.stringify(entry.word ?? entry.words ?? entry.decomposition ?? ''),
                    String(entry.state ?? 'enabled'),
                  ])}
                />
                {Object.keys(dictionary.disabledStandard).length > 0 && (
                  <p>
                    Standard entries turned off:{' '}
                    {Object.entries(dictionary.disabledStandard)
                      .filter(([, off]) => off)
                      .map(([language]) => language)
                      .join(', ')}
                  </p>
                )}
              </section>
            ))}
          </>
        )}
      </Loading>
    </>
  );
}

/** Crawler: each crawler, its current or last crawl's URLs, and the finished runs. */
export function Crawler() {
  const { transport, version } = useInspector();
  const crawler = useLoad(() => transport.view('crawler'), [version]);
  return (
    <>
      <h2>Crawler</h2>
      <Loading loaded={crawler}>
        {({ crawlers, runs }) => (
          <>
            {crawlers.length === 0 && <p class="se-muted">No crawler.</p>}
            {crawlers.map((crawler) => (
              <section key={crawler.id} aria-label={`Crawler ${crawler.name}`}>
                <h3>
                  {crawler.name} <span class="se-muted">({crawler.id})</span>
                </h3>
                <p>
                  {crawler.reindexing ? 'Reindexing' : crawler.running ? 'Running' : 'Paused'}
                  {crawler.crawl
                    ? `: crawl started ${crawler.crawl.startedAt}, step ${crawler.crawl.step}, ${crawler.crawl.queued} URLs queued`
                    : ''}
                  {crawler.blocked ? ` — blocked: ${crawler.blocked}` : ''}
                </p>
                <Table
                  caption={`URLs of ${crawler.name}'s ${crawler.crawl ? 'current' : 'last'} crawl`}
                  head={['URL', 'Status', 'Category', 'Reason', 'Records']}
                  empty="No URL crawled yet."
                  rows={crawler.urls.map((url) => [url.url, url.status, url.category, url.reason, url.records])}
                />
              </section>
            ))}
            <Table
              caption="Finished runs"
              head={['Run', 'Crawler', 'Status', 'Started', 'Completed', 'Done', 'Skipped', 'Failed']}
              empty="No finished run."
              rows={runs.map((run) => [
                run.id,
                run.crawlerId,
                run.status,
                run.startedAt,
                run.completedAt,
                run.urlsDone,
                run.urlsSkipped,
                run.urlsFailed,
              ])}
            />
          </>
        )}
      </Loading>
    </>
  );
}

/** Recommend: each index's last training and its rules. */
export function Recommend() {
  const { transport, version } = useInspector();
  const recommend = useLoad(() => transport.view('recommend'), [version]);
  return (
    <>
      <h2>Recommend</h2>
      <Loading loaded={recommend}>
        {({ trainings, rules, nextTraining }) => (
          <>
            <p>{nextTraining ? `Next daily training: ${nextTraining}.` : 'No training scheduled.'}</p>
            <Table
              caption="Trained models"
              head={['Index', 'Trained at', 'Records', 'Events', 'Configuration']}
              empty="No model trained yet."
              rows={trainings.map((training) => [
                training.indexName,
                training.trainedAt,
                training.records,
                training.interactions,
                <Json label={`Configuration of ${training.indexName}`} value={training.config} />,
              ])}
            />
            <Table
              caption="Recommend rules"
              head={['Index', 'Model', 'Rules']}
              empty="No Recommend rule."
              rows={rules.map((rule) => [rule.indexName, rule.model, rule.count])}
            />
          </>
        )}
      </Loading>
    </>
  );
}

/** Query Suggestions: each configuration, its builds and its log. */
export function Suggestions() {
  const { transport, version } = useInspector();
  const suggestions = useLoad(() => transport.view('suggestions'), [version]);
  return (
    <>
      <h2>Query Suggestions</h2>
      <Loading loaded={suggestions}>
        {({ configs }) => (
          <>
            {configs.length === 0 && <p class="se-muted">No Query Suggestions configuration.</p>}
            {configs.map((config) => (
              <section key={config.indexName} aria-label={`Suggestions ${config.indexName}`}>
                <h3>{config.indexName}</h3>
                <p>
                  From {config.sourceIndices.join(', ')}.{' '}
                  {config.running
                    ? `Building since ${config.running.startedAt}, done at ${config.running.finishAt}.`
                    : config.lastBuiltAt
                      ? `Last built ${config.lastBuiltAt}${config.lastSuccessfulBuiltAt ? `, last success ${config.lastSuccessfulBuiltAt}` : ''}.`
                      : 'Never built.'}
                </p>
                <Table
                  caption={`Build log of ${config.indexName}`}
                  head={['At', 'Level', 'Message']}
                  empty="The log is empty."
                  rows={config.log.map((line) => [line.at, line.level, line.message])}
                />
              </section>
            ))}
          </>
        )}
      </Loading>
    </>
  );
}
