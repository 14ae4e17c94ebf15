import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Pool } from '@budget/platform';
import { registerPage, type RegisterPage } from '../register-page.sql.js';

/** GET /account/{id}/transactions: posted rows with their running balance, or the pending ones. */
export async function accountRegister(pool: Pool, userId: string, accountId: string, pending: boolean, page: RegisterPage) {
  const { rows } = await pool.query<{ balance_cents: string; opening_balance_cents: string; pending_balance_cents: string }>(
    'SELECT balance_cents, opening_balance_cents, pending_balance_cents FROM ledger_accounts WHERE id = $2 AND user_id = $1',
    [userId, accountId],
  );
  const account = rows[0];
  if (!account) throw new NotFound('Account not found');
  const register = `${pending ? 'ap' : 'a'}:${accountId}`;
  const { transactions, count } = await registerPage(pool, register, page, pending ? 0n : BigInt(account.opening_balance_cents));
  return {
    transactions,
    balance: dollarsFromCents(centsFromDb(account.balance_cents)),
    pendingBalance: dollarsFromCents(centsFromDb(account.pending_balance_cents)),
    transactionsCount: count,
  };
}
