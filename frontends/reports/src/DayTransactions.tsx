import { transactionsByIds, type RouteResponse } from '@budget/contracts';
import { accountAmount, categoryNames, Register, toRegisterRows, useCategories, useRouteQuery, type RegisterList } from '@budget/web';
import { longDate } from './dates.js';

const transactionsOf = (answer: RouteResponse<typeof transactionsByIds>) => answer.data.transactions;

/**
 * The transactions of one budget-progress day (`GET /transactions?t=…`, the ids the report gave
 * for the day), in the shared register: read-only here, newest first.
 */
export function DayTransactions({ date, ids }: { date: string; ids: readonly string[] }) {
  const query = useRouteQuery(transactionsByIds, ids.length === 0 ? null : { query: { t: [...ids] } }, { select: transactionsOf });
  const { data: tree } = useCategories();
  const rows = toRegisterRows(query.data ?? [], { amountOf: accountAmount, detailOf: (transaction) => categoryNames(transaction, tree), balance: null });
  const list: RegisterList = {
    loading: query.isPending && ids.length > 0,
    failed: query.isError,
    error: query.error,
    loadingMore: false,
    complete: true,
    refreshing: query.isRefetching,
    loadMore: () => undefined,
    reload: () => query.refetch().then(() => undefined),
    retry: () => void query.refetch(),
  };
  const heading = `Transactions on ${longDate(date)}`;
  return (
    <section className="report-day" aria-label={heading} data-testid="report-day">
      <h3>{heading}</h3>
      <Register label={heading} rows={rows} list={list} detailHeader="Category" showBalance={false} empty="No transactions on this day" />
    </section>
  );
}
