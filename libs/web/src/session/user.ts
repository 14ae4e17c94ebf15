import { getUser, type UserAccount } from '@budget/contracts';
import { API_BASE } from '../api/route-url.js';

/** The signed-in user as GET /user answers it (`getUser` in `@budget/contracts`). */
export type User = UserAccount;

export function isAdmin(user: User | null | undefined): boolean {
  return user?.roles.includes('ADMIN') ?? false;
}

/** The first part of the user's cache key (see `routeQueryKey`): what `useLedgerRefresh` leaves alone. */
export const USER_PATH = `${API_BASE}${getUser.path}`;
