import { listBalances, type RouteResponse } from '@budget/contracts';
import { useRouteQuery, type Id } from '@budget/web';

/** A balance-history row as GET /account/{id}/balances answers it (`@budget/contracts`). */
export type BalanceEntry = RouteResponse<typeof listBalances>[number];

/** Newest first. */
export const newestFirst = (entries: RouteResponse<typeof listBalances>): BalanceEntry[] => [...entries].sort((a, b) => b.date.localeCompare(a.date));

/** GET /account/{id}/balances, newest first. */
export function useBalances(accountId: Id) {
  return useRouteQuery(listBalances, { params: { id: accountId } }, { select: newestFirst });
}
