import { readRegisterPage, recordPath, useApiData, type CategoryTree } from '@budget/web';
import { useAppBadge } from './use-app-badge.js';

const readCount = (body: unknown) => readRegisterPage(body)?.count ?? null;

/**
 * How many transactions wait in Unassigned (its register's transactionsCount), for the badge on
 * its entry and on the installed app's icon.
 */
export function useUnassignedCount(tree: CategoryTree): number | null {
  const id = tree.unassigned?.id;
  const path = id === undefined ? null : `${recordPath('/api/v1/category', id)}/transactions?pending=2&offset=0&limit=1`;
  const { data: count = null } = useApiData(path, readCount);
  useAppBadge(count);
  return count;
}
