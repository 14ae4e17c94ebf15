import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerMonthFunded, type CategoryFundedCents } from '@budget/contracts';
import { centsFromDb, firstOfMonth } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/**
 * What each category was funded with in a month: the funded base amounts of its type-2 monthly sum
 * (funder lines carry a base of 0), one index probe per category of the user, however long the
 * history is.
 */
export const MONTH_FUNDED_SQL = `
  SELECT m.category_id AS "categoryId", m.base_cents AS "fundedCents"
    FROM ledger_category_balances b
    JOIN ledger_category_months m ON m.category_id = b.category_id AND m.month = $2::date AND m.type = 2
   WHERE b.user_id = $1 AND m.base_cents <> 0`;

@QueryHandler(LedgerMonthFunded)
export class LedgerMonthFundedHandler implements IQueryHandler<LedgerMonthFunded, CategoryFundedCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, month }: LedgerMonthFunded): Promise<CategoryFundedCents[]> {
    const { rows } = await this.pool.query<{ categoryId: string; fundedCents: string }>(MONTH_FUNDED_SQL, [userId, firstOfMonth(month)]);
    return rows.map((r) => ({ categoryId: r.categoryId, fundedCents: centsFromDb(r.fundedCents) }));
  }
}
