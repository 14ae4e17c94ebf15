import { useMemo } from 'react';
import { listBills } from '@budget/contracts';
import { Amount, Button, DataTable, formatDate, Loaded, ProgressBar, useIsMobile, useRouteQuery, wireCents, type Column } from '@budget/web';
import type { Cents } from '@budget/money';
import { useBudget, UserCategoryType } from '../budget/budget-data.js';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';
import { billDebits, billFunded, billProgress, recurrenceText, type Bill } from './bill-data.js';
import './bills.css';

const columns = (balances: ReadonlyMap<string, Cents>): Column<Bill>[] => [
  { header: 'Name', render: (bill) => bill.name, sortKey: (bill) => bill.name },
  { header: 'Amount', numeric: true, render: (bill) => <Amount cents={wireCents(bill.fundingAmount)} />, sortKey: (bill) => wireCents(bill.fundingAmount) },
  { header: 'Funded', numeric: true, render: (bill) => <Amount cents={billFunded(bill, balances)} />, sortKey: (bill) => billFunded(bill, balances) },
  { header: 'Date', render: (bill) => (bill.goalDate ? formatDate(bill.goalDate) : ''), sortKey: (bill) => bill.goalDate ?? '' },
  { header: 'Debits', numeric: true, render: (bill) => <Amount cents={billDebits(bill)} />, sortKey: billDebits },
  { header: 'Suspended', render: (bill) => (bill.suspended ? 'Yes' : 'No') },
  { header: 'Recurrence', render: (bill) => recurrenceText(bill.recurrence) },
];

/** A bill on a phone: every column's field in view, and its funding toward the amount (docs/architecture.md §9.7). */
function BillCard({ bill, funded }: { bill: Bill; funded: Cents }) {
  const amount = wireCents(bill.fundingAmount);
  const progress = billProgress(funded, amount);
  return (
    <li className="bill-card" data-testid="bill-card">
      <h2 className="bill-card__name">{bill.name}</h2>
      <dl className="bill-card__fields">
        <dt>Amount</dt>
        <dd><Amount cents={amount} /></dd>
        <dt>Funded</dt>
        <dd data-testid="bill-funded"><Amount cents={funded} /></dd>
        <dt>Date</dt>
        <dd>{bill.goalDate ? formatDate(bill.goalDate) : '—'}</dd>
        <dt>Debits</dt>
        <dd><Amount cents={billDebits(bill)} /></dd>
        <dt>Suspended</dt>
        <dd>{bill.suspended ? 'Yes' : 'No'}</dd>
        <dt>Recurrence</dt>
        <dd>{recurrenceText(bill.recurrence) || '—'}</dd>
      </dl>
      <ProgressBar value={progress} label={`${bill.name}: ${Math.round(progress * 100)}% funded`} />
    </li>
  );
}

/** /bills: the bill overview; Name, Amount, Funded, Date and Debits sort on a press of their header; cards on a phone. */
export function BillsPage() {
  const bills = useRouteQuery(listBills, {});
  const budget = useBudget();
  const dialogs = useBudgetDialogs();
  const phone = useIsMobile();
  const categories = budget.data?.categories;
  const balances = useMemo(() => new Map<string, Cents>((categories ?? []).map((c) => [c.id, wireCents(c.balance)])), [categories]);
  const tableColumns = useMemo(() => columns(balances), [balances]);
  return (
    <section>
      <header className="ui-page-header">
        <h1>Bills</h1>
        <Button disabled={!dialogs.ready} onClick={() => dialogs.open({ kind: 'category', target: UserCategoryType.Bill })}>
          Add Bill
        </Button>
      </header>
      <Loaded query={bills} what="Your bills">
        {(rows) =>
          phone ? (
            rows.length === 0 ? (
              <p className="ui-muted">No bills</p>
            ) : (
              <ul className="bill-cards" aria-label="Bills">
                {rows.map((bill) => (
                  <BillCard key={bill.id} bill={bill} funded={billFunded(bill, balances)} />
                ))}
              </ul>
            )
          ) : (
            <DataTable label="Bills" columns={tableColumns} rows={rows} rowKey={(bill) => bill.id} empty="No bills" />
          )
        }
      </Loaded>
      {dialogs.element}
    </section>
  );
}
