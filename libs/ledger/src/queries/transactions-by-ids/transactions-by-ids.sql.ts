import type { Pool } from '@budget/platform';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from '../transaction-view.js';

/**
 * The caller's live rows among `ids` (at most 500, checked UUIDs), newest first, by primary key.
 * Scoped by `user_id`: another user's id, a deleted or an unknown one is simply not in the answer
 * (server-behaviour §4.3 has no budget filter here; ours does, docs/architecture.md §11).
 */
export const TRANSACTIONS_BY_IDS_SQL = `
  SELECT ${TRANSACTION_SELECT} FROM ledger_transactions t ${TRANSACTION_JOINS}
   WHERE t.id = ANY($2::uuid[]) AND t.user_id = $1 AND NOT t.deleted
   ORDER BY t.date DESC, t.seq DESC`;

export async function transactionsByIds(pool: Pool, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<TransactionRowDb>({ name: 'ledger-transactions-by-ids', text: TRANSACTIONS_BY_IDS_SQL, values: [userId, ids] });
  return rows.map((row) => toTransactionJson(row));
}
