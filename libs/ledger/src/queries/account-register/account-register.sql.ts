import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Pool } from '@budget/platform';
import { registerPage, type RegisterPage } from '../register-page.sql.js';

/** GET /account/{id}/transactions: posted rows with their running balance, or the pending ones. */
export async function accountRegister(pool: Pool, userId: string, accountId: string, pending: boolean, page: RegisterPage) {
  const { rows } = await pool.query<{ balance_cents: string; opening_balance_cents: string; pending_balance_cents: string; start_date: string; uncounted_cents: string }>(
    `SELECT balance_cents, opening_balance_cents, pending_balance_cents, to_char(start_date, 'YYYY-MM-DD') AS start_date, uncounted_cents
       FROM ledger_accounts WHERE id = $2 AND user_id = $1`,
    [userId, accountId],
  );
  const account = rows[0];
  if (!account) throw new NotFound('Account not found');
  const register = `${pending ? 'ap' : 'a'}:${accountId}`;
  // Posted rows count from the account's start date, on top of its opening balance.
  const running = pending
    ? { base: 0n, countedFrom: null, uncounted: 0n }
    : { base: BigInt(account.opening_balance_cents), countedFrom: account.start_date, uncounted: BigInt(account.uncounted_cents) };
  const { transactions, count } = await registerPage(pool, register, page, running);
  return {
    transactions,
    balance: dollarsFromCents(centsFromDb(account.balance_cents)),
    pendingBalance: dollarsFromCents(centsFromDb(account.pending_balance_cents)),
    transactionsCount: count,
  };
}
