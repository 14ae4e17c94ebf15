import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from '../../queries/transaction-view.js';

/** GET /rebalances: the user's live rebalances and category transfers, newest first, one page at a time. */
@Injectable()
export class RebalancesQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async page(userId: string, offset: number, limit: number) {
    const [{ rows }, count] = await Promise.all([
      this.pool.query<TransactionRowDb>(
        `SELECT ${TRANSACTION_SELECT} FROM ledger_transactions t ${TRANSACTION_JOINS}
          WHERE t.user_id = $1 AND t.type = 3 AND NOT t.deleted
          ORDER BY t.date DESC, t.seq DESC OFFSET $2 LIMIT $3`,
        [userId, offset, limit],
      ),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE user_id = $1 AND type = 3 AND NOT deleted', [userId]),
    ]);
    return { transactions: rows.map((row) => toTransactionJson(row)), balance: 0, transactionsCount: count.rows[0]?.n ?? 0 };
  }
}
