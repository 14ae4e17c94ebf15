import { useQueryClient } from '@tanstack/react-query';
import { GROUPS_PATH, useLedgerRefresh, useSession, type ApiResponse, type Method } from '@budget/web';

interface Answer {
  ok: boolean;
  body: unknown;
}

/**
 * Sends a group or category change. On success the cached tree takes the change at once (it is
 * rebuilt sorted by name, so a renamed or moved item is re-inserted in order) and everything on
 * screen reloads from the server.
 */
export function useBudgetSave() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const refresh = useLedgerRefresh();

  return async (method: Method, path: string, body: unknown, applyToTree: (groupsBody: unknown, answer: unknown) => unknown): Promise<ApiResponse> => {
    const response = await api.request(method, path, body);
    if (response.ok) {
      queryClient.setQueryData<Answer>([GROUPS_PATH], (cached) => (cached?.ok ? { ...cached, body: applyToTree(cached.body, response.body) } : cached));
      void refresh();
    }
    return response;
  };
}
