import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { retryLoad } from '../data/load-error.js';
import { memoryStorage, TokenStore, type KeyValueStorage } from '../api/token-store.js';
import { ServerErrorScreen } from './ServerErrorScreen.js';
import { SessionProvider } from './SessionProvider.js';

function browserStorage(): KeyValueStorage {
  try {
    localStorage.getItem('');
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: retryLoad, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * Everything a screen needs around it: the query client, the session with its API client, and
 * the server error screen. The shell renders it once; a remote run on its own renders it too.
 * It must sit inside the router (sign-out navigates).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [tokens] = useState(() => new TokenStore(browserStorage()));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider tokens={tokens} fetch={(input, init) => window.fetch(input, init)}>
        {children}
        <ServerErrorScreen />
      </SessionProvider>
    </QueryClientProvider>
  );
}
