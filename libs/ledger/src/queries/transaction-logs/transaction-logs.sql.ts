import type { Pool } from '@budget/platform';

/** The caller's transaction log, newest first: one readable line per transaction event (written by the projection). */
export async function transactionLogs(pool: Pool, userId: string, offset: number, limit: number) {
  const { rows } = await pool.query<{ id: string; created_at: Date; message: string; changes: Record<string, unknown>; transaction_id: string; actor: string }>(
    `SELECT id, created_at, message, changes, transaction_id, actor FROM ledger_transaction_logs WHERE user_id = $1
      ORDER BY seq DESC OFFSET $2 LIMIT $3`,
    [userId, offset, limit],
  );
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at.toISOString(), message: r.message, changes: r.changes, transactionId: r.transaction_id, actor: r.actor }));
}
