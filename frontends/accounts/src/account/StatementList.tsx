import { Amount, DataTable, formatDate, LoadingBlock, useApiData, wireCents, type Column, type Id,
} from '@budget/web';
import { readStatements, type Statement } from './balance-data.js';

const money = (value: Statement['credits']) => (value == null ? '' : <Amount cents={wireCents(value)} />);

const columns: Column<Statement>[] = [
  { header: 'Start Date', render: (s) => formatDate(s.startDate) },
  { header: 'End Date', render: (s) => formatDate(s.endDate) },
  { header: 'Starting Balance', numeric: true, render: (s) => money(s.startingBalance) },
  { header: 'Credits', numeric: true, render: (s) => money(s.credits) },
  { header: 'Debits', numeric: true, render: (s) => money(s.debits) },
  { header: 'Ending Balance', numeric: true, render: (s) => money(s.endingBalance) },
];

/** The account's statements, newest end date first. */
export function StatementList({ accountId }: { accountId: Id }) {
  const { data: statements, isPending } = useApiData(`/api/v1/account/${encodeURIComponent(accountId)}/statements`, readStatements);
  if (isPending) return <LoadingBlock />;
  return <DataTable label="Statements" columns={columns} rows={statements ?? []} rowKey={(s) => s.id} empty="No statements yet" />;
}
