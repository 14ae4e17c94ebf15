import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { migrate } from '../../postgres/migrate.js';
import type { Pool } from '../../postgres/pool.js';
import { PG_POOL } from '../../nest/tokens.js';
import { idempotencyMigrations } from './idempotency.migrations.js';

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'done'; status: number; body: unknown }
  | { kind: 'running' }
  | { kind: 'mismatch' };

/** How long a request may hold its key before a retry may take it over (it crashed). */
export const STALE_AFTER_MS = 30_000;
/** How long answers are kept for retries. */
export const KEEP_FOR_HOURS = 24;

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/** The `http_idempotency` table: one row per (user, key) with the first request's answer. */
@Injectable()
export class IdempotencyStore implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrate(this.pool, idempotencyMigrations);
  }

  /** Takes the key for this request, or says what the request that holds it did. */
  async claim(userId: string, key: string, hash: string): Promise<Claim> {
    const inserted = await this.pool.query(
      `INSERT INTO http_idempotency (user_id, key, request_hash, state) VALUES ($1, $2, $3, 'running')
       ON CONFLICT (user_id, key) DO NOTHING`,
      [userId, key, hash],
    );
    if (inserted.rowCount === 1) return { kind: 'claimed' };
    const taken = await this.pool.query(
      `UPDATE http_idempotency SET started_at = now()
        WHERE user_id = $1 AND key = $2 AND request_hash = $3 AND state = 'running'
          AND started_at < now() - make_interval(secs => $4)`,
      [userId, key, hash, STALE_AFTER_MS / 1000],
    );
    if (taken.rowCount === 1) return { kind: 'claimed' };
    const { rows } = await this.pool.query<{ request_hash: string; state: string; status: number | null; body: string | null }>(
      'SELECT request_hash, state, status, body FROM http_idempotency WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    const row = rows[0];
    if (!row) return this.claim(userId, key, hash);
    if (row.request_hash !== hash) return { kind: 'mismatch' };
    return row.state === 'done'
      ? { kind: 'done', status: row.status ?? 200, body: row.body === null ? undefined : (JSON.parse(row.body) as unknown) }
      : { kind: 'running' };
  }

  async complete(userId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.pool.query(
      `UPDATE http_idempotency SET state = 'done', status = $3, body = $4 WHERE user_id = $1 AND key = $2`,
      [userId, key, status, body === undefined ? null : JSON.stringify(body)],
    );
  }

  /** Gives the key back (the request failed, or its answer is not final): a retry runs again. */
  async release(userId: string, key: string): Promise<void> {
    await this.pool.query(`DELETE FROM http_idempotency WHERE user_id = $1 AND key = $2 AND state = 'running'`, [userId, key]);
  }

  async purgeOld(): Promise<void> {
    await this.pool.query(`DELETE FROM http_idempotency WHERE started_at < now() - make_interval(hours => $1)`, [KEEP_FOR_HOURS]);
  }

  async eraseUser(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM http_idempotency WHERE user_id = $1', [userId]);
  }
}
