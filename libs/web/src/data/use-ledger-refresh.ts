import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { USER_PATH } from '../session/user.js';

/**
 * After a change of money: reloads what is on screen (registers, balances, categories,
 * institutions) and marks everything else stale. The signed-in user is left alone.
 */
export function useLedgerRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_PATH }), [queryClient]);
}
