import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { LedgerLookups } from '../../../queries/ledger-lookups.js';
import { CATEGORY_BALANCES_AS_OF_SQL, categoryBalancesParams } from './category-balances.sql.js';
import { CategoryBalancesQuery } from './category-balances.query.js';

/** Rule 16: a bare `[{id, balance}]`; a transaction that is not the caller's is 404. */
@QueryHandler(CategoryBalancesQuery)
export class CategoryBalancesHandler implements IQueryHandler<CategoryBalancesQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async execute({ userId, date, transactionId }: CategoryBalancesQuery) {
    if (transactionId !== null) await this.lookups.transactionOwned(userId, transactionId);
    const { rows } = await this.pool.query<{ id: string; balance: string }>(CATEGORY_BALANCES_AS_OF_SQL, categoryBalancesParams(userId, date, transactionId));
    return rows.map((r) => ({ id: r.id, balance: dollarsFromCents(centsFromDb(r.balance)) }));
  }
}
