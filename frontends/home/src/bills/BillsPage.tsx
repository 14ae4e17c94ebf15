import { Amount, Button, DataTable, formatDate, LoadingBlock, useApiData, wireCents, type Column } from '@budget/web';
import { UserCategoryType } from '../budget/budget-data.js';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';
import { readBills, recurrenceText, type Bill } from './bill-data.js';

const columns: Column<Bill>[] = [
  { header: 'Name', render: (bill) => bill.name },
  { header: 'Amount', numeric: true, render: (bill) => <Amount cents={wireCents(bill.fundingAmount)} /> },
  { header: 'Date', render: (bill) => (bill.goalDate ? formatDate(bill.goalDate) : '') },
  { header: 'Debits', numeric: true, render: (bill) => (bill.debits == null ? '' : <Amount cents={wireCents(bill.debits)} />) },
  { header: 'Suspended', render: (bill) => (bill.suspended ? 'Yes' : 'No') },
  { header: 'Recurrence', render: (bill) => recurrenceText(bill.recurrence) },
];

/** /bills: the bill overview. */
export function BillsPage() {
  const { data: bills, isPending } = useApiData('/api/v1/bills', readBills);
  const dialogs = useBudgetDialogs();
  return (
    <section>
      <header className="ui-page-header">
        <h1>Bills</h1>
        <Button disabled={!dialogs.ready} onClick={() => dialogs.open({ kind: 'category', target: UserCategoryType.Bill })}>
          Add Bill
        </Button>
      </header>
      {isPending ? <LoadingBlock /> : <DataTable label="Bills" columns={columns} rows={bills ?? []} rowKey={(bill) => bill.id} empty="No bills" />}
      {dialogs.element}
    </section>
  );
}
