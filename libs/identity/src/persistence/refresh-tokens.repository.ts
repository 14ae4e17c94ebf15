import { Injectable } from '@nestjs/common';
import type { PresentedRefreshToken } from '../domain/refresh-rotation.js';
import type { Queryable } from './queryable.js';

export interface StoredRefreshToken extends PresentedRefreshToken {
  sessionId: string;
  userId: string;
}

/** Refresh tokens are stored only as their SHA-256 hash. */
@Injectable()
export class RefreshTokensRepository {
  async insert(db: Queryable, token: { hash: string; sessionId: string; userId: string; now: Date; expiresAt: Date }): Promise<void> {
    await db.query(
      `INSERT INTO identity_refresh_tokens (token_hash, session_id, user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [token.hash, token.sessionId, token.userId, token.now, token.expiresAt],
    );
  }

  /** Locks the token row so two refreshes with one token are serialised (the second sees it spent). */
  async findForUpdate(db: Queryable, hash: string): Promise<StoredRefreshToken | null> {
    const { rows } = await db.query<{ session_id: string; user_id: string; used_at: Date | null; expires_at: Date; revoked_at: Date | null }>(
      `SELECT t.session_id, t.user_id, t.used_at, t.expires_at, s.revoked_at
         FROM identity_refresh_tokens t JOIN identity_sessions s ON s.id = t.session_id
        WHERE t.token_hash = $1
          FOR UPDATE OF t`,
      [hash],
    );
    const row = rows[0];
    if (!row) return null;
    return { sessionId: row.session_id, userId: row.user_id, usedAt: row.used_at, expiresAt: row.expires_at, sessionRevokedAt: row.revoked_at };
  }

  async markUsed(db: Queryable, hash: string, now: Date): Promise<void> {
    await db.query('UPDATE identity_refresh_tokens SET used_at = $2 WHERE token_hash = $1', [hash, now]);
  }
}
