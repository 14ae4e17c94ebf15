import { listBills } from '@budget/contracts';
import { Amount, Button, DataTable, formatDate, Loaded, useRouteQuery, wireCents, type Column } from '@budget/web';
import { UserCategoryType } from '../budget/budget-data.js';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';
import { billDebits, recurrenceText, type Bill } from './bill-data.js';

const columns: Column<Bill>[] = [
  { header: 'Name', render: (bill) => bill.name, sortKey: (bill) => bill.name },
  { header: 'Amount', numeric: true, render: (bill) => <Amount cents={wireCents(bill.fundingAmount)} />, sortKey: (bill) => wireCents(bill.fundingAmount) },
  { header: 'Date', render: (bill) => (bill.goalDate ? formatDate(bill.goalDate) : ''), sortKey: (bill) => bill.goalDate ?? '' },
  { header: 'Debits', numeric: true, render: (bill) => <Amount cents={billDebits(bill)} />, sortKey: billDebits },
  { header: 'Suspended', render: (bill) => (bill.suspended ? 'Yes' : 'No') },
  { header: 'Recurrence', render: (bill) => recurrenceText(bill.recurrence) },
];

/** /bills: the bill overview; Name, Amount, Date and Debits sort on a press of their header. */
export function BillsPage() {
  const bills = useRouteQuery(listBills, {});
  const dialogs = useBudgetDialogs();
  return (
    <section>
      <header className="ui-page-header">
        <h1>Bills</h1>
        <Button disabled={!dialogs.ready} onClick={() => dialogs.open({ kind: 'category', target: UserCategoryType.Bill })}>
          Add Bill
        </Button>
      </header>
      <Loaded query={bills} what="Your bills">
        {(rows) => <DataTable label="Bills" columns={columns} rows={rows} rowKey={(bill) => bill.id} empty="No bills" />}
      </Loaded>
      {dialogs.element}
    </section>
  );
}
