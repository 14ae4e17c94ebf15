import { Injectable } from '@nestjs/common';
import type { Queryable } from './queryable.js';

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  emailVerifiedAt: Date | null;
  pendingEmail: string | null;
  passwordHash: string;
  roles: string[];
  createdAt: Date;
}

interface UserRow {
  id: string;
  username: string;
  email: string;
  email_verified_at: Date | null;
  pending_email: string | null;
  password_hash: string;
  roles: string[];
  created_at: Date;
}

const COLUMNS = 'id, username, email, email_verified_at, pending_email, password_hash, roles, created_at';

function toRecord(row: UserRow | undefined): UserRecord | null {
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerifiedAt: row.email_verified_at,
    pendingEmail: row.pending_email,
    passwordHash: row.password_hash,
    roles: row.roles,
    createdAt: row.created_at,
  };
}

@Injectable()
export class UsersRepository {
  async insert(db: Queryable, user: Omit<UserRecord, 'emailVerifiedAt' | 'pendingEmail'>): Promise<void> {
    await db.query(
      `INSERT INTO identity_users (id, username, email, password_hash, roles, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
      [user.id, user.username, user.email, user.passwordHash, JSON.stringify(user.roles), user.createdAt],
    );
  }

  async byId(db: Queryable, id: string, forUpdate = false): Promise<UserRecord | null> {
    const lock = forUpdate ? ' FOR UPDATE' : '';
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity_users WHERE id = $1${lock}`, [id]);
    return toRecord(rows[0]);
  }

  async byUsername(db: Queryable, username: string): Promise<UserRecord | null> {
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity_users WHERE username = $1`, [username]);
    return toRecord(rows[0]);
  }

  async byEmail(db: Queryable, email: string): Promise<UserRecord | null> {
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity_users WHERE email = $1`, [email]);
    return toRecord(rows[0]);
  }

  async usernameTaken(db: Queryable, username: string): Promise<boolean> {
    return ((await db.query('SELECT 1 FROM identity_users WHERE username = $1', [username])).rowCount ?? 0) > 0;
  }

  async emailTaken(db: Queryable, email: string, exceptUserId: string | null = null): Promise<boolean> {
    const { rowCount } = await db.query('SELECT 1 FROM identity_users WHERE email = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)', [email, exceptUserId]);
    return (rowCount ?? 0) > 0;
  }

  async markEmailVerified(db: Queryable, id: string, now: Date): Promise<void> {
    await db.query('UPDATE identity_users SET email_verified_at = COALESCE(email_verified_at, $2), updated_at = $2 WHERE id = $1', [id, now]);
  }

  async setPendingEmail(db: Queryable, id: string, pendingEmail: string | null, now: Date): Promise<void> {
    await db.query('UPDATE identity_users SET pending_email = $2, updated_at = $3 WHERE id = $1', [id, pendingEmail, now]);
  }

  /** Makes the pending address the e-mail (already proven by a code) and clears the pending value. */
  async applyPendingEmail(db: Queryable, id: string, now: Date): Promise<void> {
    await db.query(
      `UPDATE identity_users SET email = pending_email, pending_email = NULL, email_verified_at = $2, updated_at = $2
        WHERE id = $1 AND pending_email IS NOT NULL`,
      [id, now],
    );
  }

  async setPasswordHash(db: Queryable, id: string, passwordHash: string, now: Date): Promise<void> {
    await db.query('UPDATE identity_users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, now]);
  }

  /** Deletes the user; sessions, refresh tokens and codes go with it (ON DELETE CASCADE). */
  async delete(db: Queryable, id: string): Promise<boolean> {
    return ((await db.query('DELETE FROM identity_users WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }
}
