import type { Db } from '../report-range.js';

export interface IncomeRow {
  month: string;
  income: string;
  expenses: string;
}

/**
 * Income vs expenses (contracts reporting/reports.ts, `incomeVsExpensesReport`): per calendar
 * month, the posted, live rows of Transactions-tracked accounts dated on or after the account's
 * start date (starting balances never enter the per-day aggregate), each row's Account Transfer
 * part left out, split by the row's sign. Reads the per-account, per-day aggregate only.
 */
export async function incomeVsExpensesSql(db: Db, userId: string, startDate: string | null, endDate: string | null): Promise<IncomeRow[]> {
  const { rows } = await db.query<IncomeRow>(
    `SELECT to_char(date_trunc('month', d.day::timestamp), 'YYYY-MM') AS month,
            sum(d.income_cents)::text AS income, sum(d.expense_cents)::text AS expenses
       FROM reporting_account_days d JOIN ledger_accounts a ON a.id = d.account_id AND a.user_id = $1
      WHERE d.user_id = $1 AND a.tracking = 'Transactions' AND d.day >= a.start_date
        AND d.day >= COALESCE($2::date, '-infinity') AND d.day <= COALESCE($3::date, 'infinity')
      GROUP BY 1 ORDER BY 1`,
    [userId, startDate, endDate],
  );
  return rows;
}
