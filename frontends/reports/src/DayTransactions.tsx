import { useQuery } from '@tanstack/react-query';
import { budgetProgressDay, transactionsByIds } from '@budget/contracts';
import { accountAmount, categoryNames, Register, routeUrl, toRegisterRows, useCategories, useSession, type RegisterList } from '@budget/web';
import { longDate } from './dates.js';
import { rowsInChunks } from './day-rows.js';

/**
 * The transactions of one budget-progress day, in the shared register (read-only here): the day's
 * ids from `GET /reports/budget-progress/day`, then their rows from `GET /transactions?t=…` in
 * chunks of at most 500 ids (docs/architecture.md §4.7), so a day of any size opens. One query
 * keyed by the day's URL: the change feed refreshes it as it refreshes the reports.
 */
export function DayTransactions({ date }: { date: string }) {
  const { api } = useSession();
  const request = { query: { date } };
  const query = useQuery({
    queryKey: [routeUrl(budgetProgressDay, request), 'budgetProgressDayRows'],
    queryFn: async () => {
      const { ids } = await api.call(budgetProgressDay, request);
      return rowsInChunks(ids, async (t) => (await api.call(transactionsByIds, { query: { t } })).data.transactions);
    },
  });
  const { data: tree } = useCategories();
  const rows = toRegisterRows(query.data ?? [], { amountOf: accountAmount, detailOf: (transaction) => categoryNames(transaction, tree), balance: null });
  const list: RegisterList = {
    loading: query.isPending,
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
