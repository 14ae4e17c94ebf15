import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, PG_POOL, type Pool } from '@budget/platform';
import { requireUuid } from './ledger-lookups.js';

/** Balance history (rule 20) and the transaction log. */
@Injectable()
export class HistoryQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * A Balances-tracked account: its history rows, newest first. Any other account: its end-of-day
   * balance on each day with posted rows in the 90 days up to its newest row.
   */
  async balances(userId: string, accountId: string) {
    requireUuid(accountId, 'Account');
    const { rows: accounts } = await this.pool.query<{ tracking: string; opening_balance_cents: string }>(
      'SELECT tracking, opening_balance_cents FROM ledger_accounts WHERE id = $2 AND user_id = $1',
      [userId, accountId],
    );
    const account = accounts[0];
    if (!account) throw new NotFound('Account not found');
    if (account.tracking === 'Balances') {
      const { rows } = await this.pool.query<{ id: string; date: string; balance_cents: string }>(
        `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, balance_cents FROM ledger_balance_history WHERE account_id = $1 ORDER BY date DESC`,
        [accountId],
      );
      return rows.map((r) => ({ id: r.id, accountId, date: r.date, balance: dollarsFromCents(centsFromDb(r.balance_cents)) }));
    }
    const { rows } = await this.pool.query<{ date: string; running_cents: string }>(
      `SELECT DISTINCT ON (sort_date) to_char(sort_date, 'YYYY-MM-DD') AS date, running_cents FROM ledger_register_rows
        WHERE register = $1 AND sort_date >= (SELECT max(sort_date) - 90 FROM ledger_register_rows WHERE register = $1)
        ORDER BY sort_date DESC, rank DESC`,
      [`a:${accountId}`],
    );
    const opening = BigInt(account.opening_balance_cents);
    return rows.map((r) => ({ date: r.date, balance: dollarsFromCents(Number(opening + BigInt(r.running_cents))) }));
  }

  async transactionLogs(userId: string, offset: number, limit: number) {
    const { rows } = await this.pool.query<{ id: string; created_at: Date; message: string; changes: unknown; transaction_id: string; actor: string }>(
      `SELECT id, created_at, message, changes, transaction_id, actor FROM ledger_transaction_logs WHERE user_id = $1
        ORDER BY seq DESC OFFSET $2 LIMIT $3`,
      [userId, offset, limit],
    );
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at.toISOString(), message: r.message, changes: r.changes, transactionId: r.transaction_id, actor: r.actor }));
  }
}
