import { categoryRegister, type RouteResponse } from '@budget/contracts';
import { useRouteQuery, type CategoryTree } from '@budget/web';
import { useAppBadge } from './use-app-badge.js';

const selectCount = (answer: RouteResponse<typeof categoryRegister>) => answer.data.transactionsCount;

/**
 * How many transactions wait in Unassigned (its register's transactionsCount), for the badge on
 * its entry and on the installed app's icon; no badge while it is unknown (loading or failed).
 */
export function useUnassignedCount(tree: CategoryTree): number | null {
  const id = tree.unassigned?.id;
  const request = id === undefined ? null : { params: { id }, query: { pending: '2' as const, offset: 0, limit: 1 } };
  const { data: count = null } = useRouteQuery(categoryRegister, request, { select: selectCount });
  useAppBadge(count);
  return count;
}
