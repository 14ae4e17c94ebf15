import { getUser, logout, type RouteResponse } from '@budget/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiClient } from '../api/api-client.js';
import { PendingWrites } from '../api/pending-writes.js';
import { routeQuery } from '../data/route-query.js';
import { TokenStore, type Tokens } from '../api/token-store.js';
import { forgetSelections } from './remembered.js';
import { ServerErrorStore } from './server-error-store.js';
import { SessionContext, type Session } from './session-context.js';
import { isAdmin } from './user.js';

const selectUser = (answer: RouteResponse<typeof getUser>) => answer.data;

export interface SessionProviderProps {
  children: ReactNode;
  tokens: TokenStore;
  fetch: typeof globalThis.fetch;
}

export function SessionProvider({ children, tokens, fetch }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [authenticated, setAuthenticated] = useState(() => tokens.access !== null || tokens.refresh !== null);
  const [serverErrors] = useState(() => new ServerErrorStore());
  const [pendingWrites] = useState(() => new PendingWrites());
  const [api] = useState(
    () => new ApiClient({ fetch, tokens, onUnauthorized: () => setAuthenticated(false), onServerError: serverErrors.set, pendingWrites }),
  );

  const userQuery = useQuery({ ...routeQuery(api, getUser, {}), enabled: authenticated, select: selectUser });
  const user = userQuery.data ?? null;
  const { isError: userFailed, error: userError, isFetching: userFetching, refetch: refetchUser } = userQuery;
  const userLoad = useMemo(
    () => ({ failed: userFailed, error: userError, retrying: userFetching, retry: () => void refetchUser() }),
    [userFailed, userError, userFetching, refetchUser],
  );

  const endSession = useCallback(() => {
    tokens.clear();
    forgetSelections();
    queryClient.clear();
    setAuthenticated(false);
    navigate('/');
  }, [tokens, queryClient, navigate]);

  const signOut = useCallback(async () => {
    const refresh = tokens.refresh;
    // The session ends here even when the server cannot be told.
    if (refresh !== null) await api.send(logout, { body: { data: { refresh } } }).catch(() => undefined);
    endSession();
  }, [api, tokens, endSession]);

  const signIn = useCallback(
    (next: Tokens) => {
      tokens.set(next);
      // A new session never shows what an earlier one loaded: start over and reload what is shown.
      void queryClient.resetQueries();
      setAuthenticated(true);
    },
    [tokens, queryClient],
  );

  const session = useMemo<Session>(
    () => ({ api, serverErrors, pendingWrites, authenticated, user, userLoad, isAdmin: isAdmin(user), signIn, signOut, endSession }),
    [api, serverErrors, pendingWrites, authenticated, user, userLoad, signIn, signOut, endSession],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
