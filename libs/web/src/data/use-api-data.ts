import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.js';
import { useSession } from '../session/session-context.js';

/** What a GET answered, cached once per path whatever screens read from it. */
export interface Answer {
  ok: boolean;
  body: unknown;
}

/** The query of one GET path: its key is the path, its data the raw answer. */
export function apiQuery(api: ApiClient, path: string) {
  return {
    queryKey: [path],
    queryFn: async (): Promise<Answer> => {
      const { ok, body } = await api.get(path);
      return { ok, body };
    },
  };
}

/**
 * GETs `path` through the session's API client and reads the body with `read`. A non-ok answer
 * (or a body `read` rejects with null) gives null, so screens can show their empty state.
 * Pass null as the path to wait. Pass a stable `read` (declared outside the component) to read
 * each answer once.
 */
export function useApiData<T>(path: string | null, read: (body: unknown) => T | null): UseQueryResult<T | null> {
  const { api } = useSession();
  return useQuery({
    ...apiQuery(api, path ?? ''),
    enabled: path !== null,
    select: (answer: Answer) => (answer.ok ? read(answer.body) : null),
  });
}
