import type { accountRegister, categoryRegister, listRebalances, RouteResponse, searchTransactions } from '@budget/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ApiClient } from '../api/api-client.js';
import { routeUrl, type CallRequest } from '../api/route-url.js';
import { useSession } from '../session/session-context.js';
import { nextPageOffset } from './register-paging.js';
import { PAGE_SIZE, type RegisterPage } from './transaction-data.js';

/** The routes that answer a register page `{data: {transactions, balance, transactionsCount?}}` (search does not count). */
export type RegisterRoute = typeof accountRegister | typeof categoryRegister | typeof listRebalances | typeof searchTransactions;
type RegisterAnswer = RouteResponse<RegisterRoute>;

/** One page of a register from `offset`: the route's own query plus offset and limit of 30. */
export async function fetchRegisterPage<C extends RegisterRoute>(api: ApiClient, contract: C, request: CallRequest<C>, offset: number): Promise<RegisterPage> {
  const base = request as { params?: unknown; query?: Record<string, unknown> };
  const paged = { ...base, query: { ...base.query, offset, limit: PAGE_SIZE } };
  // Every register route answers the same page shape; `call` stays bound to the client.
  const call = api.call.bind(api) as unknown as (route: RegisterRoute, sent: typeof paged) => Promise<RegisterAnswer>;
  const { data } = await call(contract, paged);
  return {
    transactions: data.transactions,
    balance: data.balance,
    count: 'transactionsCount' in data ? data.transactionsCount : null,
    countCapped: 'transactionsCountCapped' in data && data.transactionsCountCapped,
    received: data.transactions.length,
  };
}

/**
 * A register loaded 30 rows at a time (spec §4 "List fetch"): `loadMore` fetches the next page
 * until one comes back short; `reload` starts over from offset 0; `retry` fetches again after a
 * failure. Pass null as the request to wait. A failed page is `failed` (with `error`), never an
 * empty register.
 */
export function useRegister<C extends RegisterRoute>(contract: C, request: CallRequest<C> | null) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const url = request === null ? null : routeUrl(contract, request);
  const queryKey = useMemo(() => ['register', url, contract.id], [url, contract.id]);
  const query = useInfiniteQuery({
    queryKey,
    enabled: request !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchRegisterPage(api, contract, request ?? ({} as CallRequest<C>), pageParam),
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });
  const pages = query.data?.pages;
  const transactions = useMemo(() => pages?.flatMap((page) => page.transactions) ?? [], [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const reload = useCallback(() => queryClient.resetQueries({ queryKey, exact: true }), [queryClient, queryKey]);
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    transactions,
    /** The first page's balance and count: the register's current totals. */
    balance: pages?.[0]?.balance ?? null,
    count: pages?.[0]?.count ?? null,
    /** The first page's count stopped at its bound: more rows than `count` (search). */
    countCapped: pages?.[0]?.countCapped ?? false,
    loading: query.isPending && request !== null,
    failed: query.isError,
    error: query.error,
    loadingMore: isFetchingNextPage,
    refreshing: query.isRefetching && !isFetchingNextPage,
    complete: !hasNextPage,
    loadMore,
    reload,
    retry,
  };
}
