import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Pool } from '@budget/platform';

/**
 * GET /account/{id}/balances, one page of it. A Balances-tracked account: its history rows, newest
 * first (rule 20; then by id, so that pages never overlap or skip). Any other account: its
 * end-of-day balance on each day with posted rows in the 90 days up to its newest row, newest
 * first (one row a day, so the date orders them).
 */
export async function listBalances(pool: Pool, userId: string, accountId: string, offset: number, limit: number) {
  const { rows: accounts } = await pool.query<{ tracking: string; opening_balance_cents: string; start_date: string; uncounted_cents: string }>(
    `SELECT tracking, opening_balance_cents, to_char(start_date, 'YYYY-MM-DD') AS start_date, uncounted_cents
       FROM ledger_accounts WHERE id = $2 AND user_id = $1`,
    [userId, accountId],
  );
  const account = accounts[0];
  if (!account) throw new NotFound('Account not found');
  if (account.tracking === 'Balances') {
    const { rows } = await pool.query<{ id: string; date: string; balance_cents: string }>(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, balance_cents FROM ledger_balance_history WHERE account_id = $1
        ORDER BY date DESC, id OFFSET $2 LIMIT $3`,
      [accountId, offset, limit],
    );
    return rows.map((r) => ({ id: r.id, accountId, date: r.date, balance: dollarsFromCents(centsFromDb(r.balance_cents)) }));
  }
  // End-of-day sums over the last 90 days of rows, from the sum of every row before them; the
  // register counts from the account's start date (days before it show the opening balance; later
  // days leave out what the rows before it sum to, which the account keeps).
  const { rows } = await pool.query<{ date: string; running_cents: string }>(
    `WITH lo AS (SELECT max(sort_date) - 90 AS d FROM ledger_register_rows WHERE register = $1),
     days AS (
       SELECT r.sort_date, sum(r.delta_cents) AS day_cents FROM ledger_register_rows r, lo
        WHERE r.register = $1 AND r.sort_date >= lo.d GROUP BY r.sort_date),
     totals AS (
       SELECT d.sort_date, (SELECT ledger_running_before($1, lo.d, (-32768)::smallint, (-9223372036854775808)::bigint) FROM lo)
                + sum(d.day_cents) OVER (ORDER BY d.sort_date) AS running_cents
         FROM days d)
     SELECT to_char(t.sort_date, 'YYYY-MM-DD') AS date,
            CASE WHEN t.sort_date < $2::date THEN 0 ELSE t.running_cents - $3::bigint END AS running_cents
       FROM totals t ORDER BY t.sort_date DESC OFFSET $4 LIMIT $5`,
    [`a:${accountId}`, account.start_date, account.uncounted_cents, offset, limit],
  );
  const opening = BigInt(account.opening_balance_cents);
  return rows.map((r) => ({ date: r.date, balance: dollarsFromCents(Number(opening + BigInt(r.running_cents))) }));
}
