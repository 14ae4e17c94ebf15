import { listRebalances } from '@budget/contracts';
import { Button, categoryNames, Register, toRegisterRows, useRegister, type CategoryTree } from '@budget/web';
import { movedAmount } from '../budget/rebalance-form.js';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';

/**
 * /home/rebalances: the Category Transfers register (funding and rebalances, 30 at a time, more on
 * scrolling). Opening a row edits it in its own dialog; New Transfer moves money between categories.
 */
export function RebalancesRegister({ tree }: { tree: CategoryTree }) {
  const register = useRegister(listRebalances, {});
  const dialogs = useBudgetDialogs();
  const rows = toRegisterRows(register.transactions, {
    amountOf: (transaction) => movedAmount(transaction.categories),
    detailOf: (transaction) => categoryNames(transaction, tree),
    balance: null,
  });
  return (
    <section aria-label="Category Transfers register" className="category-register" data-testid="rebalances-register">
      <header className="ui-page-header">
        <h2>Category Transfers</h2>
        <Button disabled={!dialogs.ready} onClick={() => dialogs.open({ kind: 'transfer' })}>
          New Transfer
        </Button>
      </header>
      <Register
        label="Category transfers"
        rows={rows}
        list={register}
        detailHeader="Category"
        showBalance={false}
        empty="No category transfers yet"
        onOpen={(row) => void dialogs.editTransfer(row.id)}
      />
      {dialogs.element}
    </section>
  );
}
