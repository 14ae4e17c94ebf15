import { dollars, type Db } from '../report-range.js';

/** The column label of each account type, in the catalogue's order (product-spec §3). */
export const ACCOUNT_TYPE_LABELS: Record<string, string> = { depository: 'Depository', credit: 'Credit', loan: 'Loan', investment: 'Investment' };

/** The bucket of a range of `days` days (server-behaviour §4.6 networth, step 2). */
export function netWorthBucket(days: number): 'day' | 'week' | 'month' | 'year' {
  if (days > 3652) return 'year';
  if (days > 730) return 'month';
  if (days > 183) return 'week';
  return 'day';
}

/**
 * The earliest day the budget has an entry on: its oldest live account row or balance-history row
 * (the default start of the net-worth range); null for an empty budget.
 */
export async function netWorthEarliest(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ d: string | null }>(
    `SELECT to_char(LEAST(
              (SELECT min(date) FROM reporting_facts WHERE user_id = $1 AND account_id IS NOT NULL AND NOT deleted),
              (SELECT min(h.date) FROM ledger_balance_history h WHERE h.user_id = $1)), 'YYYY-MM-DD') AS d`,
    [userId],
  );
  return rows[0]?.d ?? null;
}

export interface NetWorthCell {
  day: string;
  type: string;
  cents: string;
}

/**
 * Net worth (contracts reporting/reports.ts, `netWorthReport`): per bucket of [startDate, endDate]
 * and account type, the end-of-day balance on the bucket's last day inside the range. One
 * statement: Balances-tracked accounts read their latest balance-history row on or before the day
 * (an index probe each); the others their opening balance plus the posted moves (a loan's
 * principle) dated from their start date, summed per bucket from the per-day aggregate. Weeks
 * start on Monday, or on Sunday with `weekStartsSunday` (the user's first day of the week).
 */
export async function netWorthSql(
  db: Db,
  userId: string,
  startDate: string,
  endDate: string,
  bucket: 'day' | 'week' | 'month' | 'year',
  weekStartsSunday = false,
): Promise<NetWorthCell[]> {
  const { rows } = await db.query<NetWorthCell>(
    `WITH accts AS (
       SELECT id, type, tracking, start_date, opening_balance_cents FROM ledger_accounts WHERE user_id = $1),
     buckets AS (
       SELECT DISTINCT LEAST((date_trunc($4, d + $6::int * interval '1 day') - $6::int * interval '1 day' + $5::interval - interval '1 day')::date, $3::date) AS day
         FROM generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') d),
     moves AS (
       SELECT m.account_id,
              CASE WHEN m.day < $2::date THEN NULL
                   ELSE LEAST((date_trunc($4, m.day::timestamp + $6::int * interval '1 day') - $6::int * interval '1 day' + $5::interval - interval '1 day')::date, $3::date) END AS bucket,
              sum(CASE WHEN a.type = 'loan' THEN m.move_cents ELSE m.amount_cents END) AS cents
         FROM reporting_account_days m JOIN accts a ON a.id = m.account_id
        WHERE m.user_id = $1 AND m.day <= $3::date AND m.day >= a.start_date AND a.tracking <> 'Balances'
        GROUP BY 1, 2),
     grid AS (
       SELECT b.day, a.id, a.type, a.tracking,
              a.opening_balance_cents + COALESCE(pb.cents, 0) + COALESCE(sum(m.cents) OVER (PARTITION BY a.id ORDER BY b.day), 0) AS running
         FROM buckets b CROSS JOIN accts a
         LEFT JOIN moves pb ON pb.account_id = a.id AND pb.bucket IS NULL
         LEFT JOIN moves m ON m.account_id = a.id AND m.bucket = b.day)
     SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.type,
            sum(CASE WHEN g.tracking = 'Balances'
                     THEN COALESCE((SELECT h.balance_cents FROM ledger_balance_history h
                                     WHERE h.account_id = g.id AND h.date <= g.day ORDER BY h.date DESC, h.id DESC LIMIT 1), 0)
                     ELSE g.running END)::text AS cents
       FROM grid g GROUP BY g.day, g.type ORDER BY g.day, g.type`,
    // $6: days a week bucket is moved back (date_trunc's weeks start on Monday; 1 starts them on Sunday).
    [userId, startDate, endDate, bucket, `1 ${bucket}`, bucket === 'week' && weekStartsSunday ? 1 : 0],
  );
  return rows;
}

/** The answer: `["date", type labels…]`, then one row per bucket with the balance of each type in dollars. */
export function netWorthTable(cells: readonly NetWorthCell[], types: readonly string[]): (string | number)[][] {
  const order = Object.keys(ACCOUNT_TYPE_LABELS).filter((t) => types.includes(t));
  const byDay = new Map<string, Map<string, string>>();
  for (const c of cells) {
    const row = byDay.get(c.day) ?? new Map<string, string>();
    row.set(c.type, c.cents);
    byDay.set(c.day, row);
  }
  return [
    ['date', ...order.map((t) => ACCOUNT_TYPE_LABELS[t]!)],
    ...[...byDay].map(([day, row]) => [day, ...order.map((t) => dollars(row.get(t) ?? 0))]),
  ];
}
