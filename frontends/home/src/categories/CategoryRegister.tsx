import {
  Amount,
  amountInCategory,
  CategoryType,
  categoryNames,
  LoadingBlock,
  PAGE_SIZE,
  readRegisterPage,
  RegisterTable,
  toRegisterRows,
  useApiData,
  wireCents,
  type CategoryNode,
  type CategoryTree,
} from '@budget/web';
import { useAppBadge } from './use-app-badge.js';

/** The register of one category: its transactions, newest first, with running balances. */
export function CategoryRegister({ category, tree }: { category: CategoryNode; tree: CategoryTree }) {
  const path = `/api/v1/category/${encodeURIComponent(category.id)}/transactions?offset=0&limit=${PAGE_SIZE}&pending=2`;
  const { data: page, isPending } = useApiData(path, readRegisterPage);
  const unassigned = category.type === CategoryType.Unassigned;
  // The unassigned register's count is what still needs a category: the app badge shows it.
  useAppBadge(unassigned ? (page?.count ?? null) : null);
  const balance = page?.balance == null ? category.balance : wireCents(page.balance);
  const rows = toRegisterRows(page?.transactions ?? [], {
    amountOf: (transaction) => amountInCategory(transaction, category.id, unassigned),
    detailOf: (transaction) => categoryNames(transaction, tree),
    balance,
  });
  return (
    <section aria-label={`${category.name} register`} data-testid="category-register">
      <header className="ui-page-header">
        <h2>{category.path}</h2>
        <Amount cents={balance} />
      </header>
      {isPending ? (
        <LoadingBlock />
      ) : (
        <RegisterTable rows={rows} detailHeader="Category" showBalance empty="No transactions yet" label="Transactions" />
      )}
    </section>
  );
}
