import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SERVER_ERROR } from '../api/api-client.js';
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

/** Retries a failed load once, but not a server crash: it is already on screen. */
const retry = (failures: number, error: Error) => failures < 1 && error.message !== SERVER_ERROR;

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 } },
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
