import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiClient } from '../api/api-client.js';
import { apiQuery, type Answer } from '../data/use-api-data.js';
import { TokenStore, type Tokens } from '../api/token-store.js';
import { forgetSelections } from './remembered.js';
import { ServerErrorStore } from './server-error-store.js';
import { SessionContext, type Session } from './session-context.js';
import { isAdmin, readUser, USER_PATH } from './user.js';

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
  const [api] = useState(
    () => new ApiClient({ fetch, tokens, onUnauthorized: () => setAuthenticated(false), onServerError: serverErrors.set }),
  );

  const { data: user = null } = useQuery({
    ...apiQuery(api, USER_PATH),
    enabled: authenticated,
    select: (answer: Answer) => (answer.ok ? readUser(answer.body) : null),
  });

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
    if (refresh !== null) await api.post('/api/v1/logout', { data: { refresh } }).catch(() => undefined);
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
    () => ({ api, serverErrors, authenticated, user, isAdmin: isAdmin(user), signIn, signOut, endSession }),
    [api, serverErrors, authenticated, user, signIn, signOut, endSession],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
