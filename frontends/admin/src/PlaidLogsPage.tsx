import { Navigate } from 'react-router';
import { DataTable, formatDate, Loaded, LoadingBlock, useApiData, useSession, type Column } from '@budget/web';
import { logText, readPlaidLogs, type PlaidLog } from './log-data.js';

const payload = (value: unknown) => <pre className="log-json">{logText(value)}</pre>;

const columns: Column<PlaidLog>[] = [
  { header: 'Date', render: (log) => formatDate(log.createdAt) },
  { header: 'Request', render: (log) => payload(log.request) },
  { header: 'Response', render: (log) => payload(log.response) },
  { header: 'Status', render: (log) => log.status ?? '' },
  { header: 'Institution', render: (log) => log.institutionId ?? '' },
];

/**
 * /admin: every call made to the bank-linking provider, newest first. Not routed while the
 * server has no `/admin/plaid-logs` (App shows "not available yet").
 */
export function PlaidLogsPage() {
  const { user, isAdmin } = useSession();
  const logs = useApiData(isAdmin ? '/api/v1/admin/plaid-logs' : null, readPlaidLogs);
  if (user !== null && !isAdmin) return <Navigate to="/logs" replace />;
  return (
    <section>
      <h1>Plaid Logs</h1>
      {!isAdmin ? (
        <LoadingBlock />
      ) : (
        <Loaded query={logs} what="The provider log">
          {(rows) => <DataTable label="Provider logs" columns={columns} rows={rows} rowKey={(log) => log.id} empty="No provider log entries" />}
        </Loaded>
      )}
    </section>
  );
}
