import { useState } from 'react';
import { categoryRegister } from '@budget/contracts';
import {
  ExplainBalance,
  amountInCategory,
  CategoryType,
  closedReason,
  Register,
  Tabs,
  toRegisterRows,
  useRegister,
  useTransactionEditor,
  wireCents,
  type CategoryNode,
  type CategoryTree,
} from '@budget/web';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';
import { categoryRegisterDetail } from './register-detail.js';

/** Funding (2) and rebalance (3) rows open their own dialogs (product-spec §4 "Editing a transaction"). */
const isTransfer = (type: number) => type === 2 || type === 3;

type RegisterTab = 'posted' | 'pending';

const TABS = [
  { id: 'posted', label: 'Transactions' },
  { id: 'pending', label: 'Pending' },
] as const;

/** The register of one category: posted rows (pending=2) or pending ones (pending=1), newest first. */
export function CategoryRegister({ category, tree }: { category: CategoryNode; tree: CategoryTree }) {
  const [tab, setTab] = useState<RegisterTab>('posted');
  const pending = tab === 'pending';
  const register = useRegister(categoryRegister, { params: { id: category.id }, query: { pending: pending ? '1' : '2' } });
  const editor = useTransactionEditor();
  const budgetDialogs = useBudgetDialogs();
  const unassigned = category.type === CategoryType.Unassigned;
  const balance = register.balance === null ? category.balance : wireCents(register.balance);
  const rows = toRegisterRows(register.transactions, {
    amountOf: (transaction) => amountInCategory(transaction, category.id, unassigned),
    detailOf: (transaction) => categoryRegisterDetail(transaction, tree),
    // Pending rows are not in the balance yet, so they carry no running balance.
    balance: pending ? null : balance,
  });
  return (
    <section aria-label={`${category.name} register`} className="category-register" data-testid="category-register">
      <header className="ui-page-header">
        <h2>{category.path}</h2>
        <ExplainBalance subject="category" id={category.id} name={category.path} cents={balance} />
      </header>
      <Tabs label="Register views" tabs={TABS} value={tab} onChange={setTab} />
      <Register
        key={tab}
        label={pending ? 'Pending transactions' : 'Transactions'}
        rows={rows}
        list={register}
        detailHeader="Category"
        showAccount
        showBalance={!pending}
        empty={pending ? 'No pending transactions' : 'No transactions yet'}
        onOpen={(row) => (isTransfer(row.transaction.type) ? void budgetDialogs.editTransfer(row.transaction.id) : editor.open({ transaction: row.transaction }))}
        closedReason={(row) => (isTransfer(row.transaction.type) ? null : closedReason(row.transaction))}
      />
      {editor.element}
      {budgetDialogs.element}
    </section>
  );
}
