import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerCategoryMonths, type CategoryMonthCents } from '@budget/contracts';
import { centsFromDb, firstOfMonth } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/**
 * The month view's figures, from the monthly sums (`ledger_category_months`, one row per category,
 * month and transaction type): the month's fundings and category transfers (types 2 and 3) apart
 * from the rest, and the balance at the month's end as the current balance without the sums of the
 * later months. A few index rows per category, however long the history is.
 */
export const CATEGORY_MONTHS_SQL = `
  SELECT b.category_id AS "categoryId",
         COALESCE(cur.funded, 0) AS "fundedCents",
         COALESCE(cur.activity, 0) AS "activityCents",
         b.balance_cents - COALESCE(later.amount, 0) AS "endBalanceCents"
    FROM ledger_category_balances b
    LEFT JOIN LATERAL (
      SELECT sum(m.amount_cents) FILTER (WHERE m.type IN (2, 3)) AS funded,
             sum(m.amount_cents) FILTER (WHERE m.type NOT IN (2, 3)) AS activity
        FROM ledger_category_months m
       WHERE m.category_id = b.category_id AND m.month = $2::date) cur ON true
    LEFT JOIN LATERAL (
      SELECT sum(m.amount_cents) AS amount FROM ledger_category_months m
       WHERE m.category_id = b.category_id AND m.month > $2::date) later ON true
   WHERE b.user_id = $1`;

@QueryHandler(LedgerCategoryMonths)
export class LedgerCategoryMonthsHandler implements IQueryHandler<LedgerCategoryMonths, CategoryMonthCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, month }: LedgerCategoryMonths): Promise<CategoryMonthCents[]> {
    const { rows } = await this.pool.query<{ categoryId: string; fundedCents: string; activityCents: string; endBalanceCents: string }>(
      CATEGORY_MONTHS_SQL, [userId, firstOfMonth(month)]);
    return rows.map((r) => ({
      categoryId: r.categoryId,
      fundedCents: centsFromDb(r.fundedCents),
      activityCents: centsFromDb(r.activityCents),
      endBalanceCents: centsFromDb(r.endBalanceCents),
    }));
  }
}
