import { listBalances, type RouteResponse } from '@budget/contracts';
import { useEveryPage, type Id } from '@budget/web';

/** A balance-history row as GET /account/{id}/balances answers it (`@budget/contracts`). */
export type BalanceEntry = RouteResponse<typeof listBalances>[number];

/** Newest first. */
export const newestFirst = (entries: RouteResponse<typeof listBalances>): BalanceEntry[] => [...entries].sort((a, b) => b.date.localeCompare(a.date));

/** GET /account/{id}/balances, every page (the chart and the table show the whole history), newest first. */
export function useBalances(accountId: Id) {
  return useEveryPage(listBalances, { params: { id: accountId } }, { select: newestFirst });
}
