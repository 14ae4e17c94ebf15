import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../session/session-context.js';
import { nextPageOffset, pagePath } from './register-paging.js';
import { readRegisterPage, type RegisterPage } from './transaction-data.js';

/**
 * A register loaded 30 rows at a time (spec §4 "List fetch"): `loadMore` fetches the next page
 * until one comes back short; `reload` starts over from offset 0. Pass null to wait.
 */
export function useRegister(basePath: string | null) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['register', basePath], [basePath]);
  const query = useInfiniteQuery({
    queryKey,
    enabled: basePath !== null,
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<RegisterPage> => {
      const { ok, body } = await api.get(pagePath(basePath ?? '', pageParam));
      const page = ok ? readRegisterPage(body) : null;
      if (page === null) throw new Error('invalid response');
      return page;
    },
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });
  const pages = query.data?.pages;
  const transactions = useMemo(() => pages?.flatMap((page) => page.transactions) ?? [], [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const reload = useCallback(() => queryClient.resetQueries({ queryKey, exact: true }), [queryClient, queryKey]);

  return {
    transactions,
    /** The first page's balance and count: the register's current totals. */
    balance: pages?.[0]?.balance ?? null,
    count: pages?.[0]?.count ?? null,
    loading: query.isPending && basePath !== null,
    failed: query.isError,
    loadingMore: isFetchingNextPage,
    refreshing: query.isRefetching && !isFetchingNextPage,
    complete: !hasNextPage,
    loadMore,
    reload,
  };
}
