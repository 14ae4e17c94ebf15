import { MAX_PAGE_SIZE, type listBalances, type listConnectedAccounts, type listStatements, type RouteResponse } from '@budget/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.js';
import { routeUrl, type CallRequest } from '../api/route-url.js';
import { useSession } from '../session/session-context.js';

/**
 * The paged lists a screen shows whole: an account's statements and balance history (bare
 * arrays) and the institutions with their accounts (`{data: [...]}`). Each answers at most 1000
 * rows a call, so a screen that must show all of them asks page after page.
 */
export type EveryPageRoute = typeof listStatements | typeof listBalances | typeof listConnectedAccounts;

type Answer = RouteResponse<EveryPageRoute>;
const rowsOf = (answer: Answer): readonly unknown[] => (Array.isArray(answer) ? answer : answer.data);

/**
 * Every page of a list, from offset 0, `pageSize` rows at a time until a page comes back short
 * (the spec's "a list is complete when a page returns fewer than asked"), joined into one answer
 * of the route's own shape. A failed or broken page fails the whole read, never shortens it.
 */
export async function fetchEveryPage<C extends EveryPageRoute>(api: ApiClient, contract: C, request: CallRequest<C>, pageSize = MAX_PAGE_SIZE): Promise<RouteResponse<C>> {
  const base = request as { params?: unknown; query?: Record<string, unknown> };
  // Every one of these routes takes offset and limit; `call` stays bound to the client.
  const call = api.call.bind(api) as unknown as (route: EveryPageRoute, sent: object) => Promise<Answer>;
  const pages: Answer[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await call(contract, { ...base, query: { ...base.query, offset, limit: pageSize } });
    pages.push(page);
    if (rowsOf(page).length < pageSize) break;
  }
  const rows = pages.flatMap(rowsOf);
  const first = pages[0] as Answer;
  return (Array.isArray(first) ? rows : { ...first, data: rows }) as RouteResponse<C>;
}

export interface EveryPageOptions<C extends EveryPageRoute, T> {
  /** Turns the joined answer into what the screen shows (memoised by TanStack Query; pass a stable function). */
  select?: (answer: RouteResponse<C>) => T;
  /** Rows asked for per call (default 1000, the most a page holds: one call for any real user). */
  pageSize?: number;
}

/**
 * `useRouteQuery` for a list the screen shows whole: every page, joined (see `fetchEveryPage`).
 * Keyed by the URL first, like every route query, so `useLedgerRefresh` reloads it.
 */
export function useEveryPage<C extends EveryPageRoute, T = RouteResponse<C>>(contract: C, request: CallRequest<C> | null, options: EveryPageOptions<C, T> = {}): UseQueryResult<T> {
  const { api } = useSession();
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const url = request === null ? null : routeUrl(contract, request);
  return useQuery({
    queryKey: [url, contract.id, 'every page', pageSize],
    enabled: request !== null,
    queryFn: () => fetchEveryPage(api, contract, request ?? ({} as CallRequest<C>), pageSize),
    ...(options.select ? { select: options.select } : {}),
  }) as UseQueryResult<T>;
}
