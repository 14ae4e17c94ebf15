import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import type { SessionOrigin } from '../domain/reauthentication.js';
import type { Queryable } from './queryable.js';
import { UUID } from '../domain/uuid.js';

interface PendingCheck {
  sessionId: string;
  userId: string;
  resolve: (live: { position: string } | null) => void;
  reject: (error: unknown) => void;
}

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
   *
   * Checks asked for while the event loop handles the same batch of arrived requests are sent as
   * one statement, at the end of that turn (`setImmediate`): each is still read after its request
   * arrived, so a revoked session fails at once and the position is the one stored when it was
   * asked. Under load most reads are answered from the answer cache, and this check was most of
   * what PostgreSQL did for them (docs/architecture.md §6.4, "One session check for many reads").
   */
  activeWithPosition(sessionId: string, userId: string, checkpoint: string): Promise<{ position: string } | null> {
    // Ids come from a signed access token, so they are uuids; anything else names no session,
    // and must not fail the batch it would join (the batch casts to uuid).
    if (!UUID.test(sessionId) || !UUID.test(userId)) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      let batch = this.checks.get(checkpoint);
      if (!batch) {
        batch = [];
        this.checks.set(checkpoint, batch);
        setImmediate(() => void this.checkBatch(checkpoint));
      }
      batch.push({ sessionId, userId, resolve, reject });
    });
  }

  /** The checks waiting for their statement, by checkpoint name. */
  private readonly checks = new Map<string, PendingCheck[]>();

  private async checkBatch(checkpoint: string): Promise<void> {
    const batch = this.checks.get(checkpoint) ?? [];
    this.checks.delete(checkpoint);
    try {
      // A lone check keeps its plain statement: PostgreSQL runs it 1.10-1.17x as fast as the batch's
      // unnest and join over one pair (pgbench, prepared, one client, three pairs of 8 s runs:
      // 0.086-0.096 ms against 0.100-0.107), and a lone check is every read of a quiet product.
      if (batch.length === 1) {
        const [only] = batch as [PendingCheck];
        const { rows } = await this.pool.query<{ position: string }>(
          `SELECT COALESCE((SELECT p.position::text FROM projector_user_positions p WHERE p.name = $3 AND p.user_id = $4), '0') AS position
             FROM identity_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
          [only.sessionId, only.userId, checkpoint, only.userId],
        );
        only.resolve(rows[0] ?? null);
        return;
      }
      const { rows } = await this.pool.query<{ k: string; position: string }>(
        `SELECT q.k::text AS k,
                COALESCE((SELECT p.position::text FROM projector_user_positions p WHERE p.name = $3 AND p.user_id = q.user_id::text), '0') AS position
           FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS q(id, user_id, k)
           JOIN identity_sessions s ON s.id = q.id AND s.user_id = q.user_id AND s.revoked_at IS NULL`,
        [batch.map((check) => check.sessionId), batch.map((check) => check.userId), checkpoint],
      );
      const live = new Map(rows.map((row) => [Number(row.k), row.position]));
      batch.forEach((check, at) => {
        const position = live.get(at + 1);
        check.resolve(position === undefined ? null : { position });
      });
    } catch (error) {
      for (const check of batch) check.reject(error);
    }
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
