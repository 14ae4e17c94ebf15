import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerMonthStartBalances, type CategoryBalanceCents } from '@budget/contracts';
import { centsFromDb, firstOfMonth } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/**
 * Each category's balance at the start of a month: its current balance without the monthly sums
 * of that month and later (a few rows per category, however long the history is).
 */
export const MONTH_START_BALANCES_SQL = `
  SELECT b.category_id AS "categoryId",
         b.balance_cents - COALESCE((SELECT sum(m.amount_cents) FROM ledger_category_months m
                                      WHERE m.category_id = b.category_id AND m.month >= $2::date), 0) AS "balanceCents"
    FROM ledger_category_balances b
   WHERE b.user_id = $1`;

@QueryHandler(LedgerMonthStartBalances)
export class LedgerMonthStartBalancesHandler implements IQueryHandler<LedgerMonthStartBalances, CategoryBalanceCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, month }: LedgerMonthStartBalances): Promise<CategoryBalanceCents[]> {
    const { rows } = await this.pool.query<{ categoryId: string; balanceCents: string }>(MONTH_START_BALANCES_SQL, [userId, firstOfMonth(month)]);
    return rows.map((r) => ({ categoryId: r.categoryId, balanceCents: centsFromDb(r.balanceCents) }));
  }
}
