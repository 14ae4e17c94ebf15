import { useState } from 'react';
import { Navigate } from 'react-router';
import { listPlaidLogs } from '@budget/contracts';
import { Button, DataTable, formatDate, Loaded, LoadingBlock, useRouteQuery, useSession, type Column } from '@budget/web';
import { logText, type PlaidLog } from './log-data.js';

/** Calls shown at once; Older and Newer page through the rest. */
export const PLAID_LOG_PAGE = 50;

// Long payloads scroll inside their cell: focusable, so the keyboard can scroll them too (docs/architecture.md §9).
const payload = (value: unknown) => (
  <pre className="log-json" tabIndex={0}>
    {logText(value)}
  </pre>
);

const columns: Column<PlaidLog>[] = [
  { header: 'Date', render: (log) => formatDate(log.createdAt) },
  { header: 'Endpoint', render: (log) => log.endpoint },
  { header: 'Status', render: (log) => (log.errorCode ? `${log.status} ${log.errorCode}` : log.status) },
  { header: 'ms', render: (log) => log.durationMs },
  { header: 'Request', render: (log) => payload(log.request) },
  { header: 'Response', render: (log) => payload(log.response) },
  { header: 'Item', render: (log) => log.institutionId ?? '' },
];

/**
 * /admin: every call made to the bank-linking provider, newest first, a page at a time (GET
 * /admin/plaid-logs; the server answers it for the ADMIN role only, and stores requests and
 * responses with tokens and secrets already redacted). Anyone else is sent to /logs.
 */
export function PlaidLogsPage() {
  const { user, isAdmin } = useSession();
  const [offset, setOffset] = useState(0);
  const logs = useRouteQuery(listPlaidLogs, isAdmin ? { query: { offset, limit: PLAID_LOG_PAGE } } : null);
  if (user !== null && !isAdmin) return <Navigate to="/logs" replace />;
  return (
    <section>
      <h1>Plaid Logs</h1>
      {!isAdmin ? (
        <LoadingBlock />
      ) : (
        <Loaded query={logs} what="The provider log">
          {(page) => (
            <>
              <DataTable label="Provider logs" columns={columns} rows={page.data} rowKey={(log) => log.id} empty="No provider log entries" />
              {page.total > PLAID_LOG_PAGE && (
                <nav className="log-pager" aria-label="Provider log pages">
                  <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PLAID_LOG_PAGE))}>
                    Newer
                  </Button>
                  <span>
                    {offset + 1}–{offset + page.data.length} of {page.total}
                  </span>
                  <Button disabled={offset + PLAID_LOG_PAGE >= page.total} onClick={() => setOffset(offset + PLAID_LOG_PAGE)}>
                    Older
                  </Button>
                </nav>
              )}
            </>
          )}
        </Loaded>
      )}
    </section>
  );
}
