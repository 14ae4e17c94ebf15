import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, type Cents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { bankTransactionId } from '../../domain/bank-rows/bank-transaction-id.js';
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
  async duplicateCandidates(userId: string, probes: readonly DuplicateProbe[]): Promise<(DuplicateCandidate & { typed: boolean })[]> {
    if (probes.length === 0) return [];
    // A typed row (manual, provider NONE, no bank id yet) may be claimed by the bank row
    // (`decideClaims`); one a pending bank row already matched carries that row's id and is no candidate.
    const { rows } = await this.pool.query<{ id: string; account_id: string; amount_cents: string; date: string; typed: boolean }>(
      `SELECT DISTINCT c.id::text, c.account_id::text, c.amount_cents, to_char(c.date, 'YYYY-MM-DD') AS date,
              (c.kind = 'manual' AND c.provider = 'NONE') AS typed
         FROM unnest($2::uuid[], $3::bigint[], $4::date[]) AS p(account_id, amount_cents, date)
         JOIN ledger_transactions c
           ON c.account_id = p.account_id AND c.amount_cents = p.amount_cents
          AND c.date BETWEEN p.date - $5::int AND p.date + $5::int
        WHERE c.user_id = $1 AND NOT c.deleted AND c.duplicate_of IS NULL
          AND c.kind IN ('manual', 'regular') AND c.provider IN ('NONE', 'OFX', 'CSV')
          AND NOT (c.provider = 'NONE' AND c.provider_transaction_id IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM ledger_transactions d WHERE d.duplicate_of = c.id AND NOT d.deleted)`,
      [userId, probes.map((p) => p.accountId), probes.map((p) => p.amount), probes.map((p) => p.date), DUPLICATE_WINDOW_DAYS],
    );
    return rows.map((r) => ({ transactionId: r.id, accountId: r.account_id, amount: centsFromDb(r.amount_cents), date: r.date, typed: r.typed }));
  }

  /**
   * The bank rows among `rows` that claimed a typed row (their streams hold `BankRowClaimed`, and no
   * read model row has their id): found by the typed row's bank id. A hint like `knownTransactions`.
   */
  async claimedBankRows(userId: string, rows: readonly { accountId: string; providerTransactionId: string }[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const { rows: found } = await this.pool.query<{ account_id: string; provider_transaction_id: string }>(
      `SELECT c.account_id::text, c.provider_transaction_id FROM unnest($2::uuid[], $3::text[]) AS p(account_id, provider_id)
         JOIN ledger_transactions c ON c.account_id = p.account_id AND c.provider_transaction_id = p.provider_id
        WHERE c.user_id = $1 AND c.kind = 'manual'`,
      [userId, rows.map((r) => r.accountId), rows.map((r) => r.providerTransactionId)],
    );
    return new Set(found.map((r) => bankTransactionId(r.account_id, 'plaid', r.provider_transaction_id)));
  }

  /**
   * What the bank's own posted rows add up to on the account since `date`: live, posted rows that
   * came from the bank (provider PLAID, typed rows the bank's posted rows claimed among them), which
   * Plaid's balance already holds. Typed rows not matched yet are not in it.
   */
  async postedBankRowsSince(accountId: string, date: string): Promise<Cents> {
    const { rows } = await this.pool.query<{ s: string | null }>(
      `SELECT sum(CASE WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents) ELSE t.amount_cents END) AS s
         FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
        WHERE t.account_id = $1 AND NOT t.deleted AND NOT t.pending AND t.kind <> 'starting-balance' AND t.provider = 'PLAID' AND t.date >= $2`,
      [accountId, date],
    );
    return centsFromDb(rows[0]?.s ?? 0);
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
