import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents, firstOfMonth, monthStartAfter } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

interface InfoRow {
  id: string;
  name: string;
  balance: string;
  funding: string;
  base: string;
  spending: string;
  rebalances: string;
}

const dollars = (v: string) => dollarsFromCents(centsFromDb(v));

/**
 * Per category of $1: the balance at the start of the month $2 and last month's ($3..$2) funding,
 * funded base amounts, other flows and rebalances. Exported for the benchmark's raw-SQL baseline.
 */
export const FUNDING_INFO_SQL = `SELECT c.id, c.name,
              COALESCE(b.balance_cents, 0) - COALESCE(cur.amount, 0) AS balance,
              COALESCE(prev.funding, 0) AS funding, COALESCE(prev.base, 0) AS base,
              COALESCE(prev.spending, 0) AS spending, COALESCE(prev.rebalances, 0) AS rebalances
         FROM budget_categories c
         LEFT JOIN ledger_category_balances b ON b.category_id = c.id
         LEFT JOIN LATERAL (SELECT sum(m.amount_cents) AS amount FROM ledger_category_months m
                             WHERE m.category_id = c.id AND m.month >= $2::date) cur ON true
         LEFT JOIN LATERAL (
           SELECT sum(m.amount_cents) FILTER (WHERE m.type = 2) AS funding,
                  sum(m.base_cents) FILTER (WHERE m.type = 2) AS base,
                  sum(m.amount_cents) FILTER (WHERE m.type NOT IN (2, 3)) AS spending,
                  sum(m.amount_cents) FILTER (WHERE m.type = 3) AS rebalances
             FROM ledger_category_months m
            WHERE m.category_id = c.id AND m.month = $3::date) prev ON true
        WHERE c.user_id = $1 ORDER BY c.position`;

export const fundingInfoParams = (userId: string, date: string) => [userId, firstOfMonth(date), monthStartAfter(date, -1)];

/**
 * GET /categories?date=D (rule 17): per category the balance at the start of D's month, and last
 * month's funding, funded base amounts, other flows (spending and income) and rebalances, from the
 * per-category monthly sums: a few rows per category, whatever the month.
 */
@Injectable()
export class FundingInfoQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async forMonth(userId: string, date: string) {
    const { rows } = await this.pool.query<InfoRow>(
      FUNDING_INFO_SQL,
      fundingInfoParams(userId, date),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      balance: dollars(r.balance),
      previousFunding: dollars(r.funding),
      previousBaseAmount: dollars(r.base),
      previousSum: dollars(r.spending),
      previousCatTransfers: dollars(r.rebalances),
    }));
  }
}
