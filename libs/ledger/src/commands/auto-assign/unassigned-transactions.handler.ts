import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerUnassignedTransactions, type UnassignedTransactionCents } from '@budget/contracts';
import { centsFromDb } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/**
 * One page of the user's live bank and manual rows whose whole amount is in Unassigned, on
 * accounts that track transactions, newest first (date, then id, both descending; the next page
 * starts after the last row of this one) — what a rule's preview and "apply to existing" look at.
 * Each row says whether it counts in the category balances: a row dated before its account's
 * start date is in no category register (server-behaviour §0), so assigning it moves no balance.
 */
@QueryHandler(LedgerUnassignedTransactions)
export class LedgerUnassignedTransactionsHandler implements IQueryHandler<LedgerUnassignedTransactions, UnassignedTransactionCents[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, limit, after }: LedgerUnassignedTransactions): Promise<UnassignedTransactionCents[]> {
    const { rows } = await this.pool.query<{ id: string; date: string; name: string; amount_cents: string; account_id: string; counted: boolean }>(
      `SELECT t.id::text, to_char(t.date, 'YYYY-MM-DD') AS date, t.name, t.amount_cents, t.account_id::text, t.date >= a.start_date AS counted
         FROM ledger_transactions t
         JOIN ledger_accounts a ON a.id = t.account_id AND a.tracking = 'Transactions'
         JOIN budget_categories u ON u.user_id = t.user_id AND u.type = 'UNASSIGNED'
        WHERE t.user_id = $1 AND NOT t.deleted AND t.kind IN ('regular', 'manual') AND t.name IS NOT NULL AND t.amount_cents <> 0
          AND ($3::date IS NULL OR (t.date, t.id) < ($3::date, $4::uuid))
          AND EXISTS (SELECT 1 FROM ledger_splits s WHERE s.transaction_id = t.id AND s.category_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM ledger_splits s WHERE s.transaction_id = t.id AND s.category_id <> u.id)
        ORDER BY t.date DESC, t.id DESC
        LIMIT $2`,
      [userId, limit, after?.date ?? null, after?.transactionId ?? null],
    );
    return rows.map((r) => ({ transactionId: r.id, date: r.date, name: r.name, amountCents: centsFromDb(r.amount_cents), accountId: r.account_id, counted: r.counted }));
  }
}
