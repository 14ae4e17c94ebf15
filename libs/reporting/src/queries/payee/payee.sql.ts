import type { EdgeRange, Db } from '../report-range.js';

export interface PayeeRow {
  payee: string;
  channel: string;
  cents: string;
  count: string;
}

/**
 * Payee (contracts reporting/reports.ts, `payeeReport`): posted, live bank and manual rows of the
 * user's open accounts in the range, by payee and channel, each less its Account Transfer part; a
 * row wholly in Account Transfer (a transfer between the user's own accounts) is left out (`isTransfer`). Whole months from the monthly
 * aggregate, the edge days from the facts (`EdgeRange`). `accountIds`/`channels` null: all.
 */
export async function payeeSql(db: Db, userId: string, range: EdgeRange, accountIds: string[] | null, channels: string[] | null): Promise<PayeeRow[]> {
  const { rows } = await db.query<PayeeRow>(
    `WITH accts AS (
       SELECT id FROM ledger_accounts WHERE user_id = $1 AND NOT closed AND ($6::uuid[] IS NULL OR id = ANY($6::uuid[]))),
     lines AS (
       SELECT p.payee, p.channel, p.sum_cents AS cents, p.row_count AS n
         FROM reporting_payee_months p JOIN accts a ON a.id = p.account_id
        WHERE p.user_id = $1 AND p.month >= $4::date AND p.month < $5::date AND ($7::text[] IS NULL OR p.channel = ANY($7::text[]))
       UNION ALL
       -- The edge days: before the first whole month, after the last, each an index range (OFFSET 0
       -- keeps the planner from folding the two ranges into one scan of the whole year).
       SELECT f.payee, f.channel, f.amount_cents - f.transfer_cents, 1
         FROM (VALUES ($2::date, $4::date), ($5::date, 'infinity'::date)) AS e(from_day, to_day)
        CROSS JOIN LATERAL (
          SELECT f.payee, f.channel, f.amount_cents, f.transfer_cents FROM reporting_facts f
           WHERE f.user_id = $1 AND f.date >= e.from_day AND f.date < e.to_day AND f.date >= $2::date AND f.date <= $3::date
             AND f.type IN (0, 5) AND NOT f.pending AND NOT f.deleted AND ($7::text[] IS NULL OR f.channel = ANY($7::text[]))
             AND NOT (f.transfer_cents <> 0 AND f.transfer_cents = f.amount_cents)
             AND f.account_id IN (SELECT id FROM accts)
          OFFSET 0) f)
     SELECT payee, channel, sum(cents)::text AS cents, sum(n)::text AS count FROM lines
      GROUP BY payee, channel ORDER BY payee, channel`,
    [userId, range.lo, range.hi, range.fullLo, range.fullHi, accountIds, channels],
  );
  return rows;
}
