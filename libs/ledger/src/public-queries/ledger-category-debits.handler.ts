import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerCategoryDebits, type CategoryDebitCents } from '@budget/contracts';
import { centsFromDb } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/** Per category, the sum of its negative live splits since a date (the bills overview's debits). */
@QueryHandler(LedgerCategoryDebits)
export class LedgerCategoryDebitsHandler implements IQueryHandler<LedgerCategoryDebits, CategoryDebitCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, categoryIds, since }: LedgerCategoryDebits): Promise<CategoryDebitCents[]> {
    if (categoryIds.length === 0) return [];
    const { rows } = await this.pool.query<{ categoryId: string; debits: string }>(
      `SELECT s.category_id AS "categoryId", sum(s.amount_cents) AS debits FROM ledger_splits s
        WHERE s.user_id = $1 AND s.category_id = ANY($2::text[]) AND s.live AND s.amount_cents < 0 AND s.date >= $3::date
        GROUP BY s.category_id`,
      [userId, categoryIds, since],
    );
    return rows.map((r) => ({ categoryId: r.categoryId, debitsCents: centsFromDb(r.debits) }));
  }
}
