import type { Pool } from '@budget/platform';
import { LOG_LINE_COLUMNS, logLines, type LogLineRow } from '../explain-balance/log-lines.sql.js';

/**
 * The caller's transaction log, newest first: one readable line per event that moved money or
 * says what an action did (written by the projection, transaction-log.ts), categories named.
 */
export async function transactionLogs(pool: Pool, userId: string, offset: number, limit: number) {
  const { rows } = await pool.query<LogLineRow>(
    `SELECT ${LOG_LINE_COLUMNS} FROM ledger_transaction_logs WHERE user_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT $3`,
    [userId, offset, limit],
  );
  return logLines(pool, userId, rows);
}
