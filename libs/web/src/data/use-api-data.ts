import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import { useSession } from '../session/session-context.js';

/** What a GET answered, cached once per path whatever screens read from it. */
export interface Answer {
  ok: boolean;
  status?: number;
  body: unknown;
}

/** The query of one GET path: its key is the path, its data the raw answer. */
export function apiQuery(api: ApiClient, path: string) {
  return {
    queryKey: [path],
    queryFn: async (): Promise<Answer> => {
      const { ok, status, body } = await api.get(path);
      return { ok, status, body };
    },
  };
}

/**
 * Reads a raw answer with `read`. A non-ok answer, or a body `read` rejects with null, is an
 * error (the query's `isError`), never an empty result.
 */
export function readAnswer<T>(answer: Answer, read: (body: unknown) => T | null): T {
  if (!answer.ok) throw ApiError.status(answer.status ?? 0, answer.body);
  const value = read(answer.body);
  if (value === null) throw ApiError.invalidResponse(answer.status ?? 200, answer.body, 'The answer could not be read.');
  return value;
}

/**
 * GETs `path` through the session's API client and reads the body with `read`. A failed call or
 * an unreadable answer is an error (see `readAnswer`): show `<LoadError>` for it. Pass null as
 * the path to wait. Pass a stable `read` (declared outside the component) to read each answer
 * once. For routes with a contract in `@budget/contracts`, use `useRouteQuery` instead.
 */
export function useApiData<T>(path: string | null, read: (body: unknown) => T | null): UseQueryResult<T> {
  const { api } = useSession();
  return useQuery({
    ...apiQuery(api, path ?? ''),
    enabled: path !== null,
    select: (answer: Answer) => readAnswer(answer, read),
  });
}
