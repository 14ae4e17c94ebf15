import { Amount, DataTable, formatDate, LoadingBlock, useApiData, wireCents, type Column, type Id,
} from '@budget/web';
import { readBalances, type BalanceEntry } from './balance-data.js';

const columns: Column<BalanceEntry>[] = [
  { header: 'Date', render: (entry) => formatDate(entry.date) },
  { header: 'Balance', numeric: true, render: (entry) => <Amount cents={wireCents(entry.balance)} /> },
];

/** The account's balance history, newest first. */
export function BalanceHistory({ accountId }: { accountId: Id }) {
  const { data: balances, isPending } = useApiData(`/api/v1/account/${encodeURIComponent(accountId)}/balances`, readBalances);
  if (isPending) return <LoadingBlock />;
  return (
    <DataTable
      label="Balances"
      columns={columns}
      rows={balances ?? []}
      rowKey={(entry) => entry.id ?? entry.date}
      empty="No balances yet"
    />
  );
}
