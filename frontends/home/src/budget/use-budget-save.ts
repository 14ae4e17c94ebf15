import { listGroups, type GroupsTree, type RouteContract, type RouteResponse } from '@budget/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, routeQueryKey, useLedgerRefresh, type RouteResult } from '@budget/web';

type GroupsAnswer = RouteResponse<typeof listGroups>;

/**
 * Sends a group or category change. On success the cached tree takes the change at once (it is
 * rebuilt sorted by name, so a renamed or moved item is re-inserted in order) and everything on
 * screen reloads from the server.
 */
export function useBudgetSave() {
  const queryClient = useQueryClient();
  const refresh = useLedgerRefresh();

  return async <C extends RouteContract>(send: () => Promise<RouteResult<C>>, applyToTree: (tree: GroupsTree, answer: RouteResponse<C>) => GroupsTree): Promise<RouteResult<C>> => {
    const result = await send().catch((error: unknown) => {
      // A 'pending' write is stored: what is on screen reloads, the caller closes its dialog.
      if (isApiError(error) && error.kind === 'pending') void refresh();
      throw error;
    });
    if (result.ok) {
      queryClient.setQueryData<GroupsAnswer>(routeQueryKey(listGroups, {}), (cached) => (cached ? { data: applyToTree(cached.data, result.body) } : cached));
      void refresh();
    }
    return result;
  };
}
