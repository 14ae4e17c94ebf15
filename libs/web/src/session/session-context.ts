import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { PendingWrites } from '../api/pending-writes.js';
import type { Tokens } from '../api/token-store.js';
import type { ServerErrorStore } from './server-error-store.js';
import type { User } from './user.js';

export interface Session {
  api: ApiClient;
  serverErrors: ServerErrorStore;
  /** Writes stored but answered 202 while the read models catch up (shown as "Saved — updating balances…"). */
  pendingWrites: PendingWrites;
  authenticated: boolean;
  /** The signed-in user once GET /user has answered. */
  user: User | null;
  /** Whether loading the user failed (then `user` stays null), and how to try again. */
  userLoad: { failed: boolean; error: unknown; retrying: boolean; retry: () => void };
  isAdmin: boolean;
  /** Keeps the tokens a sign-in, sign-up or code verification answered with. */
  signIn: (tokens: Tokens) => void;
  /** Ends the session on the server, clears every store and token, and goes to `/`. */
  signOut: () => Promise<void>;
  /** Clears the session locally without calling the server (after account deletion). */
  endSession: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside <AppProviders>');
  return session;
}
