import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents, firstOfMonth, monthIndex, monthStart } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import type { FundingCategory } from '../../domain/index.js';
import { proposeFor, type PlanCategory } from './proposed-funding.js';

interface PlanRow extends Omit<PlanCategory, 'fundingAmount' | 'monthStart'> {
  fundingAmount: string;
  monthStart: string;
  fundingCategories: FundingCategory[];
}

/** The user's non-system categories with their balance at the start of `monthStartDate` (cents). */
export const PLAN_CATEGORIES_SQL = `
  SELECT c.id, c.funding_amount_cents AS "fundingAmount", c.include_funding_transfers AS "includeFundingTransfers",
         c.use_goal AS "useGoal", to_char(c.goal_date, 'YYYY-MM-DD') AS "goalDate", c.recurrence,
         c.funding_categories AS "fundingCategories", c.suspended,
         c.balance_cents - COALESCE((SELECT sum(m.amount_cents) FROM ledger_category_months m
                                      WHERE m.category_id = c.id AND m.month >= $2::date), 0) AS "monthStart"
    FROM budget_categories c
   WHERE c.user_id = $1 AND c.type NOT IN ('UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER')
   ORDER BY c.position`;

/** Funding plans (server-behaviour §4.4.4, §4.4.5): the plan lives on the categories. */
@Injectable()
export class FundingPlansQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async categories(userId: string, month: string): Promise<PlanCategory[]> {
    const { rows } = await this.pool.query<PlanRow>(PLAN_CATEGORIES_SQL, [userId, firstOfMonth(month)]);
    return rows.map((r) => ({ ...r, fundingAmount: centsFromDb(r.fundingAmount), monthStart: centsFromDb(r.monthStart) }));
  }

  /** GET /funding-plans/proposed?date=D: what to fund in D's month, per non-system category. */
  async proposed(userId: string, date: string) {
    return (await this.categories(userId, date)).map((category) => proposeFor(category, date));
  }

  /** GET /funding-plans?h=N: the single plan of the budget with the last N months of funding (this month included). */
  async plan(userId: string, today: string, months: number) {
    const categories = await this.categories(userId, today);
    const first = monthIndex(today) - months + 1;
    const { rows } = await this.pool.query<{ categoryId: string; month: string; amount: string }>(
      `SELECT s.category_id AS "categoryId", to_char(t.date, 'YYYY-MM') AS month, sum(s.amount_cents) AS amount
         FROM ledger_transactions t JOIN ledger_splits s ON s.transaction_id = t.id
        WHERE t.user_id = $1 AND t.type = 2 AND NOT t.deleted AND s.live AND t.date >= $2::date AND t.date < $3::date
        GROUP BY 1, 2`,
      [userId, monthStart(first), monthStart(monthIndex(today) + 1)],
    );
    const funded = new Map(rows.map((r) => [`${r.categoryId} ${r.month}`, centsFromDb(r.amount)]));
    const history = categories.map(({ id }) => ({
      categoryId: id,
      history: Array.from({ length: months }, (_, i) => {
        const start = monthStart(first + i);
        return { year: Number(start.slice(0, 4)), month: Number(start.slice(5, 7)), amount: dollarsFromCents(funded.get(`${id} ${start.slice(0, 7)}`) ?? 0) };
      }),
    }));
    const items = categories.map((c) => ({
      id: c.id,
      categoryId: c.id,
      amount: dollarsFromCents(c.fundingAmount),
      useGoal: c.useGoal,
      goalDate: c.goalDate,
      recurrence: c.recurrence,
    }));
    return { id: 0, history, categories: items };
  }
}
