import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents, monthStartAfter } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/**
 * GET /category-balances?date=D[&id=T] (rule 16): every category's stored balance minus its splits
 * dated after D (whole later months from the monthly sums, the rest of D's month from the splits)
 * and, when T is given, minus T's splits too (the transaction being edited).
 */
@Injectable()
export class CategoryBalancesQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async asOf(userId: string, date: string, excludeTransactionId: string | null) {
    const { rows } = await this.pool.query<{ id: string; balance: string }>(
      `SELECT c.id,
              COALESCE(b.balance_cents, 0)
              - COALESCE((SELECT sum(m.amount_cents) FROM ledger_category_months m
                           WHERE m.category_id = c.id AND m.month >= $4::date), 0)
              - COALESCE((SELECT sum(s.amount_cents) FROM ledger_splits s
                           WHERE s.category_id = c.id AND s.live AND s.date > $2::date AND s.date < $4::date), 0)
              - COALESCE((SELECT sum(s.amount_cents) FROM ledger_splits s
                           WHERE s.transaction_id = $3::uuid AND s.category_id = c.id AND s.live AND s.date <= $2::date), 0) AS balance
         FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 ORDER BY c.position`,
      [userId, date, excludeTransactionId, monthStartAfter(date, 1)],
    );
    return rows.map((r) => ({ id: r.id, balance: dollarsFromCents(centsFromDb(r.balance)) }));
  }
}
