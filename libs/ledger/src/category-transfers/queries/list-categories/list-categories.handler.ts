import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { categoryTree } from './category-tree.sql.js';
import { FUNDING_INFO_SQL, fundingInfoParams, type FundingInfoRow } from './funding-info.sql.js';
import { ListCategoriesQuery } from './list-categories.query.js';

const dollars = (cents: string) => dollarsFromCents(centsFromDb(cents));

/**
 * Rule 17 (GET /categories?date=D): per category the balance at the start of D's month, and last
 * month's funding, funded base amounts, other flows (spending and income) and rebalances.
 */
@QueryHandler(ListCategoriesQuery)
export class ListCategoriesHandler implements IQueryHandler<ListCategoriesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, date }: ListCategoriesQuery) {
    if (date === null) return { data: await categoryTree(this.pool, userId) };
    const { rows } = await this.pool.query<FundingInfoRow>(FUNDING_INFO_SQL, fundingInfoParams(userId, date));
    return {
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        balance: dollars(r.balance),
        previousFunding: dollars(r.funding),
        previousBaseAmount: dollars(r.base),
        previousSum: dollars(r.spending),
        previousCatTransfers: dollars(r.rebalances),
      })),
    };
  }
}
