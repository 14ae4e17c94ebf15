import { useQueryClient } from '@tanstack/react-query';
import { USER_PATH } from '@budget/web';

/** Reloads the signed-in user after a change to it. */
export function useRefreshUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [USER_PATH] });
}
