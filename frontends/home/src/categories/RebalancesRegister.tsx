import {
  categoryNames,
  LoadingBlock,
  PAGE_SIZE,
  readRegisterPage,
  RegisterTable,
  toRegisterRows,
  wireCents,
  useApiData,
  type CategoryTree,
  type TransactionData,
} from '@budget/web';

/** The money a rebalance moved: the sum of its positive splits. */
function movedAmount(transaction: TransactionData): number {
  return (transaction.categories ?? []).map((split) => wireCents(split.amount)).filter((cents) => cents > 0).reduce((a, b) => a + b, 0);
}

/** /home/rebalances: the Category Transfers register. */
export function RebalancesRegister({ tree }: { tree: CategoryTree }) {
  const { data: page, isPending } = useApiData(`/api/v1/rebalances?offset=0&limit=${PAGE_SIZE}`, readRegisterPage);
  const rows = toRegisterRows(page?.transactions ?? [], {
    amountOf: movedAmount,
    detailOf: (transaction) => categoryNames(transaction, tree),
    balance: null,
  });
  return (
    <section aria-label="Category Transfers register" data-testid="rebalances-register">
      <header className="ui-page-header">
        <h2>Category Transfers</h2>
      </header>
      {isPending ? (
        <LoadingBlock />
      ) : (
        <RegisterTable rows={rows} detailHeader="Category" showBalance={false} empty="No category transfers yet" label="Category transfers" />
      )}
    </section>
  );
}
