import type { RouteContract, RouteResponse } from '@budget/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.js';
import { routeUrl, type CallRequest } from '../api/route-url.js';
import { useSession } from '../session/session-context.js';

/**
 * The cache key of one call: its URL first (so invalidating by a path prefix reaches it, and
 * `useLedgerRefresh` can tell the user apart), then the route's id.
 */
export function routeQueryKey<C extends RouteContract>(contract: C, request: CallRequest<C>): [string, string] {
  return [routeUrl(contract, request), contract.id];
}

/** The query of one GET route: `api.call`, so a failed call or a broken answer is an error, never empty data. */
export function routeQuery<C extends RouteContract>(api: ApiClient, contract: C, request: CallRequest<C>) {
  return {
    queryKey: routeQueryKey(contract, request),
    queryFn: () => (api.call as (c: C, r: CallRequest<C>) => Promise<RouteResponse<C>>)(contract, request),
  };
}

export interface RouteQueryOptions<C extends RouteContract, T> {
  /** Turns the answer into what the screen shows (memoised by TanStack Query; pass a stable function). */
  select?: (answer: RouteResponse<C>) => T;
}

/**
 * Reads a route through the session's API client with TanStack Query. Pass null as the request
 * to wait. `isError` is true when the call failed or its answer broke the contract: show
 * `<LoadError>` then, and the empty state only for a successful answer without rows.
 */
export function useRouteQuery<C extends RouteContract, T = RouteResponse<C>>(
  contract: C,
  request: CallRequest<C> | null,
  options: RouteQueryOptions<C, T> = {},
): UseQueryResult<T> {
  const { api } = useSession();
  const query = request === null ? { queryKey: ['idle', contract.id], queryFn: () => Promise.reject(new Error('not enabled')) } : routeQuery(api, contract, request);
  return useQuery({
    ...query,
    enabled: request !== null,
    ...(options.select ? { select: options.select } : {}),
  }) as UseQueryResult<T>;
}
