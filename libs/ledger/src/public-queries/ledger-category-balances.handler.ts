import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerCategoryBalances, type CategoryBalanceCents } from '@budget/contracts';
import { centsFromDb } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/** The current category balances the projection keeps (posted and pending splits), for other contexts. */
@QueryHandler(LedgerCategoryBalances)
export class LedgerCategoryBalancesHandler implements IQueryHandler<LedgerCategoryBalances, CategoryBalanceCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, categoryIds }: LedgerCategoryBalances): Promise<CategoryBalanceCents[]> {
    const { rows } = await this.pool.query<{ categoryId: string; balanceCents: string }>(
      `SELECT category_id AS "categoryId", balance_cents AS "balanceCents" FROM ledger_category_balances
        WHERE user_id = $1 AND ($2::text[] IS NULL OR category_id = ANY($2::text[]))`,
      [userId, categoryIds],
    );
    return rows.map((r) => ({ categoryId: r.categoryId, balanceCents: centsFromDb(r.balanceCents) }));
  }
}
