import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents, firstOfMonth, nextDueDate } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

interface BillRow {
  id: string;
  name: string;
  fundingAmount: string;
  goalDate: string | null;
  recurrence: number;
  suspended: boolean;
  debits: string | null;
}

/**
 * GET /api/v1/bills (server-behaviour §4.5): every BILL category with its next due date (a past
 * goal date rolled forward whole recurrences) as `goalDate`, "" when it has none, and `debits`,
 * the sum of its negative splits since the first of this month (null when there are none); sorted
 * by next due date, bills without one last.
 */
@Injectable()
export class BillsQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async bills(userId: string, today: string) {
    const { rows } = await this.pool.query<BillRow>(
      `SELECT c.id, c.name, c.funding_amount_cents AS "fundingAmount", to_char(c.goal_date, 'YYYY-MM-DD') AS "goalDate",
              c.recurrence, c.suspended,
              (SELECT sum(s.amount_cents) FROM ledger_splits s
                WHERE s.category_id = c.id AND s.live AND s.amount_cents < 0 AND s.date >= $2::date) AS debits
         FROM budget_categories c WHERE c.user_id = $1 AND c.type = 'BILL'`,
      [userId, firstOfMonth(today)],
    );
    return rows
      .map((r) => ({
        id: r.id,
        name: r.name,
        fundingAmount: dollarsFromCents(centsFromDb(r.fundingAmount)),
        goalDate: r.goalDate ? nextDueDate(r.goalDate, today, r.recurrence) : '',
        recurrence: r.recurrence,
        suspended: r.suspended,
        debits: r.debits === null ? null : dollarsFromCents(centsFromDb(r.debits)),
      }))
      .sort((a, b) => (a.goalDate || '9999').localeCompare(b.goalDate || '9999') || a.name.localeCompare(b.name));
  }
}
