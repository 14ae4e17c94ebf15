import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSession } from '../session/session-context.js';

/**
 * GETs `path` through the session's API client and reads the body with `read`. A non-ok answer
 * (or a body `read` rejects with null) gives null, so screens can show their empty state.
 * Pass null as the path to wait.
 */
export function useApiData<T>(path: string | null, read: (body: unknown) => T | null): UseQueryResult<T | null> {
  const { api } = useSession();
  return useQuery({
    queryKey: [path],
    enabled: path !== null,
    queryFn: async () => {
      const response = await api.get(path ?? '');
      return response.ok ? read(response.body) : null;
    },
  });
}
