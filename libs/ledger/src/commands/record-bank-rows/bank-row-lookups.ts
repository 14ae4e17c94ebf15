import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, type Cents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { DUPLICATE_WINDOW_DAYS, type DuplicateCandidate, type DuplicateProbe } from '../../domain/bank-rows/duplicates.decide.js';

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

  /**
   * The rows new bank rows may duplicate (`decideDuplicates`), in ONE statement for a whole chunk:
   * the caller's live manual, OFX and CSV rows of the probes' accounts with a probe's amount, dated
   * within the window of its date, neither flagged themselves nor the original of a live flagged row.
   */
  async duplicateCandidates(userId: string, probes: readonly DuplicateProbe[]): Promise<DuplicateCandidate[]> {
    if (probes.length === 0) return [];
    const { rows } = await this.pool.query<{ id: string; account_id: string; amount_cents: string; date: string }>(
      `SELECT DISTINCT c.id::text, c.account_id::text, c.amount_cents, to_char(c.date, 'YYYY-MM-DD') AS date
         FROM unnest($2::uuid[], $3::bigint[], $4::date[]) AS p(account_id, amount_cents, date)
         JOIN ledger_transactions c
           ON c.account_id = p.account_id AND c.amount_cents = p.amount_cents
          AND c.date BETWEEN p.date - $5::int AND p.date + $5::int
        WHERE c.user_id = $1 AND NOT c.deleted AND c.duplicate_of IS NULL
          AND c.kind IN ('manual', 'regular') AND c.provider IN ('NONE', 'OFX', 'CSV')
          AND NOT EXISTS (SELECT 1 FROM ledger_transactions d WHERE d.duplicate_of = c.id AND NOT d.deleted)`,
      [userId, probes.map((p) => p.accountId), probes.map((p) => p.amount), probes.map((p) => p.date), DUPLICATE_WINDOW_DAYS],
    );
    return rows.map((r) => ({ transactionId: r.id, accountId: r.account_id, amount: centsFromDb(r.amount_cents), date: r.date }));
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
