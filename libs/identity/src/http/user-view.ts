import type { UserRecord } from '../persistence/users.repository.js';

/** The serialised user (server-behaviour §2.2): never the id, password hash or codes. */
export interface UserView {
  username: string;
  email: string;
  pendingEmail: string | null;
  roles: string[];
  createdAt: string;
}

export function userView(user: UserRecord): UserView {
  return {
    username: user.username,
    email: user.email,
    pendingEmail: user.pendingEmail,
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
  };
}
