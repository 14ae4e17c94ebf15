import type { Pool } from '@budget/platform';

/**
 * Whether a live (not deleted) transaction has a non-zero split for the category, read from the
 * ledger's split read model: such a category cannot be deleted (guard rule).
 */
export async function categoryInUse(pool: Pool, userId: string, categoryId: string): Promise<boolean> {
  const { rows } = await pool.query<{ used: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM ledger_splits s JOIN ledger_transactions t ON t.id = s.transaction_id
        WHERE s.user_id = $1 AND s.category_id = $2 AND s.amount_cents <> 0 AND NOT t.deleted
     ) AS used`,
    [userId, categoryId],
  );
  return rows[0]?.used ?? false;
}
