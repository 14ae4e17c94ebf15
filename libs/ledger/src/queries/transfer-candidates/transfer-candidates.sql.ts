import { centsFromDb } from '@budget/money';
import type { Queryable } from '@budget/platform';

export interface CandidateLeg {
  transactionId: string;
  accountId: string;
  accountName: string;
  name: string;
  date: string;
  amount: number;
}

export interface CandidateRow {
  pairId: string;
  legs: [CandidateLeg, CandidateLeg];
}

/** Each side as it stands now: live, posted, wholly in Unassigned, not paired with any row. */
const STILL_OPEN = (t: string) => `
  NOT ${t}.deleted AND NOT ${t}.pending
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${t}.splits) s WHERE s->>'categoryId' <> u.id)
  AND NOT EXISTS (SELECT 1 FROM ledger_transfer_pairs x WHERE x.status = 'paired' AND x.from_transaction_id = ${t}.id)
  AND NOT EXISTS (SELECT 1 FROM ledger_transfer_pairs x WHERE x.status = 'paired' AND x.to_transaction_id = ${t}.id)`;

/**
 * The caller's offered pairs (`ledger_transfer_pairs`, status offered) whose two rows are still
 * open (a row paired with another, deleted or given a category since drops the offer), newest
 * first; each side's name, date, amount and account as they are now.
 */
export async function transferCandidates(db: Queryable, userId: string, offset: number, limit: number): Promise<CandidateRow[]> {
  const { rows } = await db.query<{
    pair_id: string; f_id: string; f_account: string; f_account_name: string; f_name: string; f_date: string; f_cents: string;
    t_id: string; t_account: string; t_account_name: string; t_name: string; t_date: string; t_cents: string;
  }>(
    `SELECT p.pair_id::text,
            f.id::text AS f_id, fa.id::text AS f_account, fa.name AS f_account_name, f.name AS f_name, to_char(f.date, 'YYYY-MM-DD') AS f_date, f.amount_cents AS f_cents,
            t.id::text AS t_id, ta.id::text AS t_account, ta.name AS t_account_name, t.name AS t_name, to_char(t.date, 'YYYY-MM-DD') AS t_date, t.amount_cents AS t_cents
       FROM ledger_transfer_pairs p
       JOIN budget_categories u ON u.user_id = $1 AND u.type = 'UNASSIGNED'
       JOIN ledger_transactions f ON f.id = p.from_transaction_id AND f.user_id = $1
       JOIN ledger_accounts fa ON fa.id = f.account_id
       JOIN ledger_transactions t ON t.id = p.to_transaction_id AND t.user_id = $1
       JOIN ledger_accounts ta ON ta.id = t.account_id
      WHERE p.user_id = $1 AND p.status = 'offered' AND ${STILL_OPEN('f')} AND ${STILL_OPEN('t')}
      ORDER BY greatest(f.date, t.date) DESC, p.pair_id
      OFFSET $2 LIMIT $3`,
    [userId, offset, limit],
  );
  return rows.map((r) => ({
    pairId: r.pair_id,
    legs: [
      { transactionId: r.f_id, accountId: r.f_account, accountName: r.f_account_name, name: r.f_name, date: r.f_date, amount: centsFromDb(r.f_cents) },
      { transactionId: r.t_id, accountId: r.t_account, accountName: r.t_account_name, name: r.t_name, date: r.t_date, amount: centsFromDb(r.t_cents) },
    ],
  }));
}
