import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Pool } from '@budget/platform';

/**
 * GET /account/{id}/balances. A Balances-tracked account: its history rows, newest first (rule 20).
 * Any other account: its end-of-day balance on each day with posted rows in the 90 days up to its
 * newest row (dates are bounded by the contracts, so the chart stays small).
 */
export async function listBalances(pool: Pool, userId: string, accountId: string) {
  const { rows: accounts } = await pool.query<{ tracking: string; opening_balance_cents: string }>(
    'SELECT tracking, opening_balance_cents FROM ledger_accounts WHERE id = $2 AND user_id = $1',
    [userId, accountId],
  );
  const account = accounts[0];
  if (!account) throw new NotFound('Account not found');
  if (account.tracking === 'Balances') {
    const { rows } = await pool.query<{ id: string; date: string; balance_cents: string }>(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, balance_cents FROM ledger_balance_history WHERE account_id = $1 ORDER BY date DESC`,
      [accountId],
    );
    return rows.map((r) => ({ id: r.id, accountId, date: r.date, balance: dollarsFromCents(centsFromDb(r.balance_cents)) }));
  }
  const { rows } = await pool.query<{ date: string; running_cents: string }>(
    `SELECT DISTINCT ON (sort_date) to_char(sort_date, 'YYYY-MM-DD') AS date, running_cents FROM ledger_register_rows
      WHERE register = $1 AND sort_date >= (SELECT max(sort_date) - 90 FROM ledger_register_rows WHERE register = $1)
      ORDER BY sort_date DESC, rank DESC`,
    [`a:${accountId}`],
  );
  const opening = BigInt(account.opening_balance_cents);
  return rows.map((r) => ({ date: r.date, balance: dollarsFromCents(Number(opening + BigInt(r.running_cents))) }));
}
