import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerUnassignedTransactions, type UnassignedTransactionCents } from '@budget/contracts';
import { centsFromDb } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/**
 * The user's live bank and manual rows whose whole amount is in Unassigned, on accounts that
 * track transactions (where a category balance moves with the splits), newest first — what a
 * rule's preview and "apply to existing" look at.
 */
@QueryHandler(LedgerUnassignedTransactions)
export class LedgerUnassignedTransactionsHandler implements IQueryHandler<LedgerUnassignedTransactions, UnassignedTransactionCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, limit }: LedgerUnassignedTransactions): Promise<UnassignedTransactionCents[]> {
    const { rows } = await this.pool.query<{ id: string; date: string; name: string; amount_cents: string }>(
      `SELECT t.id::text, to_char(t.date, 'YYYY-MM-DD') AS date, t.name, t.amount_cents
         FROM ledger_transactions t
         JOIN ledger_accounts a ON a.id = t.account_id AND a.tracking = 'Transactions'
         JOIN budget_categories u ON u.user_id = t.user_id AND u.type = 'UNASSIGNED'
        WHERE t.user_id = $1 AND NOT t.deleted AND t.kind IN ('regular', 'manual') AND t.name IS NOT NULL AND t.amount_cents <> 0
          AND EXISTS (SELECT 1 FROM ledger_splits s WHERE s.transaction_id = t.id AND s.category_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM ledger_splits s WHERE s.transaction_id = t.id AND s.category_id <> u.id)
        ORDER BY t.date DESC, t.id
        LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({ transactionId: r.id, date: r.date, name: r.name, amountCents: centsFromDb(r.amount_cents) }));
  }
}
