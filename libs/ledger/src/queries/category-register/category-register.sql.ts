import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Pool } from '@budget/platform';
import { registerPage, registerSize, type RegisterPage } from '../register-page.sql.js';

/** GET /category/{id}/transactions: `pending` the pending rows, otherwise the rest; the count is of both. */
export async function categoryRegister(pool: Pool, userId: string, categoryId: string, pending: boolean, page: RegisterPage) {
  const { rows } = await pool.query<{ balance: string | null }>(
    `SELECT b.balance_cents AS balance FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
      WHERE c.user_id = $1 AND c.id = $2`,
    [userId, categoryId],
  );
  if (!rows[0]) throw new NotFound('Category not found');
  const { transactions } = await registerPage(pool, `${pending ? 'cp' : 'c'}:${categoryId}`, page, { base: 0n, countedFrom: null, uncounted: 0n });
  const count = (await registerSize(pool, `c:${categoryId}`)) + (await registerSize(pool, `cp:${categoryId}`));
  return { transactions, transactionsCount: count, balance: dollarsFromCents(centsFromDb(rows[0].balance ?? 0)) };
}
