import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, type Cents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';

/** Read-model lookups of the bank-row command, scoped to the caller. */
@Injectable()
export class BankRowLookups {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The caller's accounts among `ids`, with their type (a loan's rows are recorded alike). */
  async accounts(userId: string, ids: readonly string[]): Promise<Map<string, { type: string }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; type: string }>(
      'SELECT id::text, type FROM ledger_accounts WHERE user_id = $1 AND id = ANY($2::uuid[])',
      [userId, ids],
    );
    return new Map(rows.map((r) => [r.id, { type: r.type }]));
  }

  /**
   * The transactions among `ids` the read model already shows: a hint of which streams to load.
   * Never the guarantee — a row the read model does not show yet is appended expecting no stream,
   * and the store refuses it if it exists.
   */
  async knownTransactions(userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>('SELECT id::text FROM ledger_transactions WHERE user_id = $1 AND id = ANY($2::uuid[])', [userId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  /** The caller's accounts under a linked institution, by their Plaid account id (another user's institution: none). */
  async plaidAccounts(userId: string, institutionId: string): Promise<Map<string, { accountId: string; plaidBalance: Cents | null }>> {
    const { rows } = await this.pool.query<{ id: string; plaid_account_id: string; plaid_balance_cents: string | null }>(
      `SELECT id::text, plaid_account_id, plaid_balance_cents FROM ledger_accounts
        WHERE user_id = $1 AND institution_id = $2::uuid AND plaid_account_id IS NOT NULL`,
      [userId, institutionId],
    );
    return new Map(rows.map((r) => [r.plaid_account_id, { accountId: r.id, plaidBalance: r.plaid_balance_cents === null ? null : centsFromDb(r.plaid_balance_cents) }]));
  }
}
