import { useState } from 'react';
import { removeBalance } from '@budget/contracts';
import {
  Amount, Button, ConfirmDialog, DataTable, formatDate, FormError, GENERIC_ERROR, LoadError, LoadingBlock, sendFailure, toFormErrors, useLedgerRefresh, useSession, wireCents,
  type Column, type Id,
} from '@budget/web';
import { useBalances, type BalanceEntry } from './balance-data.js';
import { BalanceChartSlot } from './BalanceChartSlot.js';
import { BalanceDialog } from './BalanceDialog.js';
import { fillDays } from './fill-days.js';

/**
 * The balance over time: a chart and the entries, newest first. A Balances-tracked account's
 * entries are its own history (editable); any other account shows its end-of-day balances.
 */
export function BalanceHistory({ accountId, editable }: { accountId: Id; editable: boolean }) {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const query = useBalances(accountId);
  const [editing, setEditing] = useState<BalanceEntry | null>(null);
  const [removing, setRemoving] = useState<BalanceEntry | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  if (query.isError) return <LoadError what="The balance history" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending) return <LoadingBlock />;

  const entries = query.data;
  const days = fillDays(entries.map((entry) => ({ date: entry.date, cents: wireCents(entry.balance) })));
  const columns: Column<BalanceEntry>[] = [
    { header: 'Date', render: (entry) => formatDate(entry.date), sortKey: (entry) => entry.date },
    { header: 'Balance', numeric: true, render: (entry) => <Amount cents={wireCents(entry.balance)} />, sortKey: (entry) => wireCents(entry.balance) },
  ];
  if (editable) {
    columns.push({
      header: 'Actions',
      numeric: true,
      render: (entry) => (
        <span className="balance-actions">
          <Button variant="text" onClick={() => setEditing(entry)}>
            Edit
          </Button>
          <Button variant="text" onClick={() => setRemoving(entry)}>
            Delete
          </Button>
        </span>
      ),
    });
  }
  const remove = async () => {
    const id = removing?.id;
    setRemoving(null);
    setRemoveError(null);
    if (id === undefined) return;
    try {
      const response = await api.send(removeBalance, { params: { id } });
      if (!response.ok) setRemoveError(toFormErrors(response.body, [])?.general ?? GENERIC_ERROR);
    } catch (error) {
      setRemoveError(sendFailure(error));
    }
    await refresh();
  };

  return (
    <div className="balance-history" data-testid="balance-history">
      {days.length > 0 ? <BalanceChartSlot days={days} /> : null}
      <FormError message={removeError} />
      <DataTable label="Balances" columns={columns} rows={entries} rowKey={(entry) => entry.id ?? entry.date} empty="No balances yet" />
      {editing ? <BalanceDialog accountId={accountId} entry={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Delete Balance"
        message={`Are you sure you want to delete the balance of ${removing ? formatDate(removing.date) : ''}?`}
        confirmLabel="Delete"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
