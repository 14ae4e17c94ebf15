import type { FeedChange } from '@budget/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeFeedChanges } from './merge.js';
import { affects } from './affected.js';
import { connectChangeFeed, type FeedOptions, type FeedStatus } from './change-feed-client.js';
import { useSession } from '../session/session-context.js';
import { USER_PATH } from '../session/user.js';

/** Where the linked banks still waiting for their first sync are kept (the feed's `syncing` message). */
export const SYNCING_KEY = ['change-feed', 'syncing'] as const;
/** Where the feed's state is kept: `open`, `connecting` or `down` (then screens refetch on focus). */
export const FEED_STATUS_KEY = ['change-feed', 'status'] as const;

/** Changes arriving this close together are applied as one (a sync's chunks). */
const BATCH_MS = 50;

/** Marks stale, and refetches where shown, exactly the queries the change touches (`affects`). */
export function applyChange(queryClient: QueryClient, change: FeedChange): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => affects(query.queryKey, query.state.data, change) });
}

/** Everything but the signed-in user and the feed's own state (a reset, or a focus while the feed is down). */
export function refetchEverything(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_PATH && query.queryKey[0] !== 'change-feed' });
}

/**
 * Keeps the signed-in user's change feed open for the whole app (the shell renders it once, so
 * every remote's queries benefit) and turns each change into exactly the invalidations it needs.
 * While the feed is down, the app refetches what is shown when the window regains focus instead.
 */
export function useChangeFeed(options: FeedOptions = {}): void {
  const { api, authenticated } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!authenticated) return;
    let pending: FeedChange[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let status: FeedStatus = 'connecting';
    const flush = () => {
      timer = null;
      const merged = mergeFeedChanges(pending);
      pending = [];
      if (merged) void applyChange(queryClient, merged);
    };
    const onFocus = () => {
      if (status === 'down' && document.visibilityState !== 'hidden') void refetchEverything(queryClient);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    let syncing: string[] = queryClient.getQueryData<string[]>(SYNCING_KEY) ?? [];
    const stop = connectChangeFeed(
      api,
      {
        change(change) {
          pending.push(change);
          timer ??= setTimeout(flush, BATCH_MS);
        },
        reset() {
          void refetchEverything(queryClient);
        },
        syncing(institutions) {
          const landed = syncing.filter((id) => !institutions.includes(id));
          syncing = institutions;
          queryClient.setQueryData(SYNCING_KEY, institutions);
          // A bank whose first sync landed: its card and accounts read again.
          if (landed.length > 0) void applyChange(queryClient, { position: '0', accounts: [], categories: [], institutions: landed, allCategories: false, budget: false, rules: false });
        },
        status(next) {
          status = next;
          queryClient.setQueryData(FEED_STATUS_KEY, next);
        },
      },
      options,
    );
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one feed per session; options are read once
  }, [api, authenticated, queryClient]);
}

/** The ids of the user's linked institutions whose first sync has not landed (from the change feed). */
export function useSyncingInstitutions(): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: SYNCING_KEY,
    queryFn: () => queryClient.getQueryData<string[]>(SYNCING_KEY) ?? [],
    staleTime: Infinity,
  });
  return new Set(data ?? []);
}

/** Renders nothing; keeps the change feed open while mounted (inside `RequireAuth`). */
export function ChangeFeedConnection(): null {
  useChangeFeed();
  return null;
}
