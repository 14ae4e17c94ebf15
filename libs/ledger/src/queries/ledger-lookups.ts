import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, type Cents } from '@budget/money';
import { NotFound, PG_POOL, type Pool, type Queryable } from '@budget/platform';

export interface AccountRow {
  id: string;
  institutionId: string;
  name: string;
  type: string;
  subtype: string;
  tracking: string;
  startDate: string;
  closed: boolean;
  balance: Cents;
  startingTransactionId: string | null;
}

export interface SystemCategories {
  unassigned: string;
  fundingPool: string;
  accountTransfer: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a URL or body that cannot be one of ours reads as missing, never as a 500. */
export function requireUuid(id: string, what: string): string {
  if (!UUID.test(id)) throw new NotFound(`${what} not found`);
  return id;
}

/** Read-model lookups the ledger's commands need; every one is scoped to the caller. */
@Injectable()
export class LedgerLookups {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * The statements holding rows among `ids` (a row joins a statement through its own stream or the
   * account's: the read model knows both), for the locked-row check of a bank change.
   */
  async statementsOf(userId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; statement_id: string }>(
      'SELECT id::text, statement_id::text FROM ledger_transactions WHERE user_id = $1 AND id = ANY($2::uuid[]) AND statement_id IS NOT NULL',
      [userId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.statement_id]));
  }

  async systemCategories(userId: string): Promise<SystemCategories> {
    const { rows } = await this.pool.query<{ id: string; type: string }>(
      `SELECT id, type FROM budget_categories WHERE user_id = $1 AND type IN ('UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER')`,
      [userId],
    );
    const byType = new Map(rows.map((r) => [r.type, r.id]));
    const unassigned = byType.get('UNASSIGNED');
    const fundingPool = byType.get('FUNDING POOL');
    if (!unassigned || !fundingPool) throw new Error('System categories not found');
    return { unassigned, fundingPool, accountTransfer: byType.get('ACCOUNT TRANSFER') ?? '' };
  }

  /** The ids among `ids` that are categories of this user. */
  async existingCategories(userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM budget_categories WHERE user_id = $1 AND id = ANY($2::text[])', [userId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  async account(userId: string, accountId: string): Promise<AccountRow> {
    requireUuid(accountId, 'Account');
    const { rows } = await this.pool.query<AccountRow & { balance: string }>(
      `SELECT id, institution_id AS "institutionId", name, type, subtype, tracking, to_char(start_date, 'YYYY-MM-DD') AS "startDate",
              closed, balance_cents AS balance, starting_transaction_id AS "startingTransactionId"
         FROM ledger_accounts WHERE id = $2::uuid AND user_id = $1`,
      [userId, accountId],
    );
    const row = rows[0];
    if (!row) throw new NotFound('Account not found');
    return { ...row, balance: centsFromDb(row.balance) };
  }

  async institution(userId: string, institutionId: string): Promise<{ id: string; name: string; accountIds: string[] }> {
    requireUuid(institutionId, 'Institution');
    const { rows } = await this.pool.query<{ id: string; name: string; account_ids: string[] }>(
      `SELECT i.id, i.name, COALESCE(array_agg(a.id::text) FILTER (WHERE a.id IS NOT NULL), '{}') AS account_ids
         FROM ledger_institutions i LEFT JOIN ledger_accounts a ON a.institution_id = i.id
        WHERE i.id = $2::uuid AND i.user_id = $1 GROUP BY i.id, i.name`,
      [userId, institutionId],
    );
    const row = rows[0];
    if (!row) throw new NotFound('Institution not found');
    return { id: row.id, name: row.name, accountIds: row.account_ids };
  }

  /**
   * The balances (and names) of this user's accounts and categories among the ids, for the balance
   * bound; with `withSystem`, Unassigned and the Funding Pool too (where a write's money lands when
   * it names no category), so a handler can read them before it has decided.
   */
  async knownBalances(
    userId: string,
    accountIds: readonly string[],
    categoryIds: readonly string[],
    withSystem = false,
    /** Where to read: the pool, or an append's own transaction (the bound's check under the user's lock). */
    db: Queryable = this.pool,
  ): Promise<{ accounts: Map<string, { name: string; balance: Cents }>; categories: Map<string, { name: string; balance: Cents }>; turnover: bigint }> {
    const { rows } = await db.query<BalanceRow>(KNOWN_BALANCES_SQL, [userId, accountIds, categoryIds, withSystem]);
    return knownOf(rows);
  }

  /**
   * `knownBalances` (no system categories) and, in the same statement and so the same snapshot, up
   * to which position of the log the read models hold the user's events: the user's row of the
   * projector's `checkpoint`, or its global position when further (`readUserApplied`). With the
   * projector the balances lag the log by exactly the user's events past that position.
   */
  async knownBalancesApplied(
    userId: string,
    accountIds: readonly string[],
    categoryIds: readonly string[],
    checkpoint: string,
    db: Queryable,
  ): Promise<{ accounts: Map<string, { name: string; balance: Cents }>; categories: Map<string, { name: string; balance: Cents }>; turnover: bigint; applied: bigint }> {
    const { rows } = await db.query<BalanceRow>(KNOWN_BALANCES_APPLIED_SQL, [userId, accountIds, categoryIds, false, checkpoint]);
    return { ...knownOf(rows), applied: BigInt(rows.find((r) => r.kind === 'p')?.balance ?? '0') };
  }

  /**
   * What a manual entry on one account needs before it decides, in ONE statement (docs/architecture.md
   * §4, "Statements per write"): the account (404 when it is not the caller's), which of
   * `categoryIds` are the caller's categories, the system categories, and the balances the balance
   * bound reads (the account, the named categories, Unassigned and the Funding Pool) — what
   * `account`, `existingCategories`, `systemCategories` and `knownBalances(…, true)` answer.
   */
  async entryContext(
    userId: string,
    accountId: string,
    categoryIds: readonly string[],
  ): Promise<{
    account: AccountRow;
    existing: Set<string>;
    system: SystemCategories;
    known: { accounts: Map<string, { name: string; balance: Cents }>; categories: Map<string, { name: string; balance: Cents }>; turnover: bigint };
  }> {
    requireUuid(accountId, 'Account');
    const { rows } = await this.pool.query<{ kind: 'a' | 'c' | 't'; id: string; name: string; balance: string; type: string; account: Omit<AccountRow, 'balance' | 'name' | 'id' | 'type'> | null }>(
      `SELECT 'a' AS kind, a.id::text AS id, a.name, a.balance_cents::numeric AS balance, a.type,
              jsonb_build_object('institutionId', a.institution_id, 'subtype', a.subtype, 'tracking', a.tracking,
                                 'startDate', to_char(a.start_date, 'YYYY-MM-DD'), 'closed', a.closed,
                                 'startingTransactionId', a.starting_transaction_id) AS account
         FROM ledger_accounts a WHERE a.id = $2::uuid AND a.user_id = $1
       UNION ALL
       SELECT 'c', c.id, c.name, COALESCE(b.balance_cents, 0)::numeric, c.type, NULL
         FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 AND (c.id = ANY($3::text[]) OR c.type IN ('UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER'))
       UNION ALL
       SELECT 't', '', '', u.cents, '', NULL FROM ledger_turnover u WHERE u.user_id = $1`,
      [userId, accountId, categoryIds],
    );
    const found = rows.find((r) => r.kind === 'a');
    if (!found || !found.account) throw new NotFound('Account not found');
    const account: AccountRow = { id: found.id, name: found.name, type: found.type, ...found.account, balance: centsFromDb(found.balance) };
    const named = new Set(categoryIds);
    const categories = rows.filter((r) => r.kind === 'c');
    const byType = new Map(categories.map((r) => [r.type, r.id]));
    const unassigned = byType.get('UNASSIGNED');
    const fundingPool = byType.get('FUNDING POOL');
    if (!unassigned || !fundingPool) throw new Error('System categories not found');
    return {
      account,
      existing: new Set(categories.filter((r) => named.has(r.id)).map((r) => r.id)),
      system: { unassigned, fundingPool, accountTransfer: byType.get('ACCOUNT TRANSFER') ?? '' },
      known: {
        accounts: new Map([[account.id, { name: account.name, balance: account.balance }]]),
        categories: new Map(
          categories
            .filter((r) => named.has(r.id) || r.type === 'UNASSIGNED' || r.type === 'FUNDING POOL')
            .map((r) => [r.id, { name: r.name, balance: centsFromDb(r.balance) }]),
        ),
        // The user's turnover, which the balance bound also checks (docs/architecture.md §5).
        turnover: turnoverOf(rows.find((r) => r.kind === 't')),
      },
    };
  }

  /** Σ posted, live, non-starting amounts (principle for loans) dated on or after `date` (rule 6). */
  async postedSince(accountId: string, date: string): Promise<Cents> {
    const { rows } = await this.pool.query<{ s: string | null }>(
      `SELECT sum(CASE WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents) ELSE t.amount_cents END) AS s
         FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
        WHERE t.account_id = $1 AND NOT t.deleted AND NOT t.pending AND t.kind <> 'starting-balance' AND t.date >= $2`,
      [accountId, date],
    );
    return centsFromDb(rows[0]?.s ?? 0);
  }

  /** The account's posted live rows a statement may hold (rule 19). */
  async reconcilableRows(accountId: string): Promise<{ transactionId: string; date: string; statementId: string | null; amount: Cents }[]> {
    const { rows } = await this.pool.query<{ transactionId: string; date: string; statementId: string | null; amount: string }>(
      `SELECT id AS "transactionId", to_char(date, 'YYYY-MM-DD') AS date, statement_id AS "statementId", amount_cents::text AS amount FROM ledger_transactions
        WHERE account_id = $1 AND NOT deleted AND NOT pending AND kind <> 'starting-balance'`,
      [accountId],
    );
    return rows.map((r) => ({ ...r, amount: centsFromDb(r.amount) }));
  }

  /** Transactions of an account by provider id (FITID, CSV fingerprint), for de-duplication. */
  async byProviderId(accountId: string, providerIds: readonly string[]): Promise<Map<string, { id: string; deleted: boolean; amount: Cents }>> {
    if (providerIds.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; p: string; deleted: boolean; amount_cents: string }>(
      `SELECT id, provider_transaction_id AS p, deleted, amount_cents FROM ledger_transactions
        WHERE account_id = $1 AND provider_transaction_id = ANY($2::text[])`,
      [accountId, providerIds],
    );
    return new Map(rows.map((r) => [r.p, { id: r.id, deleted: r.deleted, amount: centsFromDb(r.amount_cents) }]));
  }

  /** The transaction's owner check: its id when it belongs to this user, else NotFound. */
  /**
   * The transaction's owner check, with its statement as the read model knows it: a statement
   * can take a row in through the account's stream (creation, Reconcile All), which the
   * transaction's own stream does not record.
   */
  async transactionOwned(userId: string, transactionId: string): Promise<{ accountId: string | null; kind: string; statementId: string | null }> {
    requireUuid(transactionId, 'Transaction');
    const { rows } = await this.pool.query<{ account_id: string | null; kind: string; statement_id: string | null }>(
      'SELECT account_id, kind, statement_id FROM ledger_transactions WHERE id = $2::uuid AND user_id = $1',
      [userId, transactionId],
    );
    if (!rows[0]) throw new NotFound('Transaction not found');
    return { accountId: rows[0].account_id, kind: rows[0].kind, statementId: rows[0].statement_id };
  }

  async statementAccount(userId: string, statementId: string): Promise<string> {
    requireUuid(statementId, 'Statement');
    const { rows } = await this.pool.query<{ account_id: string }>('SELECT account_id FROM ledger_statements WHERE id = $2::uuid AND user_id = $1', [userId, statementId]);
    if (!rows[0]) throw new NotFound('Statement not found');
    return rows[0].account_id;
  }

  async balanceAccount(userId: string, balanceId: string): Promise<string> {
    requireUuid(balanceId, 'Balance');
    const { rows } = await this.pool.query<{ account_id: string }>('SELECT account_id FROM ledger_balance_history WHERE id = $2::uuid AND user_id = $1', [userId, balanceId]);
    if (!rows[0]) throw new NotFound('Balance not found');
    return rows[0].account_id;
  }

  /** Categories holding splits of the account's transactions: their balances move when it goes. */
  async categoriesOfAccount(userId: string, accountId: string): Promise<string[]> {
    requireUuid(accountId, 'Account');
    const { rows } = await this.pool.query<{ category_id: string }>(
      `SELECT DISTINCT s.category_id FROM ledger_splits s JOIN ledger_transactions t ON t.id = s.transaction_id
        WHERE t.account_id = $2 AND t.user_id = $1`,
      [userId, accountId],
    );
    return rows.map((r) => r.category_id);
  }

  async categoriesOfInstitution(userId: string, institutionId: string): Promise<string[]> {
    requireUuid(institutionId, 'Institution');
    const { rows } = await this.pool.query<{ category_id: string }>(
      `SELECT DISTINCT s.category_id FROM ledger_splits s JOIN ledger_transactions t ON t.id = s.transaction_id
         JOIN ledger_accounts a ON a.id = t.account_id WHERE a.institution_id = $2 AND t.user_id = $1`,
      [userId, institutionId],
    );
    return rows.map((r) => r.category_id);
  }
}

/** The user's turnover row of a lookup (numeric text, a whole number of cents), 0 when the user has none yet. */
type BalanceRow = { kind: 'a' | 'c' | 't' | 'p'; id: string; name: string; balance: string };

/** The balances of these accounts and categories (with the system categories when $4), and the user's turnover. */
const KNOWN_BALANCES_SQL = `SELECT 'a' AS kind, a.id::text AS id, a.name, a.balance_cents::numeric AS balance FROM ledger_accounts a
        WHERE a.user_id = $1 AND a.id = ANY($2::uuid[])
       UNION ALL
       SELECT 'c', c.id, c.name, COALESCE(b.balance_cents, 0)::numeric FROM budget_categories c
         LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 AND (c.id = ANY($3::text[]) OR ($4::boolean AND c.type IN ('UNASSIGNED', 'FUNDING POOL')))
       UNION ALL
       SELECT 't', '', '', u.cents FROM ledger_turnover u WHERE u.user_id = $1`;

/** The same, and how far the projector's checkpoint $5 has applied the user's events (`readUserApplied`). */
const KNOWN_BALANCES_APPLIED_SQL = `${KNOWN_BALANCES_SQL}
       UNION ALL
       SELECT 'p', '', '', GREATEST((SELECT p.position FROM projector_user_positions p WHERE p.name = $5 AND p.user_id = $1),
                                    (SELECT k.position FROM projector_checkpoint k WHERE k.name = $5), 0)::numeric`;

function knownOf(rows: readonly BalanceRow[]) {
  const pick = (kind: 'a' | 'c') => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.id, { name: r.name, balance: centsFromDb(r.balance) }]));
  // The user's turnover (docs/architecture.md §5), exact: it is compared, never shown.
  return { accounts: pick('a'), categories: pick('c'), turnover: turnoverOf(rows.find((r) => r.kind === 't')) };
}

function turnoverOf(row: { balance: string } | undefined): bigint {
  return row ? BigInt(row.balance.split('.')[0]!) : 0n;
}
