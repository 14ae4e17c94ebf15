import { newTransactionsCount, type RouteResponse } from '@budget/contracts';
import { useRouteQuery } from '../data/route-query.js';

const selectCount = (answer: RouteResponse<typeof newTransactionsCount>) => answer.data.count;

/**
 * How many of the user's rows are new (not yet reviewed, docs/architecture.md §4.6 "Review
 * state"), for the badge on the Accounts entry; null while it is unknown (loading or failed).
 */
export function useNewTransactionsCount(): number | null {
  const { data = null } = useRouteQuery(newTransactionsCount, {}, { select: selectCount });
  return data;
}

/** The Accounts entry's badge for `count` new rows (none while unknown or 0). */
export const newRowsBadge = (count: number | null) => (count ? { count, label: count === 1 ? 'new transaction' : 'new transactions' } : undefined);
