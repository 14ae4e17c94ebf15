import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';

/** One Plaid call as the provider log keeps it; `request` and `response` are already redacted. */
export interface ProviderCall {
  userId: string | null;
  itemId: string | null;
  endpoint: string;
  status: number;
  durationMs: number;
  requestId: string | null;
  errorCode: string | null;
  request: unknown;
  response: unknown;
}

export interface ProviderLogRow extends ProviderCall {
  id: string;
  createdAt: string;
}

/** The `bank_provider_log` table: written after every Plaid call, read by the admin page. */
@Injectable()
export class ProviderLog {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async record(call: ProviderCall): Promise<void> {
    await this.pool.query(
      `INSERT INTO bank_provider_log (user_id, item_id, endpoint, status, duration_ms, request_id, error_code, request, response)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [call.userId, call.itemId, call.endpoint, call.status, call.durationMs, call.requestId, call.errorCode, JSON.stringify(call.request ?? null), JSON.stringify(call.response ?? null)],
    );
  }

  /** Account deletion: the user's calls go (the rest of the log stays). */
  async eraseUser(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM bank_provider_log WHERE user_id = $1', [userId]);
  }

  /** Drops the calls older than `days` days (a scheduled job keeps the log bounded); answers how many went. */
  async purgeOlderThan(days: number): Promise<number> {
    const result = await this.pool.query(`DELETE FROM bank_provider_log WHERE created_at < now() - make_interval(days => $1)`, [days]);
    return result.rowCount ?? 0;
  }

  /** Newest first (then by id, so pages are stable), with the total for the pager. */
  async page(offset: number, limit: number): Promise<{ rows: ProviderLogRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.pool.query<{
        id: string; created_at: Date; user_id: string | null; item_id: string | null; endpoint: string; status: number; duration_ms: number;
        request_id: string | null; error_code: string | null; request: unknown; response: unknown;
      }>(
        `SELECT id, created_at, user_id, item_id, endpoint, status, duration_ms, request_id, error_code, request, response
           FROM bank_provider_log ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
        [offset, limit],
      ),
      this.pool.query<{ n: string }>('SELECT count(*) AS n FROM bank_provider_log'),
    ]);
    return {
      total: Number(total.rows[0]?.n ?? 0),
      rows: rows.rows.map((r) => ({
        id: r.id, createdAt: r.created_at.toISOString(), userId: r.user_id, itemId: r.item_id, endpoint: r.endpoint, status: r.status,
        durationMs: r.duration_ms, requestId: r.request_id, errorCode: r.error_code, request: r.request, response: r.response,
      })),
    };
  }
}
