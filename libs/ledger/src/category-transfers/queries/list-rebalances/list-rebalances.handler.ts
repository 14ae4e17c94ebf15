import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { toTransactionJson, type TransactionRowDb } from '../../../queries/transaction-view.js';
import { REBALANCES_COUNT_SQL, REBALANCES_PAGE_SQL } from './list-rebalances.sql.js';
import { ListRebalancesQuery } from './list-rebalances.query.js';

/** `{data: {transactions, balance: 0, transactionsCount}}`: the page and the count of every live rebalance. */
@QueryHandler(ListRebalancesQuery)
export class ListRebalancesHandler implements IQueryHandler<ListRebalancesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, offset, limit }: ListRebalancesQuery) {
    const [{ rows }, count] = await Promise.all([
      this.pool.query<TransactionRowDb>(REBALANCES_PAGE_SQL, [userId, offset, limit]),
      this.pool.query<{ n: number }>(REBALANCES_COUNT_SQL, [userId]),
    ]);
    return { data: { transactions: rows.map((row) => toTransactionJson(row)), balance: 0 as const, transactionsCount: count.rows[0]?.n ?? 0 } };
  }
}
