import type { UserAccount } from '@budget/contracts';
import type { UserRecord } from '../persistence/users.repository.js';

/** The serialised user (server-behaviour §2.2): never the id, password hash or codes. */
export type UserView = UserAccount;

export function userView(user: UserRecord): UserView {
  return {
    username: user.username,
    email: user.email,
    pendingEmail: user.pendingEmail,
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
  };
}
