import { listTransactionLogs } from '@budget/contracts';
import { DataTable, formatDate, Loaded, useRouteQuery, type Column } from '@budget/web';
import { readableLogMessage, type TransactionLog } from './log-data.js';

const columns: Column<TransactionLog>[] = [
  { header: 'Date', render: (log) => formatDate(log.createdAt), sortKey: (log) => log.createdAt },
  { header: 'Message', render: (log) => readableLogMessage(log.message) },
];

/** /logs: what happened to transactions, newest first (the Date header turns the order round). */
export function TransactionLogsPage() {
  const logs = useRouteQuery(listTransactionLogs, {});
  return (
    <section>
      <h1>Logs</h1>
      <Loaded query={logs} what="The transaction log">
        {(rows) => <DataTable label="Transaction logs" columns={columns} rows={rows} rowKey={(log) => log.id} empty="No log entries" />}
      </Loaded>
    </section>
  );
}
