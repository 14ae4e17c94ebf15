import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerCategoryInUse } from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';

/** Whether a live (not deleted) transaction has a non-zero split for the category (the budget's delete guard). */
@QueryHandler(LedgerCategoryInUse)
export class LedgerCategoryInUseHandler implements IQueryHandler<LedgerCategoryInUse, boolean> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, categoryId }: LedgerCategoryInUse): Promise<boolean> {
    const { rows } = await this.pool.query<{ used: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM ledger_splits s JOIN ledger_transactions t ON t.id = s.transaction_id
          WHERE s.user_id = $1 AND s.category_id = $2 AND s.amount_cents <> 0 AND NOT t.deleted
       ) AS used`,
      [userId, categoryId],
    );
    return rows[0]?.used ?? false;
  }
}
