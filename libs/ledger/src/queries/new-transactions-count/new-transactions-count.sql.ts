import type { Queryable } from '@budget/platform';

/**
 * The caller's new rows per account (partial index `ledger_transactions_new`, ledger-026): live
 * rows with a review reason, in accounts that still exist.
 */
export const NEW_COUNT_SQL = `
  SELECT t.account_id::text AS id, count(*)::int AS count
    FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
   WHERE t.user_id = $1 AND t.review_reason IS NOT NULL AND NOT t.deleted
   GROUP BY t.account_id ORDER BY t.account_id`;

export async function newTransactionsCount(db: Queryable, userId: string): Promise<{ count: number; accounts: { id: string; count: number }[] }> {
  const { rows } = await db.query<{ id: string; count: number }>({ name: 'ledger-new-count', text: NEW_COUNT_SQL, values: [userId] });
  return { count: rows.reduce((sum, r) => sum + r.count, 0), accounts: rows };
}
