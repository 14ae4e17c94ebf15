/**
 * What the three budget-progress reads share (docs/architecture.md §4.7): the everyday categories
 * and the accounts whose rows count, decided when the report is read, and the running sum.
 */

/** The account of a row without one in the progress tables (their keys cannot hold null). */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Two CTEs over the caller (`$1`): `cats`, the everyday categories — those of a regular or
 * ungrouped group that are REGULAR or GOAL (system and Bills categories left out) — and `accts`, the
 * Transactions-tracked accounts with their start dates. A row counts when it has no account, or
 * its account is in `accts` and it is dated on or after the account's start date.
 */
export const EVERYDAY_CTES = `
  cats AS MATERIALIZED (
    SELECT c.id FROM budget_categories c JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id
     WHERE c.user_id = $1 AND g.type IN ('REGULAR', 'NO GROUP') AND c.type IN ('REGULAR', 'GOAL')),
  accts AS MATERIALIZED (
    SELECT a.id, a.start_date FROM ledger_accounts a WHERE a.user_id = $1 AND a.tracking = 'Transactions')`;

const first = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** The month's first day and the next month's (YYYY-MM-DD), the bounds every progress read takes. */
export function monthBounds({ year, month }: { year: number; month: number }): [string, string] {
  return [first(year, month), month === 12 ? first(year + 1, 1) : first(year, month + 1)];
}

/** One day of the month as a progress read answers it: its fundings and its other lines' sum (cents as text; null when none). */
export interface ProgressDaySums {
  funded: string | null;
  cents: string | null;
}

/**
 * The month's fundings, then what is left after each day that `counts` (a day with other rows):
 * the fundings plus the running sum of those days' other lines, in BigInt cents.
 */
export function progressLeft<R extends ProgressDaySums>(rows: readonly R[], counts: (row: R) => boolean): { funded: bigint; days: { row: R; left: bigint }[] } {
  const funded = rows.reduce((sum, r) => sum + BigInt(r.funded ?? 0), 0n);
  let left = funded;
  const days: { row: R; left: bigint }[] = [];
  for (const row of rows) {
    if (!counts(row)) continue;
    left += BigInt(row.cents ?? 0);
    days.push({ row, left });
  }
  return { funded, days };
}
