import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerFundingHistory, type MonthlyFundingCents } from '@budget/contracts';
import { centsFromDb } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/** The real funding (live splits of type-2 transactions, net) per category and calendar month in a range. */
@QueryHandler(LedgerFundingHistory)
export class LedgerFundingHistoryHandler implements IQueryHandler<LedgerFundingHistory, MonthlyFundingCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, from, to }: LedgerFundingHistory): Promise<MonthlyFundingCents[]> {
    const { rows } = await this.pool.query<{ categoryId: string; month: string; amount: string }>(
      `SELECT s.category_id AS "categoryId", to_char(t.date, 'YYYY-MM') AS month, sum(s.amount_cents) AS amount
         FROM ledger_transactions t JOIN ledger_splits s ON s.transaction_id = t.id
        WHERE t.user_id = $1 AND t.type = 2 AND NOT t.deleted AND s.live AND t.date >= $2::date AND t.date < $3::date
        GROUP BY 1, 2`,
      [userId, from, to],
    );
    return rows.map((r) => ({ categoryId: r.categoryId, month: r.month, amountCents: centsFromDb(r.amount) }));
  }
}
