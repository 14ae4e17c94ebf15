import { listTransactionLogs } from '@budget/contracts';
import { DataTable, Loaded, logMoment, useRouteQuery, type Column } from '@budget/web';
import { logActions, readableLogMessage, type LogAction } from './log-data.js';

const columns: Column<LogAction>[] = [
  { header: 'Date', render: (action) => <time dateTime={action.createdAt}>{logMoment(action.createdAt)}</time>, sortKey: (action) => action.createdAt },
  {
    header: 'Message',
    render: (action) =>
      action.lines.length === 1 ? (
        readableLogMessage(action.lines[0]!.message)
      ) : (
        <ul className="log-action" aria-label={`${action.lines.length} lines of one action`}>
          {action.lines.map((line) => (
            <li key={line.id}>{readableLogMessage(line.message)}</li>
          ))}
        </ul>
      ),
  },
];

/**
 * /logs: what happened to money, newest first (the Date header turns the order round), at the
 * time of day it happened; the lines of one action (an import's rows and its summary, a sync, a
 * rule's apply) share a row (README "Every cent explained").
 */
export function TransactionLogsPage() {
  const logs = useRouteQuery(listTransactionLogs, { query: { limit: 300 } });
  return (
    <section>
      <h1>Logs</h1>
      <Loaded query={logs} what="The transaction log">
        {(rows) => <DataTable label="Transaction logs" columns={columns} rows={logActions(rows)} rowKey={(action) => action.id} empty="No log entries" />}
      </Loaded>
    </section>
  );
}
