import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import type { SessionOrigin } from '../domain/reauthentication.js';
import type { Queryable } from './queryable.js';

/** Sessions are refresh-token families; revoking one also stops its access tokens at the guard. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async create(db: Queryable, session: { id: string; userId: string; now: Date; origin: SessionOrigin }): Promise<void> {
    await db.query('INSERT INTO identity_sessions (id, user_id, created_at, origin) VALUES ($1, $2, $3, $4)', [
      session.id,
      session.userId,
      session.now,
      session.origin,
    ]);
  }

  /** When and how a live session of the user was opened; null if it is not theirs or was revoked. */
  async opened(sessionId: string, userId: string): Promise<{ createdAt: Date; origin: SessionOrigin } | null> {
    const { rows } = await this.pool.query<{ created_at: Date; origin: SessionOrigin }>(
      'SELECT created_at, origin FROM identity_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [sessionId, userId],
    );
    const row = rows[0];
    return row ? { createdAt: row.created_at, origin: row.origin } : null;
  }

  /** True while the session exists, belongs to the user and is not revoked (the user row still exists). */
  async isActive(sessionId: string, userId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM identity_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [sessionId, userId],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * `isActive` and, in the same statement, the user's row of a checkpoint's per-user positions
   * (`projector_user_positions`, the platform's projection checkpoint: docs/architecture.md §6.4),
   * '0' when the user has none yet: the read routes' cache key costs no round trip of its own.
   * Null when the session is not live.
   */
  async activeWithPosition(sessionId: string, userId: string, checkpoint: string): Promise<{ position: string } | null> {
    const { rows } = await this.pool.query<{ position: string }>(
      `SELECT COALESCE((SELECT p.position::text FROM projector_user_positions p WHERE p.name = $3 AND p.user_id = $4), '0') AS position
         FROM identity_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [sessionId, userId, checkpoint, userId],
    );
    return rows[0] ?? null;
  }

  async revoke(db: Queryable, sessionId: string, reason: string, now: Date): Promise<void> {
    await db.query(
      'UPDATE identity_sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
      [sessionId, now, reason],
    );
  }

  /** Revokes every live session of the user except `keep` (null: all of them). */
  async revokeAllOf(db: Queryable, userId: string, keep: string | null, reason: string, now: Date): Promise<number> {
    const result = await db.query(
      `UPDATE identity_sessions SET revoked_at = $3, revoked_reason = $4
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keep, now, reason],
    );
    return result.rowCount ?? 0;
  }
}
