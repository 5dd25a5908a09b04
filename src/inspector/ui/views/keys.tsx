import { useInspector } from '../context';
import { useLoad } from '../hooks';
import { Loading, Table } from '../parts';

/** API keys: rights, restrictions and validity on the emulator clock. */
export function Keys() {
  const { transport, version } = useInspector();
  const keys = useLoad(() => transport.view('keys'), [version]);
  return (
    <>
      <h2>API keys</h2>
      <Loading loaded={keys}>
        {({ now, keys: list }) => (
          <>
            <p class="se-muted">Validity read at {now} on the emulator clock. The admin key is not listed.</p>
            <Table
              caption="API keys"
              head={['Key', 'ACL', 'Indices', 'Restrictions', 'Description', 'Created', 'Validity']}
              empty="No API key besides the admin key."
              rows={list.map((key) => [
                <code>{key.value}</code>,
                key.acl.join(', '),
                (key.indexes ?? []).join(', ') || 'all',
                [
                  key.referers?.length ? `referers ${key.referers.join(', ')}` : '',
                  key.queryParameters ? `query ${key.queryParameters}` : '',
                  key.maxHitsPerQuery ? `${key.maxHitsPerQuery} hits per query` : '',
                  key.maxQueriesPerIPPerHour ? `${key.maxQueriesPerIPPerHour} queries per IP per hour` : '',
                ]
                  .filter(Boolean)
                  .join('; '),
                key.description ?? '',
                key.createdAt,
                <span class={key.validity === 'valid' ? 'se-ok' : 'se-error'}>
                  {key.validity === 'expired'
                    ? `expired at ${key.expiresAt}`
                    : key.expiresAt
                      ? `valid until ${key.expiresAt}`
                      : 'valid, no expiry'}
                </span>,
              ])}
            />
          </>
        )}
      </Loading>
    </>
  );
}
