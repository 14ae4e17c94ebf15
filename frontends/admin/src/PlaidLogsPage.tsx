import { Navigate } from 'react-router';
import { DataTable, formatDate, LoadingBlock, useApiData, useSession, type Column } from '@budget/web';
import { logText, readPlaidLogs, type PlaidLog } from './log-data.js';

const payload = (value: unknown) => <pre className="log-json">{logText(value)}</pre>;

const columns: Column<PlaidLog>[] = [
  { header: 'Date', render: (log) => formatDate(log.createdAt) },
  { header: 'Request', render: (log) => payload(log.request) },
  { header: 'Response', render: (log) => payload(log.response) },
  { header: 'Status', render: (log) => log.status ?? '' },
  { header: 'Institution', render: (log) => log.institutionId ?? '' },
];

/** /admin: every call made to the bank-linking provider, newest first. */
export function PlaidLogsPage() {
  const { user, isAdmin } = useSession();
  const { data: logs, isPending } = useApiData(isAdmin ? '/api/v1/admin/plaid-logs' : null, readPlaidLogs);
  if (user !== null && !isAdmin) return <Navigate to="/logs" replace />;
  return (
    <section>
      <h1>Plaid Logs</h1>
      {isPending || !isAdmin ? <LoadingBlock /> : <DataTable label="Provider logs" columns={columns} rows={logs ?? []} rowKey={(log) => log.id} empty="No provider log entries" />}
    </section>
  );
}
